// Over 300 lines, one job: the shapes of the rows both apps read (club, menu, item, table...), kept in
// one file because they nest in one another and every feature of the contract builds on them.
import { z } from 'zod';
import {
  AddressSchema,
  BrandSchema,
  ClubMessageSchema,
  ClubPlanSchema,
  ClubStateSchema,
  StoredImageSchema,
} from './clubs.ts';
import { VatCheckSchema } from './e-invoice.ts';
import { id, optionalText, requiredText, time } from './fields.ts';
import {
  MENU_LANGUAGES,
  PROMOTION_DESCRIPTION_MAX,
  PROMOTION_PRICE_MAX,
  PROMOTION_SUBTITLE_MAX,
  PROMOTION_TITLE_MAX,
} from './limits.ts';
import { ClubRoleSchema } from './members.ts';
import { ThemeSchema } from './themes.ts';

// The entities the API answers, with the field names docs/product.md uses. Requests that create or
// change them reuse these shapes with the limits of docs/product.md, Rules and limits.

/** The 14 EU allergens (Regulation 1169/2011, Annex II), by code. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export const AllergenSchema = z.enum(ALLERGENS);

export const MenuLanguageSchema = z.enum(MENU_LANGUAGES);

const clubContactFields = {
  clubAddress: z.string().nullable(),
  clubDisplayEmail: z.string().nullable(),
  clubDisplayPhone: z.string().nullable(),
  clubFacebook: z.string().nullable(),
  clubInstagram: z.string().nullable(),
  clubWebsite: z.string().nullable(),
  clubWhatsapp: z.string().nullable(),
};

// The theme lives with the rest of the themes; clubs, menus and banners here carry one.
export { type Theme, ThemeSchema } from './themes.ts';

/** A club (docs/product.md, Club fields). */
export const ClubSchema = z.object({
  id: z.number(),
  enabled: z.boolean(),
  logo: z.string().nullable(),
  address: AddressSchema,
  clubAddress: z.string().nullable(),
  displayEmail: z.string().nullable(),
  displayPhone: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  website: z.string().nullable(),
  whatsapp: z.string().nullable(),
  bannerUpdateEnabled: z.boolean(),
  callWaiterEnabled: z.boolean(),
  menuLabelEnabled: z.boolean(),
  pdfMenuEnabled: z.boolean(),
  translationsEnabled: z.boolean(),
  /** Guests see dishes' photos; off for a text-only menu. */
  itemPhotosEnabled: z.boolean(),
  theme: ThemeSchema.nullable(),
  message: ClubMessageSchema.nullable(),
});
export type Club = z.infer<typeof ClubSchema>;

/**
 * GET /clubs/{clubId}: the Club (docs/product.md, Club fields) plus what the owner's screens need: the form-level data
 * (name, seats, company, billing address, brand), the state, the plan and a few counts.
 */
export const ClubDetailsSchema = ClubSchema.extend({
  name: z.string(),
  seats: z.number(),
  timeZone: z.string(),
  state: ClubStateSchema,
  /** Image key of the logo, for PATCH; `logo` is its URL. */
  logoKey: z.string().nullable(),
  companyName: z.string(),
  vatNumber: z.string(),
  billingAddress: AddressSchema.nullable(),
  /** FatturaPA delivery data (e-invoice.ts) and the last VIES check of the VAT number. */
  sdiCode: z.string().nullable(),
  pec: z.string().nullable(),
  fiscalCode: z.string().nullable(),
  vatCheck: VatCheckSchema.nullable(),
  /** Links guests look for (docs/product.md, Club links); the Wi-Fi password is the club's people's alone. */
  googleReviewUrl: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  deliveryUrl: z.string().nullable(),
  wifiName: z.string().nullable(),
  wifiPassword: z.string().nullable(),
  brand: BrandSchema.nullable(),
  salesAccount: z.object({ name: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  freeForever: z.boolean(),
  plan: ClubPlanSchema,
  counts: z.object({ menus: z.number(), tables: z.number(), items: z.number() }),
  menuLanguages: z.array(MenuLanguageSchema),
  createdAt: z.string(),
  /** The caller's role in the club (docs/product.md, Staff and roles): what the app offers them. */
  role: ClubRoleSchema,
});
export type ClubDetails = z.infer<typeof ClubDetailsSchema>;

export const SectionTranslationSchema = z.object({
  id: z.number(),
  language: MenuLanguageSchema,
  originalName: z.string(),
  translatedName: z.string(),
});

export const ItemTranslationSchema = z.object({
  id: z.number(),
  language: MenuLanguageSchema,
  originalName: z.string(),
  originalDescription: z.string().nullable(),
  originalIngredients: z.string().nullable(),
  translatedName: z.string().nullable(),
  translatedDescription: z.string().nullable(),
  translatedIngredients: z.string().nullable(),
  originalPriceText: z.string().nullable(),
  originalAdditionalNotes: z.string().nullable(),
  translatedPriceText: z.string().nullable(),
  translatedAdditionalNotes: z.string().nullable(),
});

/**
 * One of an item's variants ("Calice", "Bottiglia"), each with its name in the club's other languages
 * and its own price; an item with variants shows their prices in place of its own (decision 0085).
 */
export const ItemVariantSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameTranslations: z.partialRecord(MenuLanguageSchema, z.string()),
  price: z.number(),
});
export type ItemVariant = z.infer<typeof ItemVariantSchema>;

/** A menu item, a dish or a drink (docs/product.md, Menus, categories and items). */
export const MenuItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  ingredients: z.string().nullable(),
  allergens: z.array(AllergenSchema),
  additionalNotes: z.string().nullable(),
  price: z.number().nullable(),
  priceText: z.string().nullable(),
  position: z.number(),
  disabled: z.boolean(),
  outOfStock: z.boolean(),
  bestSeller: z.boolean(),
  suggested: z.boolean(),
  branded: z.boolean(),
  /** Form level: the product's code when it is a branded product. */
  brandCode: z.string().nullable(),
  translateName: z.boolean(),
  /** The dish's photo (the club's own upload, purpose `photo`, with its WebP widths); null without one. */
  photo: StoredImageSchema.nullable(),
  translations: z.partialRecord(MenuLanguageSchema, ItemTranslationSchema),
  /** Its variants in their order; none for most items. */
  variants: z.array(ItemVariantSchema),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

/** A menu section, a category (docs/product.md, Menus, categories and items). */
export const MenuSectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  disabled: z.boolean(),
  items: z.array(MenuItemSchema),
  translations: z.partialRecord(MenuLanguageSchema, SectionTranslationSchema),
});
export type MenuSection = z.infer<typeof MenuSectionSchema>;

/** A banner's texts in one language; a text left out reads the original. */
export const BannerTranslationSchema = z.object({
  title: z.string().optional(),
  subtitle: z.string().optional(),
  description: z.string().optional(),
  price: z.string().optional(),
});
export type BannerTranslation = z.infer<typeof BannerTranslationSchema>;

/** A banner, a promotion or an event (docs/product.md, Banners). */
export const BannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  price: z.string(),
  imageUrl: z.string().nullable(),
  forYou: z.boolean(),
  /** The texts in the club's other languages. */
  translations: z.partialRecord(MenuLanguageSchema, BannerTranslationSchema),
});
export type Banner = z.infer<typeof BannerSchema>;

/** A menu as the club's list shows it (docs/product.md, Menus). */
export const MenuListEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  adminDisplayName: z.string().nullable(),
  position: z.number(),
  hasBanner: z.boolean(),
  hasSchedulings: z.boolean(),
});
export type MenuListEntry = z.infer<typeof MenuListEntrySchema>;

/** A whole menu with its categories and items (docs/product.md, Menus). */
export const FullMenuSchema = z.object({
  id: z.number(),
  name: z.string(),
  adminDisplayName: z.string().nullable(),
  position: z.number(),
  banner: BannerSchema.nullable(),
  bannerUrl: z.string().nullable(),
  footer: z.string().nullable(),
  /** The footer in the club's other languages (a language without one reads the original). */
  footerTranslations: z.partialRecord(MenuLanguageSchema, z.string()),
  logo: z.string().nullable(),
  refreshTime: z.number(),
  callWaiterEnabled: z.boolean(),
  menuLabelEnabled: z.boolean(),
  translationsEnabled: z.boolean(),
  sections: z.array(MenuSectionSchema),
  theme: ThemeSchema.nullable(),
  translations: z.array(MenuLanguageSchema),
  /** The menu's name in the club's other languages (a language without one reads the original). */
  nameTranslations: z.partialRecord(MenuLanguageSchema, z.string()),
  ...clubContactFields,
  /** Owner only: the enabled switch and the menu's own theme (null: the club's). */
  enabled: z.boolean(),
  themeId: z.number().nullable(),
});
export type FullMenu = z.infer<typeof FullMenuSchema>;

/** The table-menu view: the menus a table has now (docs/product.md, Table page). */
export const TableMenuViewSchema = z.object({
  ...clubContactFields,
  logo: z.string().nullable(),
  menuFooter: z.string().nullable(),
  refreshTime: z.number(),
  theme: ThemeSchema.nullable(),
  translationsEnabled: z.boolean(),
  menu: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      position: z.number(),
      translations: z.partialRecord(MenuLanguageSchema, z.string()),
    }),
  ),
});
export type TableMenuView = z.infer<typeof TableMenuViewSchema>;

/** A scheduling (docs/product.md, Schedules): days 1 = Monday ... 7 = Sunday, `HH:mm` times (both null = all day). */
export const SchedulingSchema = z.object({
  id: z.number(),
  days: z.array(z.number().int().min(1).max(7)),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  tableZone: z.number().nullable(),
});
export type Scheduling = z.infer<typeof SchedulingSchema>;

export const TableSchema = z.object({ id: z.number(), name: z.string(), premium: z.boolean() });
export const TableListEntrySchema = TableSchema.extend({ tableZoneId: z.number().nullable() });
export const TableZoneSchema = z.object({ id: z.number(), name: z.string() });
export type Table = z.infer<typeof TableSchema>;
export type TableZone = z.infer<typeof TableZoneSchema>;
export type TableListEntry = z.infer<typeof TableListEntrySchema>;

// Payment plans and the current payment state (docs/product.md, Catalogue, prices and VAT): ./payments.ts.

export const UploadUrlResponseSchema = z.object({ uploadUrl: z.string() });
export const PaymentSetupResponseSchema = z.object({ clientSecret: z.string() });

// Write shapes with the limits of docs/product.md, Rules and limits (banners, schedulings); menus and items: ./menus.ts.

export const BannerFieldsSchema = z.object({
  title: requiredText(PROMOTION_TITLE_MAX),
  subtitle: optionalText(PROMOTION_SUBTITLE_MAX),
  description: optionalText(PROMOTION_DESCRIPTION_MAX, { isMultiline: true }),
  price: requiredText(PROMOTION_PRICE_MAX),
  forYou: z.boolean().default(false),
});

export const SchedulingFieldsSchema = z.object({
  days: z.array(z.number().int().min(1).max(7)).min(1, { error: 'validation.required' }),
  startTime: time.nullable(),
  endTime: time.nullable(),
  tableZone: id.nullable(),
});
