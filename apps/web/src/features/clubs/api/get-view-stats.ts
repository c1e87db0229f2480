import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/stats/views: guest page views of the last days. */
export const getViewStats = (clubId: string, days: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/stats/views`, {
    query: { days },
    responseSchema: async () => (await import('@carta/contract/clubs')).ViewStatsSchema,
    signal,
  });

export const viewStatsQueryOptions = (clubId: string, days = 14) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'stats', 'views', days],
    queryFn: ({ signal }) => getViewStats(clubId, days, { signal }),
  });

export const useViewStats = (clubId: string, days = 14) => useQuery(viewStatsQueryOptions(clubId, days));
