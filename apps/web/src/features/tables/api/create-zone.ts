import { TableZoneSchema } from '@carta/contract/entities';
import type { SaveZoneRequestSchema } from '@carta/contract/tables';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshClub } from './use-refresh-club.ts';

export type SaveZoneRequest = z.output<typeof SaveZoneRequestSchema>;

/** POST /clubs/{clubId}/zones: answers the new zone. */
export const createZone = (clubId: string, body: SaveZoneRequest) =>
  apiRequest(`/clubs/${clubId}/zones`, { method: 'POST', body, responseSchema: TableZoneSchema });

export const useCreateZone = (clubId: string) => {
  const refresh = useRefreshClub(clubId);
  return useMutation({
    mutationFn: (body: SaveZoneRequest) => createZone(clubId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
