import type { GuestLinks } from '@carta/contract/guest';
import type { Chrome } from './chrome.ts';
import { html, type Text } from './html.ts';

// The links guests look for (docs/product.md, Club links): a review, a booking, a delivery, the Wi-Fi.
// The Wi-Fi's name and password are not in the page: a tap asks for them (`call`, the script, which
// shows them in the box below) or opens a page of their own without the script (`page`), both kept by
// no cache and indexed by no search engine (docs/decisions/0087-structured-data-and-guest-links.md).

/** Where a tap on "Wi-Fi" asks: the JSON call for the script, a page for a phone without it. */
export type WifiLinks = { call: Text; page: Text };

/** The box the script fills and opens on a tap on "Wi-Fi"; closed, it shows nothing. */
const wifiBox = (words: Chrome) =>
  html`<dialog class="wifi-box" aria-labelledby="wifi-h" data-open="${words.wifiOpen}" data-failed="${words.wifiFailed}" data-copied="${words.passwordCopied}"><h2 id="wifi-h">Wi-Fi</h2><dl><dt>${words.wifiNetwork}</dt><dd class="wifi-name"></dd><dt class="wifi-pw">${words.wifiPassword}</dt><dd class="wifi-pw wifi-pass"></dd></dl><p class="wifi-note" role="status"></p><p class="wifi-act"><button type="button" class="wifi-copy">${words.copyPassword}</button><button type="button" class="wifi-close">${words.closePhoto}</button></p></dialog>`;

/** The club's links as a strip of small buttons; nothing when the club has none. */
export const guestLinks = (links: GuestLinks, wifi: WifiLinks | null, words: Chrome) => {
  const entries = [
    links.googleReviewUrl && html`<a href="${links.googleReviewUrl}" rel="noopener">${words.leaveReview}</a>`,
    links.bookingUrl && html`<a href="${links.bookingUrl}" rel="noopener">${words.bookTable}</a>`,
    links.deliveryUrl && html`<a href="${links.deliveryUrl}" rel="noopener">${words.orderDelivery}</a>`,
    links.hasWifi &&
      wifi &&
      html`<a class="wifi" href="${wifi.page}" rel="nofollow" data-call="${wifi.call}">Wi-Fi</a>`,
  ].filter(Boolean);
  if (entries.length === 0) return null;
  return html`<nav class="links" aria-label="${words.guestLinks}">${entries}</nav>${links.hasWifi && wifi && wifiBox(words)}`;
};

/** Whether the page shows the strip (its styles are sent only then). */
export const hasGuestLinks = (links: GuestLinks, wifi: WifiLinks | null) =>
  Boolean(links.googleReviewUrl || links.bookingUrl || links.deliveryUrl || (links.hasWifi && wifi));
