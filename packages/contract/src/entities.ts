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

// The entities of spec §3 with the field names written there. Requests that create or change them
// reuse these shapes with the limits of spec §5.

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

export const ThemeSchema = z.object({
  id: z.number(),
  name: z.string(),
  background: z.string(),
  backgroundImage: z.string().nullable(),
  bestSellerLabelColor: z.string(),
  suggestedLabelColor: z.string(),
  buttonText: z.string(),
  divider: z.string(),
  font: z.string(),
  main: z.string(),
  text: z.string(),
  tabBackground: z.string(),
  tabText: z.string(),
  pdfHighlight: z.string(),
  pdfSectionTitle: z.string(),
  pdfText: z.string(),
  /** The PDF menu shows dishes' photos. */
  pdfPhotos: z.boolean(),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** Spec §3 Club. */
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
 * GET /clubs/{clubId}: the Club of spec §3 plus what the owner's screens need: the form-level data
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
  brand: BrandSchema.nullable(),
  salesAccount: z.object({ name: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  freeForever: z.boolean(),
  plan: ClubPlanSchema,
  counts: z.object({ menus: z.number(), tables: z.number(), items: z.number() }),
  menuLanguages: z.array(MenuLanguageSchema),
  createdAt: z.string(),
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

/** Spec §3 Menu item. */
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
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

/** Spec §3 Menu section (category). */
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

/** Spec §3 Banner (promotion or event). */
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

/** Spec §3 Menu list entry. */
export const MenuListEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  adminDisplayName: z.string().nullable(),
  position: z.number(),
  hasBanner: z.boolean(),
  hasSchedulings: z.boolean(),
});
export type MenuListEntry = z.infer<typeof MenuListEntrySchema>;

/** Spec §3 Full menu. */
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

/** Spec §3 Table-menu view: the menus a table has now. */
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

/** Spec §3 Scheduling: days 1 = Monday ... 7 = Sunday, `HH:mm` times (both null = all day). */
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

// Payment plans and the current payment state (spec §3): ./payments.ts.

export const UploadUrlResponseSchema = z.object({ uploadUrl: z.string() });
export const PaymentSetupResponseSchema = z.object({ clientSecret: z.string() });

// Write shapes with the limits of spec §5 (banners, schedulings); menus and items: ./menus.ts.

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
