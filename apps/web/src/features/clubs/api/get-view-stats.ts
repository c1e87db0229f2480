import { ViewStatsSchema } from '@carta/contract/clubs';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/stats/views: guest page views of the last days. */
export const useViewStats = (clubId: string, days = 14) =>
  useQuery({
    queryKey: ['clubs', clubId, 'stats', 'views', days],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/stats/views`, {
        query: { days },
        responseSchema: ViewStatsSchema,
        signal,
      }),
  });
