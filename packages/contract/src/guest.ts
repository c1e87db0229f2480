import { z } from 'zod';
import { FullMenuSchema, MenuItemSchema, MenuSectionSchema } from './entities.ts';

// What guests receive: spec §3 Full menu without owner-only fields (hidden notes, hidden rows, codes).

export const GuestItemSchema = MenuItemSchema.omit({ disabled: true, brandCode: true });
export const GuestSectionSchema = MenuSectionSchema.extend({ items: z.array(GuestItemSchema) });
export const GuestMenuSchema = FullMenuSchema.omit({
  adminDisplayName: true,
  enabled: true,
  themeId: true,
}).extend({
  sections: z.array(GuestSectionSchema),
});
export type GuestMenu = z.infer<typeof GuestMenuSchema>;
export type GuestItem = z.infer<typeof GuestItemSchema>;
