import { TablesResponseSchema } from '@carta/contract/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getTables = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/tables`, { responseSchema: TablesResponseSchema, signal });

/** Under ['clubs', clubId], so every write to the club's tables or zones refreshes it. */
export const tablesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'tables'],
    queryFn: ({ signal }) => getTables(clubId, { signal }),
  });

export const useTables = (clubId: string) => useQuery(tablesQueryOptions(clubId));
