// Over 300 lines, one job: the database's tables, in the one file drizzle-kit reads to write the
// migrations. The tables point at one another (a club's rows at the club, the club at its owner, theme,
// brand and addresses; invoices at charges, credit notes at refunds), so a split by feature would trade
// one long file for a web of imports between its parts.
import type { Language } from '@carta/contract/limits';
import type { SubscriptionState } from '@carta/contract/subscription-rules';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The last check of a club's VAT number with the EU's VIES service: `unavailable` when VIES could not
 * answer (the format check stood instead). Kept on the club and copied onto each invoice it applied to.
 */
export type VatCheck = {
  vatNumber: string;
  status: 'valid' | 'invalid' | 'unavailable';
  checkedAt: string;
  /** The name VIES holds for the number, when it gives one. */
  name?: string | null;
};

/** A party of an invoice as it was when issued. */
export type InvoiceParty = {
  name: string;
  vatNumber: string;
  addressLines: string[];
  country: string;
  /** Italian buyers: the SDI recipient code (7 characters), or their PEC address, and codice fiscale. */
  sdiCode?: string | null;
  pec?: string | null;
  fiscalCode?: string | null;
  /** Reverse charge for an EU buyer: what VIES said when the invoice was issued. */
  vatCheck?: VatCheck | null;
  /** The seller's postal parts, which FatturaPA asks for one by one (configuration). */
  street?: string;
  postalCode?: string;
  city?: string;
  province?: string | null;
  /** The seller's tax regime (FatturaPA RegimeFiscale, RF01 ordinary). */
  taxRegime?: string;
};

// Column names are snake_case in SQL (drizzle's `casing: 'snake_case'`), camelCase here.

const identity = () => integer().primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** A row that belongs to one club (or account) and goes when it is deleted. */
const ofClub = () =>
  integer()
    .notNull()
    .references((): AnyPgColumn => clubs.id, { onDelete: 'cascade' });
const ofAccount = () =>
  integer()
    .notNull()
    .references((): AnyPgColumn => accounts.id, { onDelete: 'cascade' });

/**
 * An owner's language (emails, the app), plain `text` in SQL with no CHECK: sign-up and POST /users/language
 * take only the contract's languages and the column defaults to `it`. A value written any other way (by
 * hand, a script) reads as Italian, the language every email fell back to before it was typed here.
 */
const accountLanguage = customType<{ data: Language; driverData: string }>({
  dataType: () => 'text',
  fromDriver: (stored) => (stored === 'en' ? 'en' : 'it'),
});

export const accounts = pgTable('accounts', {
  id: identity(),
  name: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  /**
   * E.164 with its `+` (contract phone-numbers.ts). Rows made before 0050 held digits only; the start-up
   * conversion (db/canonical-phones.ts) rewrites them, except those listed in `phone_duplicates`.
   */
  phone: text().notNull().unique(),
  passwordHash: text().notNull(),
  /** Authenticator secret, encrypted at rest by the server key; null until enrolled. */
  totpSecret: text(),
  /** Last TOTP time step accepted, so a code is never accepted twice. */
  totpLastStep: integer(),
  language: accountLanguage().notNull().default('it'),
  isAdmin: boolean().notNull().default(false),
  emailConfirmedAt: timestamp({ withTimezone: true }),
  /**
   * When the sign-up's first authenticator code was confirmed (docs/decisions/0066): until then the account
   * cannot log in, its emails wait, and a new sign-up with its phone replaces it. Null only for a sign-up
   * in progress; accounts made any other way (scripts, seeds) count as confirmed when made.
   */
  authenticatorConfirmedAt: timestamp({ withTimezone: true }).defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Accounts made before canonical phones (0050) whose numbers are one number once canonical: the start-up
 * conversion leaves them as they were and lists them here, one row per account, for an admin to sort out.
 * Merging accounts is a person's decision, never the conversion's.
 */
export const phoneDuplicates = pgTable(
  'phone_duplicates',
  {
    accountId: integer()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The canonical number the group shares. */
    canonicalPhone: text().notNull(),
    foundAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.canonicalPhone)],
);

/** Login sessions. Only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: identity(),
    accountId: ofAccount(),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle expiry is computed from lastUsedAt. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.accountId)],
);

/** Single-use links sent by email (account activation, password reset, club activation), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: identity(),
    purpose: text({
      enum: ['account_activation', 'password_reset', 'club_activation', 'authenticator_reset'],
    }).notNull(),
    accountId: integer().references(() => accounts.id, { onDelete: 'cascade' }),
    clubId: integer().references(() => clubs.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.accountId), index().on(table.clubId)],
);

/**
 * An owner's request to reset a lost authenticator (decision 0072): the recovery email's link confirms
 * it came from the account's mailbox, then a support person approves or refuses it in the admin console;
 * once approved the owner enrols a new authenticator at the next login. Each step is audited.
 */
export const authenticatorResets = pgTable(
  'authenticator_resets',
  {
    id: identity(),
    accountId: ofAccount(),
    status: text({ enum: ['email_pending', 'awaiting_support', 'approved', 'refused', 'completed'] })
      .notNull()
      .default('email_pending'),
    /** What the owner wrote to support, shown to the admin. */
    reason: text(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.accountId), index().on(table.status)],
);

/** Failed attempts (login, recovery) counted for rate limiting, by account and by address. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: identity(),
    kind: text({ enum: ['login', 'recovery'] }).notNull(),
    phone: text(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.kind, table.phone, table.createdAt),
    index().on(table.kind, table.ipAddress, table.createdAt),
  ],
);

/**
 * Per-address limits that must hold across server processes (sign-ups, waiter calls): one row per kind and
 * address, with the start of its window and the requests counted in it (decision 0036). The address is
 * kept only as a keyed hash: the waiter-call design promises a guest's address is never stored (0027).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    kind: text({
      enum: ['sign_up', 'phone_check', 'waiter_call', 'guest_pdf', 'translation_suggestion', 'guest_wifi'],
    }).notNull(),
    keyHash: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.keyHash] }),
    index().on(table.kind, table.windowStart),
  ],
);

export const brands = pgTable('brands', {
  id: identity(),
  name: text().notNull().unique(),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
});

export const addresses = pgTable('addresses', {
  id: identity(),
  line1: text().notNull(),
  line2: text(),
  city: text().notNull(),
  state: text(),
  postalCode: text().notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text().notNull(),
});

export const themes = pgTable(
  'themes',
  {
    id: identity(),
    /** Null for the standard themes everyone may use; a club's id for its custom theme. */
    clubId: integer().references((): AnyPgColumn => clubs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    background: text().notNull(),
    backgroundImage: text(),
    bestSellerLabelColor: text().notNull(),
    suggestedLabelColor: text().notNull(),
    buttonText: text().notNull(),
    divider: text().notNull(),
    font: text().notNull(),
    main: text().notNull(),
    text: text().notNull(),
    tabBackground: text().notNull(),
    tabText: text().notNull(),
    pdfHighlight: text().notNull(),
    pdfSectionTitle: text().notNull(),
    pdfText: text().notNull(),
    /** The PDF menu shows dishes' photos. */
    pdfPhotos: boolean().notNull().default(false),
  },
  (table) => [index().on(table.clubId)],
);

export const clubs = pgTable(
  'clubs',
  {
    id: identity(),
    ownerId: ofAccount(),
    name: text().notNull(),
    seats: integer().notNull(),
    addressId: integer()
      .notNull()
      .references(() => addresses.id),
    billingAddressId: integer().references(() => addresses.id),
    /** IANA time zone; schedules are evaluated in it. */
    timeZone: text().notNull(),
    brandId: integer().references(() => brands.id, { onDelete: 'set null' }),
    salesAccountName: text(),
    salesAccountLastName: text(),
    companyName: text().notNull(),
    vatNumber: text().notNull(),
    /** Italian e-invoices (FatturaPA): the SDI recipient code (7 characters) or a PEC address. */
    sdiCode: text(),
    pec: text(),
    /** Codice fiscale, when it differs from the VAT number or there is none. */
    fiscalCode: text(),
    /** The last VIES check of `vatNumber` (reverse charge for EU buyers). */
    vatCheck: jsonb().$type<VatCheck>(),
    /**
     * Smart settings (`SETTING_FEATURES` of the contract) the owner switched off themselves: becoming Smart
     * turns on every other one.
     */
    smartSettingsOff: text().array().notNull().default(sql`'{}'::text[]`),
    /** Platform state: waiting for activation, active, or disabled by the platform. */
    status: text({ enum: ['pending', 'active', 'suspended'] })
      .notNull()
      .default('pending'),
    activatedAt: timestamp({ withTimezone: true }),
    /** Owner's switch in settings. */
    enabled: boolean().notNull().default(true),
    logo: text(),
    displayEmail: text(),
    displayPhone: text(),
    facebook: text(),
    instagram: text(),
    website: text(),
    whatsapp: text(),
    bannerUpdateEnabled: boolean().notNull().default(false),
    callWaiterEnabled: boolean().notNull().default(false),
    menuLabelEnabled: boolean().notNull().default(true),
    pdfMenuEnabled: boolean().notNull().default(false),
    translationsEnabled: boolean().notNull().default(true),
    /** Guests see dishes' photos; off for a text-only menu. */
    itemPhotosEnabled: boolean().notNull().default(true),
    menuLanguages: text().array().notNull().default(sql`'{}'::text[]`),
    themeId: integer().references((): AnyPgColumn => themes.id, { onDelete: 'set null' }),
    freeForever: boolean().notNull().default(false),
    /** Links guests look for (docs/product.md, Club links); each optional. */
    googleReviewUrl: text(),
    bookingUrl: text(),
    deliveryUrl: text(),
    /** Shown to guests on tap, never in the page's indexable text. */
    wifiName: text(),
    wifiPassword: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.ownerId), index().on(table.status)],
);

/**
 * The people of a club other than its owner (`clubs.owner_id`, exactly one), each with a role: a manager
 * does everything but billing, deleting the club and managing people; staff answer waiter calls, mark
 * dishes out of stock and read menus and QR codes. One account may belong to several clubs.
 */
export const clubMembers = pgTable(
  'club_members',
  {
    clubId: ofClub(),
    accountId: ofAccount(),
    role: text({ enum: ['manager', 'staff'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.clubId, table.accountId] }),
    index().on(table.accountId),
    check('club_members_role', sql`${table.role} in ('manager', 'staff')`),
  ],
);

/**
 * An owner's invitation to join a club with a role, sent by email (or text) as a link; only the token's
 * SHA-256 is stored. Accepted once, by a logged-in account; withdrawn by the owner before that.
 */
export const clubInvitations = pgTable(
  'club_invitations',
  {
    id: identity(),
    clubId: ofClub(),
    email: text(),
    phone: text(),
    role: text({ enum: ['manager', 'staff'] }).notNull(),
    tokenHash: text().notNull().unique(),
    invitedByAccountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedByAccountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.clubId),
    check('club_invitations_role', sql`${table.role} in ('manager', 'staff')`),
    check('club_invitations_contact', sql`${table.email} is not null or ${table.phone} is not null`),
  ],
);

/** The admin's message to a club (docs/product.md, Message); at most one per club. */
export const clubMessages = pgTable('club_messages', {
  id: identity(),
  clubId: integer()
    .notNull()
    .unique()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  severity: smallint().notNull(),
  summary: text().notNull(),
  fullMessage: text().notNull(),
  createdAt: createdAt(),
});

export const menus = pgTable(
  'menus',
  {
    id: identity(),
    clubId: ofClub(),
    name: text().notNull(),
    /** The name in the club's other languages, e.g. { "en": "Dinner" }. */
    nameTranslations: jsonb().$type<Partial<Record<string, string>>>().notNull().default({}),
    /** Hidden note, shown to the owner only. */
    adminDisplayName: text(),
    position: integer().notNull(),
    enabled: boolean().notNull().default(true),
    footer: text(),
    /** The footer in the club's other languages, e.g. { "en": "Service included" }. */
    footerTranslations: jsonb().$type<Partial<Record<string, string>>>().notNull().default({}),
    logo: text(),
    /** Seconds between refreshes of the guest page. */
    refreshTime: integer().notNull().default(60),
    themeId: integer().references(() => themes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.clubId, table.position)],
);

export const menuSections = pgTable(
  'menu_sections',
  {
    id: identity(),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull(),
    disabled: boolean().notNull().default(false),
  },
  (table) => [index().on(table.menuId, table.position)],
);

export const sectionTranslations = pgTable(
  'section_translations',
  {
    id: identity(),
    sectionId: integer()
      .notNull()
      .references(() => menuSections.id, { onDelete: 'cascade' }),
    language: text().notNull(),
    translatedName: text().notNull(),
  },
  (table) => [uniqueIndex().on(table.sectionId, table.language)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: identity(),
    sectionId: integer()
      .notNull()
      .references(() => menuSections.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    ingredients: text(),
    /** EU allergen codes. */
    allergens: text().array().notNull().default(sql`'{}'::text[]`),
    additionalNotes: text(),
    price: numeric({ precision: 10, scale: 2, mode: 'number' }),
    priceText: text(),
    position: integer().notNull(),
    disabled: boolean().notNull().default(false),
    outOfStock: boolean().notNull().default(false),
    bestSeller: boolean().notNull().default(false),
    suggested: boolean().notNull().default(false),
    branded: boolean().notNull().default(false),
    brandCode: text(),
    translateName: boolean().notNull().default(true),
    /** Address of the dish's photo among the club's own uploads (purpose `photo`); null without one. */
    photo: text(),
  },
  (table) => [
    index().on(table.sectionId, table.position),
    check('price_not_negative', sql`${table.price} >= 0`),
  ],
);

export const itemTranslations = pgTable(
  'item_translations',
  {
    id: identity(),
    itemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    language: text().notNull(),
    translatedName: text(),
    translatedDescription: text(),
    translatedIngredients: text(),
    translatedPriceText: text(),
    translatedAdditionalNotes: text(),
  },
  (table) => [uniqueIndex().on(table.itemId, table.language)],
);

/**
 * A dish's sizes or servings ("calice / bottiglia", "33 cl / 50 cl"), each with its own name and price.
 * An item with variants shows their prices in place of its own.
 */
export const itemVariants = pgTable(
  'item_variants',
  {
    id: identity(),
    itemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The name in the club's other languages, e.g. { "en": "Glass" }. */
    nameTranslations: jsonb().$type<Partial<Record<string, string>>>().notNull().default({}),
    price: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    position: integer().notNull(),
  },
  (table) => [
    index().on(table.itemId, table.position),
    check('item_variants_price_not_negative', sql`${table.price} >= 0`),
  ],
);

/**
 * Another price on given weekdays and hours in the club's time zone ("happy hour 18-20"), for one item or
 * a whole category, with the day and time rules of menu schedules. Either a new price (an item without
 * variants) or a percentage off (anything, variants included).
 */
export const timePrices = pgTable(
  'time_prices',
  {
    id: identity(),
    clubId: ofClub(),
    itemId: integer().references(() => menuItems.id, { onDelete: 'cascade' }),
    sectionId: integer().references(() => menuSections.id, { onDelete: 'cascade' }),
    /** What guests read beside the price, e.g. "Happy hour". */
    label: text().notNull(),
    labelTranslations: jsonb().$type<Partial<Record<string, string>>>().notNull().default({}),
    /** 1 = Monday ... 7 = Sunday. */
    days: smallint().array().notNull(),
    /** `HH:mm` in the club's zone; both null = all day. */
    startTime: text(),
    endTime: text(),
    price: numeric({ precision: 10, scale: 2, mode: 'number' }),
    percentOff: smallint(),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.clubId),
    index().on(table.itemId),
    index().on(table.sectionId),
    check('time_prices_one_target', sql`(${table.itemId} is null) <> (${table.sectionId} is null)`),
    check('time_prices_one_change', sql`(${table.price} is null) <> (${table.percentOff} is null)`),
    check('time_prices_price_not_negative', sql`${table.price} >= 0`),
    check('time_prices_percent_off', sql`${table.percentOff} between 1 and 100`),
  ],
);

/**
 * Machine-translation use per club and calendar month (UTC), counted in source characters sent to the
 * provider, so plans can differ in how much they include.
 */
export const translationUsage = pgTable(
  'translation_usage',
  {
    clubId: ofClub(),
    /** `YYYY-MM`, UTC. */
    month: text().notNull(),
    characters: integer().notNull().default(0),
    requests: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.clubId, table.month] })],
);

/**
 * A branded item promoted by PATCH /clubs/{clubId}/promote (Suggested, first in its category): what it
 * was before, so ending the promotion puts it back.
 */
export const itemPromotions = pgTable('item_promotions', {
  itemId: integer()
    .primaryKey()
    .references(() => menuItems.id, { onDelete: 'cascade' }),
  /** Its place among its category's items when promoted (0 first). */
  previousPosition: integer().notNull(),
  previousSuggested: boolean().notNull(),
  createdAt: createdAt(),
});

/** A menu's promotion or event (docs/product.md, Banners); at most one per menu. */
export const banners = pgTable('banners', {
  id: identity(),
  menuId: integer()
    .notNull()
    .unique()
    .references(() => menus.id, { onDelete: 'cascade' }),
  title: text().notNull(),
  subtitle: text(),
  description: text(),
  price: text().notNull(),
  imageUrl: text(),
  forYou: boolean().notNull().default(false),
  /** Texts in the club's other languages, e.g. { "en": { "title": "Happy hour" } }. */
  translations: jsonb()
    .$type<
      Partial<Record<string, { title?: string; subtitle?: string; description?: string; price?: string }>>
    >()
    .notNull()
    .default({}),
  createdAt: createdAt(),
});

export const tableZones = pgTable(
  'table_zones',
  {
    id: identity(),
    clubId: ofClub(),
    name: text().notNull(),
  },
  // Case-insensitive, as the owner reads names: "Terrazza" and "terrazza" are one zone.
  (table) => [
    uniqueIndex('table_zones_club_id_lower_name_index').on(table.clubId, sql`lower(${table.name})`),
  ],
);

export const clubTables = pgTable(
  'club_tables',
  {
    id: identity(),
    clubId: ofClub(),
    name: text().notNull(),
    premium: boolean().notNull().default(false),
    tableZoneId: integer().references(() => tableZones.id, { onDelete: 'set null' }),
  },
  // The routes check names too, for a per-field answer; the index holds when two requests race.
  (table) => [
    uniqueIndex('club_tables_club_id_lower_name_index').on(table.clubId, sql`lower(${table.name})`),
  ],
);

export const schedulings = pgTable(
  'schedulings',
  {
    id: identity(),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    /** 1 = Monday ... 7 = Sunday. */
    days: smallint().array().notNull(),
    /** `HH:mm` in the club's zone; both null = all day. */
    startTime: text(),
    endTime: text(),
    tableZoneId: integer().references(() => tableZones.id, { onDelete: 'cascade' }),
  },
  (table) => [index().on(table.menuId)],
);

/**
 * The plan catalogue (0044): per billing country, a monthly and an annual plan. Money in integer cents of
 * `currency`, VAT excluded; the VAT rate in basis points (2200 = 22%, 2550 = 25.5%).
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: identity(),
    /** ISO 3166-1 alpha-2 of the billing country. */
    isoCountryCode: text().notNull(),
    months: integer().notNull(),
    /** Net price in cents of `currency`, VAT excluded. */
    priceCents: integer().notNull(),
    /** The country's standard VAT rate in basis points (hundredths of a percent). */
    vatBasisPoints: integer().notNull(),
    /** ISO 4217. */
    currency: text().notNull().default('EUR'),
    enabled: boolean().notNull().default(true),
  },
  (table) => [
    // One offer per country and duration; a disabled plan stays for the subscriptions that refer to it.
    uniqueIndex('payment_plans_one_enabled_per_country_months')
      .on(table.isoCountryCode, table.months)
      .where(sql`${table.enabled}`),
    check('payment_plans_months', sql`${table.months} in (1, 12)`),
    check('payment_plans_price_cents', sql`${table.priceCents} >= 0`),
    check('payment_plans_vat_basis_points', sql`${table.vatBasisPoints} between 0 and 10000`),
  ],
);

export const subscriptions = pgTable('subscriptions', {
  id: identity(),
  clubId: integer()
    .notNull()
    .unique()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  kind: text({ enum: ['paid', 'partner'] }).notNull(),
  paymentPlanId: integer().references(() => paymentPlans.id),
  sponsorBrandId: integer().references(() => brands.id, { onDelete: 'set null' }),
  providerCustomerId: text(),
  providerSubscriptionId: text(),
  currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
  isRenewalCancelled: boolean().notNull().default(false),
  isPaymentPending: boolean().notNull().default(false),
  paymentErrorCode: text(),
  /** When the last payment failed (null once paid again): the countdown to deactivation starts here. */
  paymentFailedAt: timestamp({ withTimezone: true }),
  /**
   * The whole subscription state machine (`SubscriptionState` of @carta/contract/subscription-rules, 0049);
   * the columns above are derived from it at every write. Rows written before it was kept were migrated
   * once (0016).
   */
  state: jsonb().$type<SubscriptionState>().notNull(),
  /** When the club stops being Smart unless something happens (`smartUntil` of the rules); null = not Smart. */
  smartUntil: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The club's customer at the payment provider (0047), made at its first card. */
export const paymentCustomers = pgTable('payment_customers', {
  clubId: integer()
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
  customerId: text().notNull(),
  createdAt: createdAt(),
});

/** Saved cards. Exactly one primary per club that has any; renewals charge it. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: identity(),
    clubId: ofClub(),
    providerMethodId: text().notNull().unique(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    isPrimary: boolean().notNull().default(false),
    /** When the owner was told this card is about to expire (once per card). */
    expiryRemindedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.clubId),
    uniqueIndex('payment_methods_one_primary').on(table.clubId).where(sql`${table.isPrimary}`),
  ],
);

/**
 * Every charge the rules asked for (0049): written in the transaction that stored the state, sent to the
 * provider after it commits (idempotency key `charge-<id>`), its outcome recorded once.
 */
export const charges = pgTable(
  'charges',
  {
    id: identity(),
    clubId: ofClub(),
    paymentPlanId: integer()
      .notNull()
      .references(() => paymentPlans.id),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    /** first: the owner is there (authentication may be asked); renewal and retry run off-session. */
    reason: text({ enum: ['first', 'renewal', 'retry'] }).notNull(),
    status: text({ enum: ['pending', 'requiresAction', 'succeeded', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    providerPaymentId: text().unique(),
    /** For the browser to confirm a payment that asks for authentication. */
    clientSecret: text(),
    errorCode: text(),
    /** When it was handed to the provider; a pending charge not sent by then is sent again. */
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.clubId), index().on(table.status)],
);

/** The one job a club's subscription needs next (0049): claimed with FOR UPDATE SKIP LOCKED. */
export const billingJobs = pgTable(
  'billing_jobs',
  {
    clubId: integer()
      .primaryKey()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    job: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (table) => [index().on(table.dueAt)],
);

/** The amounts and parties an invoice and a credit note both carry, as they were when issued. */
const fiscalDocumentTotals = () => ({
  currency: text().notNull(),
  netCents: integer().notNull(),
  vatBasisPoints: integer().notNull(),
  vatCents: integer().notNull(),
  grossCents: integer().notNull(),
  reverseCharge: boolean().notNull(),
  seller: jsonb().$type<InvoiceParty>().notNull(),
  buyer: jsonb().$type<InvoiceParty>().notNull(),
});

/** An invoice per paid charge, numbered per year without gaps, with both parties' tax data as they were. */
export const invoices = pgTable(
  'invoices',
  {
    id: identity(),
    clubId: ofClub(),
    chargeId: integer()
      .notNull()
      .unique()
      .references(() => charges.id),
    year: integer().notNull(),
    sequence: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    months: integer().notNull(),
    ...fiscalDocumentTotals(),
  },
  (table) => [uniqueIndex().on(table.year, table.sequence), index().on(table.clubId)],
);

/**
 * Money given back on a paid charge, whole or part: asked of the provider by an admin, or on its own when
 * a payment succeeded after the rules had given it up. A credit note is issued once it succeeded.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: identity(),
    clubId: ofClub(),
    chargeId: integer()
      .notNull()
      .references(() => charges.id),
    /** The invoice it corrects; null for a late payment that never had one. */
    invoiceId: integer().references(() => invoices.id),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** admin: an admin asked for it; lateSuccess: a payment the subscription no longer waited for. */
    reason: text({ enum: ['admin', 'lateSuccess'] }).notNull(),
    /** What the admin wrote, shown on the credit note. */
    note: text(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text().unique(),
    errorMessage: text(),
    requestedBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.clubId), index().on(table.chargeId)],
);

/** A credit note per refund that succeeded on an invoiced charge, numbered per year in its own series. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: identity(),
    clubId: ofClub(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    refundId: integer()
      .notNull()
      .unique()
      .references(() => refunds.id),
    year: integer().notNull(),
    sequence: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    ...fiscalDocumentTotals(),
  },
  (table) => [uniqueIndex().on(table.year, table.sequence), index().on(table.clubId)],
);

/**
 * Each invoice's and credit note's FatturaPA file on its way to the Sistema di Interscambio through the
 * configured intermediary: what became of it (delivered, or rejected with the reason), tried again while
 * the intermediary cannot be reached.
 */
export const eInvoiceTransmissions = pgTable(
  'e_invoice_transmissions',
  {
    id: identity(),
    clubId: ofClub(),
    documentKind: text({ enum: ['invoice', 'creditNote'] }).notNull(),
    documentId: integer().notNull(),
    /** The FatturaPA file name (IT<seller VAT>_<progressive>.xml). */
    fileName: text().notNull(),
    status: text({ enum: ['waiting', 'sent', 'delivered', 'rejected'] })
      .notNull()
      .default('waiting'),
    /** The intermediary's id for the file. */
    providerId: text(),
    /** Why SDI rejected it (or why sending failed), as the intermediary said. */
    reason: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex().on(table.documentKind, table.documentId),
    index().on(table.status),
    index().on(table.clubId),
  ],
);

/** Provider events already handled: a webhook delivered twice is acted on once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    receivedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * The sandbox provider's own objects (its setups and payments), so it behaves like a remote service
 * across restarts and processes. Secrets are stored hashed.
 */
export const sandboxObjects = pgTable('sandbox_objects', {
  id: text().primaryKey(),
  kind: text({ enum: ['customer', 'setup', 'method', 'payment'] }).notNull(),
  clientSecretHash: text(),
  status: text().notNull(),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * Images kept by the storage adapter, named by content hash (`img/<hash>`): one row per club that uses
 * it, so a file shared by two clubs stays until neither refers to it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: identity(),
    clubId: integer().references(() => clubs.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    purpose: text({ enum: ['logo', 'banner', 'background', 'photo'] }).notNull(),
    /** Of the re-encoded original. */
    contentType: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** The WebP sizes stored beside it. */
    variants: jsonb().$type<{ width: number; height: number }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.clubId), uniqueIndex().on(table.clubId, table.key)],
);

/** Every admin action: who, when, what. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identity(),
    actorAccountId: integer().references(() => accounts.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: integer(),
    details: jsonb().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.createdAt)],
);

/**
 * Guest page views per club, table, menu and day: numbers only, nothing about the guest.
 * `menuId` 0 counts the table's list of menus. Days older than 90 are rolled up into `page_view_days` by
 * every process's hourly rollup (features/clubs/page-view-rollup.ts,
 * docs/decisions/0059-page-view-rollup.md).
 */
export const pageViews = pgTable(
  'page_views',
  {
    clubId: ofClub(),
    tableId: integer().notNull(),
    menuId: integer().notNull().default(0),
    /** UTC date. */
    day: text().notNull(),
    views: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex().on(table.clubId, table.tableId, table.menuId, table.day),
    index().on(table.clubId, table.day),
  ],
);

/**
 * Page views of days past `page_views`' 90 days of detail: one row per club, menu and day, summed over
 * the tables, kept as long as the club. Readers add both tables (club-store.ts `viewCounts`).
 */
export const pageViewDays = pgTable(
  'page_view_days',
  {
    clubId: ofClub(),
    menuId: integer().notNull().default(0),
    /** UTC date. */
    day: text().notNull(),
    views: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.clubId, table.menuId, table.day] })],
);

/**
 * A guest's call for a waiter at a table. At most one call per table is not closed (the partial unique
 * index holds it across processes); closed calls are kept for the cool-down and then removed.
 */
export const waiterCalls = pgTable(
  'waiter_calls',
  {
    id: identity(),
    clubId: ofClub(),
    tableId: integer()
      .notNull()
      .references(() => clubTables.id, { onDelete: 'cascade' }),
    /** open, acknowledged or closed. */
    status: text().notNull().default('open'),
    createdAt: createdAt(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('waiter_calls_one_open_per_table').on(table.tableId).where(sql`${table.status} <> 'closed'`),
    index().on(table.clubId, table.status),
    check('waiter_calls_status', sql`${table.status} in ('open', 'acknowledged', 'closed')`),
  ],
);

/**
 * An email the mail server refused or could not be reached for, waiting to be sent again (0056). The
 * message is sealed with the app's key: its links carry tokens, which are never stored in clear.
 */
export const mailRetries = pgTable(
  'mail_retries',
  {
    id: identity(),
    /** The whole message (to, subject, text, html), sealed by the secret box. */
    sealedMessage: text().notNull(),
    /** Tries made so far, the first one included. */
    attempts: integer().notNull(),
    /** When the next try is due; moved on while a process is sending it, so no other one takes it. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.nextAttemptAt)],
);
