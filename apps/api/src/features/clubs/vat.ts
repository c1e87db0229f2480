import { checkVAT, countries } from 'jsvat';

/**
 * A VAT number is checked for the billing country's format and check digits with jsvat, which covers
 * the EU and its neighbours. Elsewhere we can only check that it looks like a tax number.
 */
export const isValidVatNumber = (vatNumber: string, countryIso: string): boolean => {
  const country = countries.find((candidate) => candidate.codes.includes(countryIso.toUpperCase()));
  const compact = vatNumber.replace(/[\s.\-/]/g, '').toUpperCase();
  if (!country) return /^[A-Z0-9]{4,20}$/.test(compact);
  // jsvat expects the country prefix; owners often type the number without it.
  const prefix = countryIso.toUpperCase() === 'GR' ? 'EL' : countryIso.toUpperCase();
  const candidates = compact.startsWith(prefix) ? [compact] : [compact, `${prefix}${compact}`];
  return candidates.some((candidate) => checkVAT(candidate, [country]).isValid);
};
