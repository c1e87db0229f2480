import { AdminClubPageSchema, type AdminClubsQuerySchema } from '@carta/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

type AdminClubsQuery = z.output<typeof AdminClubsQuerySchema>;

export const getAdminClubs = (query: AdminClubsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/admin/clubs', { query, responseSchema: AdminClubPageSchema, signal });

export const adminClubsQueryOptions = (query: AdminClubsQuery) =>
  queryOptions({
    queryKey: ['admin', 'clubs', query],
    queryFn: ({ signal }) => getAdminClubs(query, { signal }),
    // Paging and searching keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useAdminClubs = (query: AdminClubsQuery) => useQuery(adminClubsQueryOptions(query));
