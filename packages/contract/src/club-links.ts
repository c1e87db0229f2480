import { z } from 'zod';
import { optionalText, plainString } from './fields.ts';
import { messageKey } from './message-keys.ts';

// Links guests look for (docs/product.md, Club links): each optional. The three links open other sites
// from a guest's phone, so only https is taken; the Wi-Fi password is shown on tap, never in a page
// (docs/decisions/0087-structured-data-and-guest-links.md).

/** A link guests open: at most this long (review links carry long place ids). */
export const GUEST_LINK_URL_MAX = 500;
/** A Wi-Fi network's name: 32 bytes at most in the standard, read here as characters. */
export const WIFI_NAME_MAX = 32;
/** A WPA passphrase is 8 to 63 characters, or 64 hexadecimal digits. */
export const WIFI_PASSWORD_MAX = 64;
/** Reveals of a Wi-Fi password one network address may ask for in ten minutes, over every club. */
export const WIFI_REVEALS_PER_ADDRESS = 20;

const optionalHttpsUrl = plainString()
  .trim()
  .max(GUEST_LINK_URL_MAX, { error: messageKey('validation.tooLong', { max: GUEST_LINK_URL_MAX }) })
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s/]+\S*$/i.test(value), {
    error: 'validation.httpsUrl',
  })
  .nullish()
  .transform((value) => (value ? value : null));

/** The links guests look for; a Wi-Fi password needs its network's name (`wifiPasswordIssue`). */
export const ClubGuestLinksSchema = z.object({
  googleReviewUrl: optionalHttpsUrl,
  bookingUrl: optionalHttpsUrl,
  deliveryUrl: optionalHttpsUrl,
  wifiName: optionalText(WIFI_NAME_MAX),
  wifiPassword: optionalText(WIFI_PASSWORD_MAX),
});
export type ClubGuestLinks = z.output<typeof ClubGuestLinksSchema>;

/**
 * A password without a network name tells a guest nothing: the message key for the password field, or
 * null. The owner app's form and the server (with the stored name when a change leaves it out) ask it.
 */
export const wifiPasswordIssue = (links: { wifiName?: string | null; wifiPassword?: string | null }) =>
  links.wifiPassword && !links.wifiName ? 'validation.wifiNameRequired' : null;
