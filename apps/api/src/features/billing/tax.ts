import { isEuCountry, SELLER_COUNTRY, type TaxTreatment } from '@carta/contract/payments';
import type { VatCheck } from '../../db/schema.ts';
import { isValidVatNumber } from '../clubs/vat.ts';

// VAT rules of the plan catalogue (docs/decisions/0044-plan-catalogue-and-vat.md) and the VIES check of
// 0062. Pure: the store reads the club, these decide.

type CountryOf = { country: string };

/** The country that picks the plans and the VAT: the billing address when the club has one, else its address. */
export const billingCountryOf = (club: { address: CountryOf; billingAddress: CountryOf | null }) =>
  (club.billingAddress ?? club.address).country.trim().toUpperCase();

/** A VAT number as stored and as VIES is asked about it: no spaces, upper case. */
export const compactVatNumber = (vatNumber: string) => vatNumber.replace(/[\s.\-/]/g, '').toUpperCase();

/** Whether the billing data ask for a VIES check: a VAT number of an EU member state other than Italy's. */
export const isEuBuyer = (billingCountry: string) => {
  const country = billingCountry.toUpperCase();
  return country !== SELLER_COUNTRY && isEuCountry(country);
};

/**
 * The club's VIES check when it is about the VAT number the club has now (a check of a number since
 * changed says nothing of the new one).
 */
export const currentVatCheck = (vatNumber: string, vatCheck: VatCheck | null | undefined) =>
  vatCheck && compactVatNumber(vatCheck.vatNumber) === compactVatNumber(vatNumber) ? vatCheck : null;

/**
 * Reverse charge: a business in another EU member state than the seller's, with a VAT number valid for
 * its billing country, accounts for the VAT itself. An Italian club always pays Italian VAT; outside the
 * EU there is no reverse charge (and, today, no plan). VIES has the last word when it answered: a number
 * it says is not registered gets no reverse charge; when it could not answer (or was never asked), the
 * format and check digits stand.
 */
export const isReverseCharge = (billingCountry: string, vatNumber: string, vatCheck?: VatCheck | null) => {
  const country = billingCountry.toUpperCase();
  if (!isEuBuyer(country) || !isValidVatNumber(vatNumber, country)) return false;
  return currentVatCheck(vatNumber, vatCheck)?.status !== 'invalid';
};

/** How the club is taxed: reverse charge, or its plans' VAT rate. */
export const taxTreatmentOf = (club: {
  billingCountry: string;
  vatNumber: string;
  vatCheck?: VatCheck | null;
}): TaxTreatment => ({
  reverseCharge: isReverseCharge(club.billingCountry, club.vatNumber, club.vatCheck),
});

/** `2026-11-26` of a check, the day in Italy (the seller's). */
const checkDay = (checkedAt: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(checkedAt));

/**
 * What an invoice with reverse charge says when the VAT number was checked only for its format because
 * VIES could not answer (the PDF in both languages, the FatturaPA file in Italian); null otherwise.
 */
export const vatCheckNote = (
  buyer: { vatCheck?: VatCheck | null },
  language: 'it' | 'en' = 'it',
): string | null => {
  if (buyer.vatCheck?.status !== 'unavailable') return null;
  const [year, month, day] = checkDay(buyer.vatCheck.checkedAt).split('-');
  return language === 'it'
    ? `Partita IVA verificata solo nel formato: VIES non raggiungibile il ${day}/${month}/${year}`
    : `VAT number checked for its format only: VIES could not be reached on ${day}/${month}/${year}`;
};
