import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  TOTP_DIGITS,
} from './limits.ts';
import { messageKey } from './messages.ts';

// Field rules of spec §5, shared by the owner app's forms and the API's route schemas.

export const id = z.coerce.number().int().positive();

/** A required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: messageKey('validation.tooLong', { max }) });

/** An optional text: trimmed, at most `max` characters; blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageKey('validation.tooLong', { max }) })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Phone: spaces and a leading + are accepted and dropped; what is left must be 6 to 15 digits.
 * The normalised value is the digits only.
 */
export const phone = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform((value) => value.replace(/\s+/g, '').replace(/^\+/, ''))
  .pipe(
    z.string().regex(new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`), {
      error: 'validation.phoneDigits',
    }),
  );

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

/** A price: a number, not negative, at most two decimals. */
export const price = z
  .number({ error: 'validation.number' })
  .nonnegative({ error: 'validation.notNegative' })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    error: 'validation.priceDecimals',
  });
