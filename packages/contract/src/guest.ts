import { z } from 'zod';
import { FullMenuSchema, MenuItemSchema, MenuSectionSchema } from './entities.ts';

// What guests receive: the Full menu (docs/product.md, Menus) without owner-only fields (hidden notes,
// hidden rows, codes).

export const GuestItemSchema = MenuItemSchema.omit({ disabled: true, brandCode: true });
export const GuestSectionSchema = MenuSectionSchema.extend({ items: z.array(GuestItemSchema) });
/** An image as guest pages draw it: the file, and its WebP widths for `srcset` when Carta stored it. */
export const GuestImageSchema = z.object({ src: z.string(), srcset: z.string().nullable() });
export type GuestImage = z.infer<typeof GuestImageSchema>;

export const GuestMenuSchema = FullMenuSchema.omit({
  adminDisplayName: true,
  enabled: true,
  themeId: true,
}).extend({
  sections: z.array(GuestSectionSchema),
  /** The logo and the banner's image in every stored width (`logo`, `banner.imageUrl` as owners read them). */
  logoImage: GuestImageSchema.nullable(),
  bannerImage: GuestImageSchema.nullable(),
});
export type GuestMenu = z.infer<typeof GuestMenuSchema>;
export type GuestItem = z.infer<typeof GuestItemSchema>;
