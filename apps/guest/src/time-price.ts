import { formatItemPrice, formatPrice } from '@carta/contract/format-price';
import type { GuestItem } from '@carta/contract/guest';
import type { GuestTimePrice } from '@carta/contract/guest-time-price';
import { percentOffPrice } from '@carta/contract/price-in-force';
import { weekdayName } from '@carta/contract/weekdays';
import { type Chrome, fill } from './chrome.ts';
import { type Html, html } from './html.ts';
import type { GuestLanguage } from './messages.ts';

// A dish's price by time as guests read it (docs/product.md, Prices by time): the usual price struck
// through and the one in force, and a line under the dish saying until when ("Happy hour fino alle 20:00").
// The variants' lines take their prices from `variantPrice`, so a percentage off shows on each of them.

/**
 * Drawn only on a page with a price in force. `.vh` is read by screen readers only ("usual price"), as a
 * struck-through text is not announced as such.
 */
export const TIME_PRICE_STYLES =
  '.was{font-weight:400;opacity:.7;margin-right:.3rem}.tp{margin:.1rem 0 0;font-size:.85rem;font-weight:600;color:var(--main,#7a1f3d)}.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}';

/** The usual price struck through, then the price in force. */
const struck = (usual: string, now: string, words: Chrome) =>
  html`<s class="was"><span class="vh">${`${words.usualPrice}: `}</span>${usual}</s>${` ${now}`}`;

/** A dish's own price now: its price by time over the usual price (or words), else the usual one. */
export const itemPrice = (
  item: Pick<GuestItem, 'price' | 'timePrice'>,
  priceText: string | null,
  language: GuestLanguage,
  words: Chrome,
): Html | string => {
  const usual = formatItemPrice({ price: item.price, priceText }, { language });
  const inForce = item.timePrice?.price;
  if (inForce === undefined || inForce === null) return usual;
  const now = formatPrice(inForce, { language });
  return usual ? struck(usual, now, words) : now;
};

/** A variant's price now: less the dish's percentage off while one holds. */
export const variantPrice = (
  price: number,
  item: Pick<GuestItem, 'timePrice'>,
  language: GuestLanguage,
  words: Chrome,
): Html | string => {
  const usual = formatPrice(price, { language });
  const percentOff = item.timePrice?.percentOff;
  if (percentOff === undefined || percentOff === null) return usual;
  return struck(usual, formatPrice(percentOffPrice(price, percentOff), { language }), words);
};

/** "Happy hour fino alle 20:00", in the reading language, the label as the owner translated it. */
export const timePriceText = (timePrice: GuestTimePrice, language: GuestLanguage, words: Chrome) => {
  const label =
    timePrice.labelTranslations[language as keyof typeof timePrice.labelTranslations] || timePrice.label;
  const { until } = timePrice;
  if (!until) return label;
  if (until.kind === 'midnight') return fill(words.timePriceUntilMidnight, { label });
  if (until.kind === 'day')
    return fill(words.timePriceUntilDay, { label, day: weekdayName(until.day, { language }) });
  return fill(words.timePriceUntil, { label, time: until.time });
};

/** The line under a dish with a price in force; nothing otherwise. */
export const timePriceNote = (item: Pick<GuestItem, 'timePrice'>, language: GuestLanguage, words: Chrome) =>
  item.timePrice ? html`<p class="tp">${timePriceText(item.timePrice, language, words)}</p>` : null;

/** Whether a page shows a price in force, and so needs TIME_PRICE_STYLES. */
export const hasTimePrices = (sections: readonly { items: readonly Pick<GuestItem, 'timePrice'>[] }[]) =>
  sections.some((section) => section.items.some((item) => item.timePrice));
