import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

export type { OwnedClubSummary } from '@carta/contract/clubs';

export const getOwnedClubs = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/clubs', {
    responseSchema: async () => (await import('@carta/contract/clubs')).OwnedClubSummarySchema.array(),
    signal,
  });

export const ownedClubsQueryOptions = () =>
  queryOptions({ queryKey: ['clubs'], queryFn: ({ signal }) => getOwnedClubs({ signal }) });

export const useOwnedClubs = () => useQuery(ownedClubsQueryOptions());
