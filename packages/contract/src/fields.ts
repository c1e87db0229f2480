import { z } from 'zod';
import { ID_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PRICE_MAX, TOTP_DIGITS } from './limits.ts';
import { messageKey } from './message-keys.ts';

// Field rules of docs/product.md (Rules and limits), shared by the owner app's forms and the API's route
// schemas. Phones have a module of their own: phone-numbers.ts.

/**
 * A row's id, in a path, a query or a body: every id column is a PostgreSQL `integer`, so anything
 * outside 1..ID_MAX names nothing and must not reach a query (it would overflow the column).
 */
export const id = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(ID_MAX, { error: 'validation.invalid' });

/** Whether a path parameter can name a row at all (club-scope checks it before any query). */
export const isId = (value: unknown): boolean => id.safeParse(value).success;

export type TextOptions = {
  /** Descriptions, notes and messages: line breaks and tabs are part of the text. */
  isMultiline?: boolean;
};

// A text may not hold control characters (NUL cannot even be stored) nor ill-formed Unicode: half
// of a surrogate pair cannot be encoded as UTF-8. With the `u` flag a surrogate that belongs to a
// pair is part of one code point, so only a lone one matches; unlike String.prototype.isWellFormed,
// this also runs in the browsers the owner app supports.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\n\t]/u;

/** Whether a text can be stored and shown as it is. */
export const isPlainText = (value: string, { isMultiline = false }: TextOptions = {}) =>
  !LONE_SURROGATE.test(value) && !(isMultiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);

const isPlainTextCheck = (options: TextOptions) => (value: string) => isPlainText(value, options);

/** A string taken as sent (a key, a time zone, a search), plain like every text (isPlainText). */
export const plainString = () => z.string().refine(isPlainTextCheck({}), { error: 'validation.characters' });

/** A required text: trimmed, not blank, plain (isPlainText), at most `max` characters. */
export const requiredText = (max: number, options: TextOptions = {}) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .refine(isPlainTextCheck(options), { error: 'validation.characters' })
    .min(1, { error: 'validation.required' })
    .max(max, { error: messageKey('validation.tooLong', { max }) });

/** An optional text: trimmed, plain (isPlainText), at most `max` characters; blank becomes null. */
export const optionalText = (max: number, options: TextOptions = {}) =>
  z
    .string()
    .trim()
    .refine(isPlainTextCheck(options), { error: 'validation.characters' })
    .max(max, { error: messageKey('validation.tooLong', { max }) })
    .nullish()
    .transform((value) => (value ? value : null));

export const password = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordLength' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordLength' })
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value) && /[!$@%]/.test(value), {
    error: 'validation.passwordComposition',
  });

export const totp = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: 'validation.totpDigits' });

export const email = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .pipe(z.email({ error: 'validation.emailFormat' }));

/** `HH:mm`, 00:00 to 23:59. */
export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

/** A price: a number, not negative, at most PRICE_MAX, at most two decimals. */
export const price = z
  .number({ error: 'validation.number' })
  .nonnegative({ error: 'validation.notNegative' })
  .max(PRICE_MAX, { error: 'validation.priceTooHigh' })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    error: 'validation.priceDecimals',
  });

/**
 * The money of an invoice, a credit note or a priced plan, in the order every one of them lists it:
 * spread into each `z.object` at the same place so the documents (and the OpenAPI schemas) keep their order.
 */
export const documentTotalsFields = {
  /** ISO 4217, the club's currency. */
  currency: z.string(),
  netCents: z.number().int(),
  /** The VAT rate applied, in basis points (0 with reverse charge). */
  vatBasisPoints: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  /** A valid EU VAT number of another member state than the seller's: the club accounts for the VAT. */
  reverseCharge: z.boolean(),
};
