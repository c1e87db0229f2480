import { currentLanguage } from '../../lib/i18n.ts';

/** A price as guests read it in the interface language (euros for now: the clubs are in the euro area). */
export const formatPrice = (price: number | null, priceText: string | null) =>
  priceText ??
  (price === null
    ? ''
    : new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency: 'EUR' }).format(price));
