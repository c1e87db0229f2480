import type { MenuItem } from '@carta/contract/entities';
import { DEFAULT_CURRENCY, formatItemPrice } from '@carta/contract/format-price';
import { currentLanguage } from '../../lib/i18n.ts';
import { variantsSummary } from './variant-summary.ts';

/** A dish's price as guests read it, in the interface language (clubs have no currency of their own yet). */
export const formatPrice = (price: number | null, priceText: string | null) =>
  formatItemPrice({ price, priceText }, { language: currentLanguage(), currency: DEFAULT_CURRENCY });

/** What the owner's lists show for a dish's price: its variants' prices when it has any, else its own. */
export const itemPriceLabel = (item: Pick<MenuItem, 'price' | 'priceText' | 'variants'>) =>
  item.variants.length > 0
    ? variantsSummary(item.variants, currentLanguage())
    : formatPrice(item.price, item.priceText);
