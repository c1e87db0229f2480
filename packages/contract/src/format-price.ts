// Prices as guests and owners read them. Clubs have no currency of their own yet (every club is in the
// euro area), so the currency is the euro unless a caller knows better.

export const DEFAULT_CURRENCY = 'EUR';

export type PriceFormat = { language: string; currency?: string };

// A formatter costs far more to build than to use, and a menu page formats a price per dish.
const formatters = new Map<string, Intl.NumberFormat>();

const formatterOf = (language: string, currency: string) => {
  const key = `${language}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** "12,50 €" in Italian, "€12.50" in English. */
export const formatPrice = (amount: number, { language, currency = DEFAULT_CURRENCY }: PriceFormat) =>
  formatterOf(language, currency).format(amount);

/** A dish's price: its own words ("market price") when it has them, nothing when it has no price. */
export const formatItemPrice = (
  item: { price: number | null; priceText: string | null },
  format: PriceFormat,
) => item.priceText ?? (item.price === null ? '' : formatPrice(item.price, format));
