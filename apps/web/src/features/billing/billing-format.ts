import type { PaymentMethod } from '@carta/contract/billing';
import { formatCents } from '@carta/contract/payments';
import { dateFormat } from '../../lib/date-formats.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** "23,18 €" in Italian, "€23.18" in English. */
export const formatMoney = (cents: number, currency: string) =>
  formatCents(cents, { language: currentLanguage(), currency });

/** "22%", "25,5%" in Italian: a rate given in percent. */
export const formatPercent = (percent: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );

/** A `YYYY-MM-DD` date of the billing calls (UTC days) in the interface language. */
export const formatDay = (isoDate: string, dateStyle: 'long' | 'medium' = 'long') =>
  dateFormat({ dateStyle, timeZone: 'UTC' }).format(new Date(`${isoDate.slice(0, 10)}T12:00:00Z`));

/** Today as a `YYYY-MM-DD` UTC date, as the server counts days. */
export const today = () => new Date().toISOString().slice(0, 10);

/** A plan's period as the texts name it: `billing.period.monthly`, `.annual` or `.months` (with count). */
export const periodKey = (months: number) =>
  months === 1 ? 'monthly' : months === 12 ? 'annual' : ('months' as const);

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

/** "Visa •••• 4242". */
export const cardName = (method: Pick<PaymentMethod, 'brand' | 'last4'>) => {
  const brand = BRAND_NAMES[method.brand.toLowerCase()] ?? method.brand;
  return `${brand} •••• ${method.last4}`;
};

/** "12/30". */
export const cardExpiry = (method: Pick<PaymentMethod, 'expMonth' | 'expYear'>) =>
  `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear % 100).padStart(2, '0')}`;

/** Why a payment failed, as `paymentErrorCode` names it, to the key of its words. */
export const paymentErrorKey = (code: string | null) =>
  code === 'declined' || code === 'insufficientFunds' || code === 'authenticationRequired'
    ? `billing.paymentError.${code}`
    : 'billing.paymentError.other';
