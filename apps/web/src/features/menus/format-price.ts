import { DEFAULT_CURRENCY, formatItemPrice } from '@carta/contract/format-price';
import { currentLanguage } from '../../lib/i18n.ts';

/** A dish's price as guests read it, in the interface language (clubs have no currency of their own yet). */
export const formatPrice = (price: number | null, priceText: string | null) =>
  formatItemPrice({ price, priceText }, { language: currentLanguage(), currency: DEFAULT_CURRENCY });
