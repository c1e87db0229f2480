import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// TODO(contract): use OwnedClubSummarySchema from @carta/contract/entities once it lands.
const OwnedClubSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.object({ id: z.number(), name: z.string(), enabled: z.boolean() }).nullable(),
  freeForever: z.boolean(),
  subscriptionEnabled: z.boolean(),
  subscriptionExpiration: z.string().nullable(),
  message: z
    .object({ id: z.number(), severity: z.number(), summary: z.string(), fullMessage: z.string() })
    .nullable(),
});
export type OwnedClubSummary = z.infer<typeof OwnedClubSummarySchema>;

export const getOwnedClubs = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/clubs', { responseSchema: z.array(OwnedClubSummarySchema), signal });

export const ownedClubsQueryOptions = () =>
  queryOptions({ queryKey: ['clubs'], queryFn: ({ signal }) => getOwnedClubs({ signal }) });

export const useOwnedClubs = () => useQuery(ownedClubsQueryOptions());
