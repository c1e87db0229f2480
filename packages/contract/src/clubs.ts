import { z } from 'zod';
import { AccountFieldsSchema, TotpEnrolmentSchema } from './accounts.ts';
import { ClubGuestLinksSchema } from './club-links.ts';
import { EInvoiceFieldsSchema } from './e-invoice.ts';
import { email, id, optionalText, plainString, requiredText } from './fields.ts';
import { MENU_LANGUAGES, MENU_ORIGINAL_LANGUAGE } from './limits.ts';
import { ClubRoleSchema } from './members.ts';
import { messageKey } from './message-keys.ts';

// Club creation (docs/product.md, Clubs; Rules and limits).

export const CLUB_NAME_MAX = 80;
export const CLUB_SEATS_MAX = 10_000;

const countryCode = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: 'validation.required' })
  .transform((value) => value.toUpperCase());

/**
 * An address (docs/product.md, Club fields): line1 is the full address line, line2 further information,
 * state the province.
 */
export const AddressInputSchema = z
  .object({
    country: countryCode,
    line1: requiredText(200),
    line2: optionalText(200),
    postalCode: requiredText(20),
    state: optionalText(100),
    city: requiredText(100),
  })
  .strict();
export type AddressInput = z.input<typeof AddressInputSchema>;

export const AddressSchema = z.object({
  id: z.number(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

const optionalUrl = plainString()
  .trim()
  .max(300, { error: messageKey('validation.tooLong', { max: 300 }) })
  .refine((value) => value === '' || /^https?:\/\/\S+\.\S+/.test(value), { error: 'validation.url' })
  .nullish()
  .transform((value) => (value ? value : null));

/** Social links and the contacts guests see. */
export const ClubContactsSchema = z.object({
  displayEmail: email.nullish().or(z.literal('').transform(() => null)),
  displayPhone: optionalText(30),
  website: optionalUrl,
  facebook: optionalUrl,
  instagram: optionalUrl,
  whatsapp: optionalText(30),
});

/** The business-details step of sign-up and the /clubs/new form: one schema for both and for the server. */
export const ClubFormSchema = z
  .object({
    name: requiredText(CLUB_NAME_MAX),
    seats: z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.required' })
      .max(CLUB_SEATS_MAX, { error: 'validation.invalid' }),
    address: AddressInputSchema,
    /** IANA time zone; defaulted from the country when absent. */
    timeZone: plainString().max(64).nullish(),
    brandId: id.nullish(),
    salesAccount: z
      .object({ name: optionalText(80), lastName: optionalText(80) })
      .strict()
      .nullish(),
    companyName: requiredText(160),
    vatNumber: requiredText(30),
    billingAddress: AddressInputSchema.nullish(),
    /** FatturaPA delivery (e-invoice.ts): SDI recipient code, PEC, codice fiscale. */
    ...EInvoiceFieldsSchema.shape,
    ...ClubContactsSchema.shape,
  })
  .strict()
  .superRefine((club, context) => {
    // Working with a brand: the brand representative who sold it must be named.
    if (club.brandId) {
      if (!club.salesAccount?.name)
        context.addIssue({ code: 'custom', path: ['salesAccount', 'name'], message: 'validation.required' });
      if (!club.salesAccount?.lastName)
        context.addIssue({
          code: 'custom',
          path: ['salesAccount', 'lastName'],
          message: 'validation.required',
        });
    }
  });
export type ClubForm = z.input<typeof ClubFormSchema>;

/** POST /clubs: a club; at sign-up (no token) also the new account under `account`. */
export const CreateClubRequestSchema = z
  .object({
    club: ClubFormSchema,
    account: AccountFieldsSchema.optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.account && value.account.password !== value.account.passwordTwo) {
      context.addIssue({
        code: 'custom',
        path: ['account', 'passwordTwo'],
        message: 'validation.passwordsDoNotMatch',
      });
    }
  });
export type CreateClubRequest = z.input<typeof CreateClubRequestSchema>;

export const CreateClubResponseSchema = z.object({
  clubId: z.number(),
  enrolment: TotpEnrolmentSchema.optional(),
});
export type CreateClubResponse = z.infer<typeof CreateClubResponseSchema>;

export const BrandSchema = z.object({ id: z.number(), name: z.string(), enabled: z.boolean() });
export type Brand = z.infer<typeof BrandSchema>;

/** Country, state or city (0054): iso2 and name. Cities have no code, so their name serves as both. */
export const PlaceSchema = z.object({ iso2: z.string(), name: z.string() });
export type Place = z.infer<typeof PlaceSchema>;

export const CountryParamsSchema = z.object({ countryIsoCode: z.string().min(2).max(3) });
export const StateParamsSchema = CountryParamsSchema.extend({ stateIsoCode: z.string().min(1).max(10) });

/** GET /countries/{country}/cities?query=: a city by (part of) its name, accents and case aside. */
export const CitySearchQuerySchema = z.object({ query: requiredText(100) });
/** A city found by name, with the state (for Italy the province) it belongs to. */
export const CityMatchSchema = z.object({ name: z.string(), stateIso2: z.string(), stateName: z.string() });
export type CityMatch = z.infer<typeof CityMatchSchema>;

/**
 * What the owner sees of a club's state, in the order that wins: the platform's suspension, then
 * waiting for activation, then the owner's own switch.
 */
export const CLUB_STATES = [
  'waitingForActivation',
  'active',
  'disabledByOwner',
  'disabledByPlatform',
] as const;
export const ClubStateSchema = z.enum(CLUB_STATES);
export type ClubState = z.infer<typeof ClubStateSchema>;

/** An admin's message to a club (docs/product.md, Message). */
export const ClubMessageSchema = z.object({
  id: z.number(),
  severity: z.number(),
  summary: z.string(),
  fullMessage: z.string(),
});
export type ClubMessage = z.infer<typeof ClubMessageSchema>;

/**
 * GET /clubs: one entry per club the caller owns or belongs to (docs/product.md, Club fields; Staff and
 * roles).
 */
export const OwnedClubSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: BrandSchema.nullable(),
  freeForever: z.boolean(),
  subscriptionEnabled: z.boolean(),
  /** `YYYY-MM-DD`, or null without a subscription. */
  subscriptionExpiration: z.string().nullable(),
  message: ClubMessageSchema.nullable(),
  /** Beyond the first summary: the switcher marks clubs that are not active. */
  state: ClubStateSchema,
  /** The caller's role in the club (docs/product.md, Staff and roles). */
  role: ClubRoleSchema,
});
export type OwnedClubSummary = z.infer<typeof OwnedClubSummarySchema>;

// Running a club (docs/product.md, Clubs).

/** Plans (docs/product.md): Free, or Smart through early adoption, a partner brand or a paid subscription. */
export const PLAN_KINDS = ['free', 'earlyAdopter', 'partner', 'paid'] as const;
export const PlanKindSchema = z.enum(PLAN_KINDS);
export type PlanKind = z.infer<typeof PlanKindSchema>;

export const ClubPlanSchema = z.object({
  kind: PlanKindSchema,
  /** Smart features are on (every kind but free). */
  isSmart: z.boolean(),
  /** `YYYY-MM-DD` the paid or partner period ends; null for free and early adopter. */
  expiresOn: z.string().nullable(),
});
export type ClubPlan = z.infer<typeof ClubPlanSchema>;

/** Club switches of PATCH /clubs/{clubId}/settings, in the order the settings screen shows them. */
export const CLUB_SETTINGS = [
  'enabled',
  'menuLabelEnabled',
  'itemPhotosEnabled',
  'translationsEnabled',
  'callWaiterEnabled',
  'pdfMenuEnabled',
  'bannerUpdateEnabled',
] as const;
export type ClubSetting = (typeof CLUB_SETTINGS)[number];

export const UpdateClubSettingsRequestSchema = z
  .object(
    Object.fromEntries(CLUB_SETTINGS.map((name) => [name, z.boolean().optional()])) as {
      [Name in ClubSetting]: z.ZodOptional<z.ZodBoolean>;
    },
  )
  .strict()
  .refine((value) => Object.values(value).some((setting) => setting !== undefined), {
    error: 'validation.required',
  });
export type UpdateClubSettingsRequest = z.input<typeof UpdateClubSettingsRequestSchema>;

/**
 * PATCH /clubs/{clubId}: what the owner may change. Every field is optional; `.strict()` refuses the
 * rest (activation, brand sponsorship, freeForever and other platform fields included).
 */
export const UpdateClubRequestSchema = z
  .object({
    name: requiredText(CLUB_NAME_MAX).optional(),
    seats: z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.required' })
      .max(CLUB_SEATS_MAX, { error: 'validation.invalid' })
      .optional(),
    address: AddressInputSchema.optional(),
    timeZone: plainString().min(1).max(64).optional(),
    companyName: requiredText(160).optional(),
    vatNumber: requiredText(30).optional(),
    /** null removes it: the billing address is the club's own. */
    billingAddress: AddressInputSchema.nullable().optional(),
    /** FatturaPA delivery (e-invoice.ts); null or blank removes one. */
    ...EInvoiceFieldsSchema.shape,
    /** Languages the menus are translated into; the original (MENU_ORIGINAL_LANGUAGE) is dropped. */
    menuLanguages: z
      .array(z.enum(MENU_LANGUAGES))
      .max(MENU_LANGUAGES.length)
      .transform((languages) =>
        [...new Set(languages)].filter((language) => language !== MENU_ORIGINAL_LANGUAGE),
      )
      .optional(),
    /** A standard theme or the club's own; null: the first standard theme. */
    themeId: id.nullable().optional(),
    /** An image key answered by the upload flow; null removes the logo. */
    logo: plainString().max(200).nullable().optional(),
    displayEmail: ClubContactsSchema.shape.displayEmail.optional(),
    displayPhone: ClubContactsSchema.shape.displayPhone.optional(),
    website: ClubContactsSchema.shape.website.optional(),
    facebook: ClubContactsSchema.shape.facebook.optional(),
    instagram: ClubContactsSchema.shape.instagram.optional(),
    whatsapp: ClubContactsSchema.shape.whatsapp.optional(),
    /** Links guests look for; null or blank removes one. */
    googleReviewUrl: ClubGuestLinksSchema.shape.googleReviewUrl.optional(),
    bookingUrl: ClubGuestLinksSchema.shape.bookingUrl.optional(),
    deliveryUrl: ClubGuestLinksSchema.shape.deliveryUrl.optional(),
    wifiName: ClubGuestLinksSchema.shape.wifiName.optional(),
    wifiPassword: ClubGuestLinksSchema.shape.wifiPassword.optional(),
  })
  .strict();
export type UpdateClubRequest = z.input<typeof UpdateClubRequestSchema>;

/** A stored image: its key (what requests refer to), its main URL and its WebP sizes. */
export const StoredImageSchema = z.object({
  key: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
});
export type StoredImage = z.infer<typeof StoredImageSchema>;

export const ClubParamsSchema = z.object({ clubId: id });

/** GET /clubs/{clubId}/stats/views: guest page views per day (UTC) and per menu, numbers only. */
export const ViewStatsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(14) });
export const ViewStatsSchema = z.object({
  days: z.array(z.object({ day: z.string(), views: z.number() })),
  menus: z.array(z.object({ menuId: z.number(), name: z.string(), views: z.number() })),
  total: z.number(),
});
export type ViewStats = z.infer<typeof ViewStatsSchema>;
