import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './limits.ts';

// Account phones are stored in one form, E.164 with its `+` (`+393337654321`), so that `+39 333 765 4321`,
// `0039 333 765 4321`, `393337654321` and `3337654321` are one owner (docs/decisions/0050). The parsing
// is libphonenumber-js's (its smallest metadata: lengths and leading digits per country); this module is
// kept apart from fields.ts so that only the screens that read a phone download it.

/** Numbers written without a country code are Italian (limits.ts has its calling code, DEFAULT_PHONE_PREFIX). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'IT';

// What someone may type in a phone field: digits and the separators people write between them.
const TYPABLE = /^\+?[\d\s().\-/]+$/;

const parseValid = (text: string, defaultCountry: CountryCode) => {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry, extract: false });
  return parsed?.isValid() ? parsed.number : null;
};

/**
 * The canonical form of a valid phone number, E.164 (`+393337654321`), or null when it is not one.
 * A number without `+` or `00` is read in `defaultCountry` first (`3337654321`, and `393337654321`,
 * whose leading 39 libphonenumber recognises as Italy's code); when that is not a valid number there,
 * as digits that start with their country code (`447911123456`), the form the old digits-only rule
 * stored.
 */
export const canonicalPhone = (input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY) => {
  const text = input.trim();
  if (!TYPABLE.test(text)) return null;
  const valid = parseValid(text, defaultCountry);
  if (valid || text.startsWith('+') || text.startsWith('00')) return valid;
  return parseValid(`+${text}`, defaultCountry);
};

/**
 * The form to look an existing account up by (login, recovery, the start-up conversion): the canonical
 * form, or, for a number libphonenumber does not take as valid that accounts made before 0050 may hold
 * (`390000000001`), `+` and its 6 to 15 digits, the digits-only rule of old with a `+`; null otherwise.
 */
export const phoneLookupKey = (input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY) => {
  const canonical = canonicalPhone(input, defaultCountry);
  if (canonical) return canonical;
  const text = input.trim();
  if (!TYPABLE.test(text)) return null;
  const typed = text.replace(/\D/g, '').replace(/^00/, '');
  // Typed with neither a country code nor the default country's (`2000000001` after the field's "+39"):
  // read in the default country, as the field presents it.
  const callingCode = getCountryCallingCode(defaultCountry);
  const isInternational = text.startsWith('+') || text.startsWith('00') || typed.startsWith(callingCode);
  const digits = isInternational ? typed : `${callingCode}${typed}`;
  return typed.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS ? `+${digits}` : null;
};

/** A stored phone as people read it: `+39 333 765 4321` (a form it cannot format is shown with a `+`). */
export const formatPhone = (stored: string) => {
  const key = stored.startsWith('+') ? stored : `+${stored}`;
  return parsePhoneNumberFromString(key)?.formatInternational() ?? key;
};

const phoneText = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' });

/** A new account's phone (sign-up, user:create): a valid number, answered in its canonical form. */
export const phone = phoneText.transform((value, context) => {
  const canonical = canonicalPhone(value);
  if (canonical) return canonical;
  context.addIssue({ code: 'custom', input: value, message: 'validation.phoneInvalid' });
  return z.NEVER;
});

/**
 * The phone of an existing account (login, recovery, resend): answered as its lookup key, so accounts
 * made before canonical phones (0050) still log in with what they typed then.
 */
export const phoneOfAccount = phoneText.transform((value, context) => {
  const key = phoneLookupKey(value);
  if (key) return key;
  context.addIssue({ code: 'custom', input: value, message: 'validation.phoneInvalid' });
  return z.NEVER;
});
