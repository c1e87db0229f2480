import type { Language } from '@carta/contract/limits';
import { getTimezonesForCountry } from 'countries-and-timezones';
import { City, Country, State } from 'country-state-city';
import countryNames from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };

countryNames.registerLocale(it);
countryNames.registerLocale(en);

export type Place = { iso2: string; name: string };

const collator: Record<Language, Intl.Collator> = {
  it: new Intl.Collator('it'),
  en: new Intl.Collator('en'),
};
const byName = (language: Language) => (a: Place, b: Place) => collator[language].compare(a.name, b.name);

/** Countries with names in the owner's language where the data has them (country-state-city + i18n-iso-countries). */
export const listCountries = (language: Language): Place[] =>
  Country.getAllCountries()
    .map((country) => ({
      iso2: country.isoCode,
      name: countryNames.getName(country.isoCode, language) ?? country.name,
    }))
    .sort(byName(language));

export const findCountry = (iso2: string) => Country.getCountryByCode(iso2.toUpperCase());

/** Provinces, regions or states of a country; null for an unknown country. */
export const listStates = (countryIso: string, language: Language): Place[] | null => {
  const country = findCountry(countryIso);
  if (!country) return null;
  return State.getStatesOfCountry(country.isoCode)
    .map((state) => ({ iso2: state.isoCode, name: state.name }))
    .sort(byName(language));
};

/** Cities of a state; null for an unknown country or state. An empty list means: type the city. */
export const listCities = (countryIso: string, stateIso: string, language: Language): Place[] | null => {
  const country = findCountry(countryIso);
  if (!country) return null;
  const state = State.getStateByCodeAndCountry(stateIso.toUpperCase(), country.isoCode);
  if (!state) return null;
  const seen = new Set<string>();
  return City.getCitiesOfState(country.isoCode, state.isoCode)
    .filter((city) => !seen.has(city.name) && seen.add(city.name))
    .map((city) => ({ iso2: city.name, name: city.name }))
    .sort(byName(language));
};

// Countries spanning several zones start from the zone most of their people live in; the owner can change it.
const MAIN_ZONE: Record<string, string> = {
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  ES: 'Europe/Madrid',
  ID: 'Asia/Jakarta',
  KZ: 'Asia/Almaty',
  MX: 'America/Mexico_City',
  NZ: 'Pacific/Auckland',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  US: 'America/New_York',
};

/** The time zone a new club in this country starts with. */
export const defaultTimeZone = (countryIso: string): string => {
  const iso = countryIso.toUpperCase();
  return MAIN_ZONE[iso] ?? getTimezonesForCountry(iso)?.[0]?.name ?? 'UTC';
};
