import type { Language } from '@carta/contract/limits';
import { getTimezonesForCountry } from 'countries-and-timezones';
import { City, Country, State } from 'country-state-city';
import countryNames from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import { type ComuneMatch, checkItalianPlace, comuniOf, italianProvinces, searchComuni } from './italy.ts';

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

// Italy's provinces and comuni come from ISTAT (italy.ts); other countries from country-state-city.
const ITALY = 'IT';

/** Provinces, regions or states of a country; null for an unknown country. */
export const listStates = (countryIso: string, language: Language): Place[] | null => {
  const country = findCountry(countryIso);
  if (!country) return null;
  if (country.isoCode === ITALY)
    return italianProvinces().map((province) => ({ iso2: province.code, name: province.name }));
  return State.getStatesOfCountry(country.isoCode)
    .map((state) => ({ iso2: state.isoCode, name: state.name }))
    .sort(byName(language));
};

/** Cities of a state; null for an unknown country or state. An empty list means: type the city. */
export const listCities = (countryIso: string, stateIso: string, language: Language): Place[] | null => {
  const country = findCountry(countryIso);
  if (!country) return null;
  if (country.isoCode === ITALY)
    return comuniOf(stateIso)?.map((comune) => ({ iso2: comune.name, name: comune.name })) ?? null;
  const state = State.getStateByCodeAndCountry(stateIso.toUpperCase(), country.isoCode);
  if (!state) return null;
  const seen = new Set<string>();
  return City.getCitiesOfState(country.isoCode, state.isoCode)
    .filter((city) => !seen.has(city.name) && seen.add(city.name))
    .map((city) => ({ iso2: city.name, name: city.name }))
    .sort(byName(language));
};

/**
 * Cities of a whole country matching a name, with the state choosing one fills in; null for an unknown
 * country. Only Italy's comuni are searchable: other countries answer an empty list.
 */
export const searchCities = (countryIso: string, query: string): ComuneMatch[] | null => {
  const country = findCountry(countryIso);
  if (!country) return null;
  return country.isoCode === ITALY ? searchComuni(query) : [];
};

type PlaceFields = { country: string; state?: string | null; city: string };
type Issue = { path: string; key: string };

/**
 * An address with its province and comune as ISTAT names them when it is in Italy (the province must be
 * one of Italy's and the comune one of its own; a comune unique in Italy brings its province); an issue
 * under `path` when they are not. Other countries pass as they are. A place equal to the `stored` one
 * passes too, so addresses saved before ISTAT's data (docs/decisions/0054-istat-places.md) stay editable.
 */
export const checkAddressPlace = <Address extends PlaceFields>(
  address: Address,
  path: string,
  issues: Issue[],
  stored?: PlaceFields,
): Address => {
  if (address.country.toUpperCase() !== ITALY) return address;
  const isUnchanged =
    stored !== undefined &&
    stored.country.toUpperCase() === ITALY &&
    (stored.state ?? null) === (address.state ?? null) &&
    stored.city === address.city;
  if (isUnchanged) return address;
  const place = checkItalianPlace(address.state, address.city);
  if (!place.ok) {
    issues.push({ path: `${path}.${place.field}`, key: place.key });
    return address;
  }
  return { ...address, state: place.state, city: place.city };
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
