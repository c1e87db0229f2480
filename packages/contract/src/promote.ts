import { z } from 'zod';
import { id, requiredText } from './fields.ts';
import { BRAND_CODE_MAX } from './menus.ts';

// Promoting a sponsoring brand's products (PATCH /clubs/{clubId}/promote, Smart only: docs/product.md, Brand
// promotion).
// A branded item (an item marked with the brand's product code) is promoted by marking it Suggested
// and moving it first in its category; ending the promotion puts back its place and its marker.

/** Product codes one request may name: more than any menu holds. */
export const PROMOTE_BRAND_CODES_MAX = 500;

export const PromoteRequestSchema = z
  .object({
    /** True promotes, false ends the promotion. */
    enabled: z.boolean({ error: 'validation.required' }),
    /** Only the branded items with these product codes; every branded item of the club when left out. */
    brandCodes: z
      .array(requiredText(BRAND_CODE_MAX))
      .min(1, { error: 'validation.required' })
      .max(PROMOTE_BRAND_CODES_MAX, { error: 'validation.invalid' })
      .optional(),
  })
  .strict();
export type PromoteRequest = z.input<typeof PromoteRequestSchema>;

/** A branded item of the club, where it is, and whether it is promoted now. */
export const BrandedItemSchema = z.object({
  id,
  name: z.string(),
  brandCode: z.string(),
  menuId: id,
  menuName: z.string(),
  sectionId: id,
  sectionName: z.string(),
  /** Its place in its category, 0 first. */
  position: z.number().int(),
  suggested: z.boolean(),
  promoted: z.boolean(),
});
export type BrandedItem = z.infer<typeof BrandedItemSchema>;

/** GET /clubs/{clubId}/promote: the club's sponsoring brand and its branded items, in menu order. */
export const PromotionStateSchema = z.object({
  brandName: z.string().nullable(),
  items: z.array(BrandedItemSchema),
});
export type PromotionState = z.infer<typeof PromotionStateSchema>;

/** PATCH /clubs/{clubId}/promote: the items that changed (none when it was done already), then the state. */
export const PromoteResponseSchema = PromotionStateSchema.extend({
  changed: z.array(BrandedItemSchema),
});
export type PromoteResponse = z.infer<typeof PromoteResponseSchema>;
