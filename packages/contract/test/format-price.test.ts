import { describe, expect, it } from 'vitest';
import { formatItemPrice, formatPrice } from '../src/format-price.ts';

// Intl puts a no-break space (U+00A0) between the amount and the symbol in Italian.
const NBSP = '\u00a0';

describe('formatPrice', () => {
  it('writes euros as each language does', () => {
    expect(formatPrice(12.5, { language: 'it' })).toBe(`12,50${NBSP}€`);
    expect(formatPrice(12.5, { language: 'en' })).toBe('€12.50');
    expect(formatPrice(1234, { language: 'it', currency: 'EUR' })).toBe(`1234,00${NBSP}€`);
  });

  it('uses the currency it is given', () => {
    expect(formatPrice(12.5, { language: 'en', currency: 'GBP' })).toBe('£12.50');
    expect(formatPrice(12.5, { language: 'it', currency: 'CHF' })).toBe(`12,50${NBSP}CHF`);
  });
});

describe('formatItemPrice', () => {
  it("prefers the dish's own words, and shows nothing without a price", () => {
    expect(formatItemPrice({ price: 8, priceText: 'Prezzo di mercato' }, { language: 'it' })).toBe(
      'Prezzo di mercato',
    );
    expect(formatItemPrice({ price: null, priceText: null }, { language: 'it' })).toBe('');
    expect(formatItemPrice({ price: 8, priceText: null }, { language: 'en' })).toBe('€8.00');
  });
});
