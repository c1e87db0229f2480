import { z } from 'zod';
import { FullMenuSchema, MenuItemSchema, MenuSectionSchema } from './entities.ts';
import { GuestTimePriceSchema } from './guest-time-price.ts';

// What guests receive: the Full menu (docs/product.md, Menus) without owner-only fields (hidden notes,
// hidden rows, codes).

export const GuestItemSchema = MenuItemSchema.omit({ disabled: true, brandCode: true }).extend({
  /** Its price by time in force now (docs/product.md, Prices by time); left out when none holds. */
  timePrice: GuestTimePriceSchema.optional(),
});
export const GuestSectionSchema = MenuSectionSchema.extend({ items: z.array(GuestItemSchema) });
/** An image as guest pages draw it: the file, and its WebP widths for `srcset` when Carta stored it. */
export const GuestImageSchema = z.object({ src: z.string(), srcset: z.string().nullable() });
export type GuestImage = z.infer<typeof GuestImageSchema>;

/**
 * The links guests look for (docs/product.md, Club links), as guests may see them: the Wi-Fi only as
 * "there is one", its name and password being answered on tap (GuestWifiSchema).
 */
export const GuestLinksSchema = z.object({
  googleReviewUrl: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  deliveryUrl: z.string().nullable(),
  hasWifi: z.boolean(),
});
export type GuestLinks = z.infer<typeof GuestLinksSchema>;

/** GET /clubs/{clubId}/menu/tables/{tableId}/wifi: the network and its password (null: an open network). */
export const GuestWifiSchema = z.object({ name: z.string(), password: z.string().nullable() });
export type GuestWifi = z.infer<typeof GuestWifiSchema>;

export const GuestMenuSchema = FullMenuSchema.omit({
  adminDisplayName: true,
  enabled: true,
  themeId: true,
}).extend({
  sections: z.array(GuestSectionSchema),
  /** The logo and the banner's image in every stored width (`logo`, `banner.imageUrl` as owners read them). */
  logoImage: GuestImageSchema.nullable(),
  bannerImage: GuestImageSchema.nullable(),
  clubLinks: GuestLinksSchema,
});
export type GuestMenu = z.infer<typeof GuestMenuSchema>;
export type GuestItem = z.infer<typeof GuestItemSchema>;
