import { TimePricesInForceSchema } from '@carta/contract/time-prices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

// Shared: the prices-by-time screen writes the rules, the schedules' "who sees what" shows what they make.

/** GET /clubs/{clubId}/time-prices/in-force?day=&time=: the dishes at another price then. */
export const getTimePricesInForce = (
  clubId: string,
  day: number,
  time: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(`/clubs/${clubId}/time-prices/in-force`, {
    query: { day, time },
    responseSchema: TimePricesInForceSchema,
    signal,
  });

export const useTimePricesInForce = (clubId: string, day: number, time: string) =>
  useQuery({
    queryKey: ['clubs', clubId, 'time-prices-in-force', day, time],
    queryFn: ({ signal }) => getTimePricesInForce(clubId, day, time, { signal }),
    enabled: /^\d\d:\d\d$/.test(time),
    placeholderData: keepPreviousData,
  });
