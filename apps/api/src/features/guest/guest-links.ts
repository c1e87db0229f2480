import type { GuestLinks } from '@carta/contract/guest';
import type { clubs } from '../../db/schema.ts';

// The links guests look for (docs/product.md, Club links): the review, booking and delivery links are
// in the pages; the Wi-Fi is only said to exist there, its name and password answered on tap
// (guest-wifi.ts; docs/decisions/0087-structured-data-and-guest-links.md).

type LinkColumns = Pick<
  typeof clubs.$inferSelect,
  'googleReviewUrl' | 'bookingUrl' | 'deliveryUrl' | 'wifiName'
>;

/** What a guest page and the public table call show of the club's links. */
export const guestLinksOf = (club: LinkColumns): GuestLinks => ({
  googleReviewUrl: club.googleReviewUrl,
  bookingUrl: club.bookingUrl,
  deliveryUrl: club.deliveryUrl,
  hasWifi: Boolean(club.wifiName),
});
