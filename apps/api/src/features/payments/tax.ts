import { isEuCountry, SELLER_COUNTRY, type TaxTreatment } from '@carta/contract/payments';
import { isValidVatNumber } from '../clubs/vat.ts';

// VAT rules of the plan catalogue (docs/decisions/0044-plan-catalogue-and-vat.md). Pure: the store
// reads the club, these decide.

type CountryOf = { country: string };

/** The country that picks the plans and the VAT: the billing address when the club has one, else its address. */
export const billingCountryOf = (club: { address: CountryOf; billingAddress: CountryOf | null }) =>
  (club.billingAddress ?? club.address).country.trim().toUpperCase();

/**
 * Reverse charge: a business in another EU member state than the seller's, with a VAT number valid for
 * its billing country, accounts for the VAT itself. An Italian club always pays Italian VAT; outside the
 * EU there is no reverse charge (and, today, no plan).
 */
export const isReverseCharge = (billingCountry: string, vatNumber: string) => {
  const country = billingCountry.toUpperCase();
  return country !== SELLER_COUNTRY && isEuCountry(country) && isValidVatNumber(vatNumber, country);
};

/** How the club is taxed: reverse charge, or its plans' VAT rate. */
export const taxTreatmentOf = (club: { billingCountry: string; vatNumber: string }): TaxTreatment => ({
  reverseCharge: isReverseCharge(club.billingCountry, club.vatNumber),
});
