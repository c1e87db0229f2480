import { CityMatchSchema, PlaceSchema } from '@carta/contract/clubs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';
import { currentLanguage } from '../lib/i18n.ts';

const Places = z.array(PlaceSchema);
// Geography changes with releases, not while someone fills a form.
const DAY_MS = 24 * 60 * 60 * 1000;

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['countries', currentLanguage()],
    queryFn: ({ signal }) => apiRequest('/countries', { responseSchema: Places, signal }),
    staleTime: DAY_MS,
  });

export const useCountries = () => useQuery(countriesQueryOptions());

export const useStates = (country: string) =>
  useQuery({
    queryKey: ['states', country],
    queryFn: ({ signal }) =>
      apiRequest(`/countries/${encodeURIComponent(country)}/states`, { responseSchema: Places, signal }),
    enabled: /^[A-Z]{2}$/.test(country),
    staleTime: DAY_MS,
  });

export const useCities = (country: string, state: string) =>
  useQuery({
    queryKey: ['cities', country, state],
    queryFn: ({ signal }) =>
      apiRequest(`/countries/${encodeURIComponent(country)}/states/${encodeURIComponent(state)}/cities`, {
        responseSchema: Places,
        signal,
      }),
    enabled: /^[A-Z]{2}$/.test(country) && state !== '',
    staleTime: DAY_MS,
  });

const CityMatches = z.array(CityMatchSchema);

/** Cities of a country by (part of) their name with their province: Italy's comuni. */
export const useCitySearch = (country: string, query: string) =>
  useQuery({
    queryKey: ['citySearch', country, query],
    queryFn: ({ signal }) =>
      apiRequest(`/countries/${encodeURIComponent(country)}/cities`, {
        query: { query },
        responseSchema: CityMatches,
        signal,
      }),
    enabled: /^[A-Z]{2}$/.test(country) && query !== '',
    staleTime: DAY_MS,
    // While the next letters are looked up, the last matches stay in the list.
    placeholderData: keepPreviousData,
  });
