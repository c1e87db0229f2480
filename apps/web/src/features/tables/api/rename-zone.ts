import { TableZoneSchema } from '@carta/contract/entities';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SaveZoneRequest } from './create-zone.ts';
import { useRefreshClub } from './use-refresh-club.ts';

/** PUT /clubs/{clubId}/zones/{zoneId}: answers the renamed zone. */
export const renameZone = (clubId: string, zoneId: number, body: SaveZoneRequest) =>
  apiRequest(`/clubs/${clubId}/zones/${zoneId}`, { method: 'PUT', body, responseSchema: TableZoneSchema });

export const useRenameZone = (clubId: string) => {
  const refresh = useRefreshClub(clubId);
  return useMutation({
    mutationFn: ({ zoneId, ...body }: SaveZoneRequest & { zoneId: number }) =>
      renameZone(clubId, zoneId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
