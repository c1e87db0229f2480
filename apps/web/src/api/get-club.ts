import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

export type { ClubDetails } from '@carta/contract/entities';

export const getClub = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${encodeURIComponent(clubId)}`, {
    responseSchema: async () => (await import('@carta/contract/entities')).ClubDetailsSchema,
    signal,
  });

/** Under ['clubs'], so anything that invalidates the owner's clubs refreshes the open club too. */
export const clubQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId], queryFn: ({ signal }) => getClub(clubId, { signal }) });

export const useClub = (clubId: string) => useQuery(clubQueryOptions(clubId));
