import { z } from 'zod';
import { StoredImageSchema } from './clubs.ts';
import { BannerFieldsSchema, BannerSchema } from './entities.ts';
import { MenuParamsSchema } from './menus.ts';
import { ImageContentTypeSchema } from './uploads.ts';

// Banners (docs/product.md, Banners): one promotion or event per menu, with a square JPG or PNG image.

/** `/clubs/{clubId}/banners/menu/{menuId}` and `.../banner`. */
export const BannerParamsSchema = MenuParamsSchema;

/** GET `/clubs/{clubId}/banners/menu/{menuId}`: the upload address for the banner's image. */
export const BannerUploadQuerySchema = z.object({
  contentType: ImageContentTypeSchema.default('image/jpeg'),
});

/** A stored image's key, as `POST .../uploads/{uploadId}/complete` answered it. */
const IMAGE_KEY = /^img\/[0-9a-f]{24}$/;

/**
 * POST `/clubs/{clubId}/banners/menu/{menuId}`: creates the menu's banner or replaces it (docs/product.md,
 * Rules and limits "Promotion"). `image` is the key of a square image the club uploaded.
 */
export const SaveBannerRequestSchema = BannerFieldsSchema.extend({
  image: z.string({ error: 'validation.required' }).regex(IMAGE_KEY, { error: 'errors.IMAGE_NOT_FOUND' }),
}).strict();
export type SaveBannerRequest = z.input<typeof SaveBannerRequestSchema>;

/** The details form of the owner app: the fields without the image, which the image step chose. */
export const BannerDetailsFormSchema = BannerFieldsSchema;
export type BannerDetailsForm = z.input<typeof BannerDetailsFormSchema>;

/**
 * The banner as its owner sees it: the Banner of docs/product.md, Banners (`imageUrl` is the largest WebP of
 * the image) with the image's key and every stored width, to keep it when only the details change and draw it sharply.
 */
export const BannerDetailsSchema = BannerSchema.extend({
  menuId: z.number(),
  image: StoredImageSchema.nullable(),
});
export type BannerDetails = z.infer<typeof BannerDetailsSchema>;

/**
 * GET `/clubs/{clubId}/banners/menu/{menuId}/banner`: the menu's banner, or `null` when the menu has none
 * yet. No banner is a state of the menu, not an error: only a menu that is not the club's answers 404.
 */
export const MenuBannerSchema = z.object({ banner: BannerDetailsSchema.nullable() });
export type MenuBanner = z.infer<typeof MenuBannerSchema>;
