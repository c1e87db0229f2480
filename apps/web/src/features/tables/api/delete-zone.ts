import type { DeleteZoneQuerySchema } from '@carta/contract/tables';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshClub } from './use-refresh-club.ts';

export type DeleteZoneQuery = z.output<typeof DeleteZoneQuerySchema>;

/** DELETE /clubs/{clubId}/zones/{zoneId}: the query says what becomes of its tables and schedules. */
export const deleteZone = async (clubId: string, zoneId: number, query: DeleteZoneQuery): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/zones/${zoneId}`, { method: 'DELETE', query });
};

export const useDeleteZone = (clubId: string) => {
  const refresh = useRefreshClub(clubId);
  return useMutation({
    mutationFn: ({ zoneId, ...query }: DeleteZoneQuery & { zoneId: number }) =>
      deleteZone(clubId, zoneId, query),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
