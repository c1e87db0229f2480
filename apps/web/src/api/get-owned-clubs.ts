import { OwnedClubSummarySchema } from '@carta/contract/clubs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

export type { OwnedClubSummary } from '@carta/contract/clubs';

export const getOwnedClubs = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/clubs', { responseSchema: z.array(OwnedClubSummarySchema), signal });

export const ownedClubsQueryOptions = () =>
  queryOptions({ queryKey: ['clubs'], queryFn: ({ signal }) => getOwnedClubs({ signal }) });

export const useOwnedClubs = () => useQuery(ownedClubsQueryOptions());
