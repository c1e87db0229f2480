import { TimePricesResponseSchema } from '@carta/contract/time-prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/time-prices: the club's rules, and the categories and dishes a rule may apply to. */
export const getTimePrices = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/time-prices`, { responseSchema: TimePricesResponseSchema, signal });

/** Under ['clubs', clubId], so a menu's write (a dish renamed, a category deleted) refreshes it. */
export const timePricesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'time-prices'],
    queryFn: ({ signal }) => getTimePrices(clubId, { signal }),
  });

export const useTimePrices = (clubId: string) => useQuery(timePricesQueryOptions(clubId));
