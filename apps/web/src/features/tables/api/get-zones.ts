import { ZonesResponseSchema } from '@carta/contract/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getZones = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/zones`, { responseSchema: ZonesResponseSchema, signal });

export const zonesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'zones'],
    queryFn: ({ signal }) => getZones(clubId, { signal }),
  });

export const useZones = (clubId: string) => useQuery(zonesQueryOptions(clubId));
