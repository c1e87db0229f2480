// The limits of docs/product.md, Rules and limits. Every app imports them from here; no number is written
// twice.

export const API_BASE_PATH = '/api/v1';
export const API_TIMEOUT_MS = 60_000;

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

/** Languages a menu's content may be translated into (docs/product.md, Translations). */
export const MENU_LANGUAGES = ['it', 'en', 'de', 'fr', 'es'] as const;
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];
/**
 * The language owners write their menus in, the original every guest page falls back to: never a
 * translation target (docs/decisions/0015-translations.md).
 */
export const MENU_ORIGINAL_LANGUAGE: MenuLanguage = 'it';

/** Digits of a phone stored before 0050 that libphonenumber does not take as valid (phone-numbers.ts). */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;
/** The calling code of numbers written without one (Italy's), shown in front of the phone fields. */
export const DEFAULT_PHONE_PREFIX = '+39';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_SPECIAL_CHARACTERS = '!$@%';
export const TOTP_DIGITS = 6;

export const PROMOTION_TITLE_MAX = 100;
export const PROMOTION_SUBTITLE_MAX = 255;
export const PROMOTION_DESCRIPTION_MAX = 1000;
export const PROMOTION_PRICE_MAX = 45;

export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 254;
export const ITEM_INGREDIENTS_MAX = 254;

export const MENU_HIDDEN_NOTE_MAX = 100;

/** Ids are PostgreSQL `integer` columns: 1 to 2^31 - 1. */
export const ID_MAX = 2_147_483_647;
/**
 * The highest price of an item. The column (numeric(10, 2)) would hold 99,999,999.99; no dish costs
 * a million, so anything above is a typing slip. The catalogues' validation.priceTooHigh says it.
 */
export const PRICE_MAX = 999_999.99;
export const MENU_FOOTER_MAX = 400;

export const FREE_PLAN_MAX_MENUS = 2;
/** Annual plan saves up to this share against twelve monthly payments. */
export const ANNUAL_PLAN_MAX_SAVING = 0.5;
export const PARTNER_SUBSCRIPTION_MONTHS = [6, 12] as const;

/** The word typed to confirm a deletion, per interface language. */
export const DELETE_CONFIRMATION_WORD: Record<Language, string> = { it: 'elimina', en: 'delete' };

/** Uploads judged by their content: JPG, PNG or WebP (the server re-encodes every one). */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Uploaded images: at most 5 MB and 25 megapixels. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 25_000_000;
/** How long a signed upload address stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export const NOTIFICATIONS = {
  maxVisible: 3,
  autoHideMs: 5000,
  enterMs: 225,
  exitMs: 195,
  anchor: { vertical: 'bottom', horizontal: 'left' },
} as const;

export const QUERY_RETRY = { maxRetries: 3, firstDelayMs: 1000, maxDelayMs: 30_000 } as const;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const ERROR_TRACE_SAMPLE_RATE = 0.1;

export const THEME = { borderRadius: 8, mode: 'light', direction: 'ltr' } as const;

/** Local storage keys of the session (docs/product.md, Owner app). */
export const SESSION_TOKEN_KEY = 'token';
export const SESSION_ADMIN_KEY = 'admin';
export const LANGUAGE_STORAGE_KEY = 'language';

/** How long an owner's preview address of a guest page works, in minutes (0073). */
export const GUEST_PREVIEW_MINUTES = 30;
