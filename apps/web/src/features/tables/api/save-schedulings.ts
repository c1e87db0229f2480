import { type SaveSchedulingsRequest, SchedulingsResponseSchema } from '@carta/contract/tables';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshClub } from './use-refresh-club.ts';

/** PUT /clubs/{clubId}/menu/{menuId}/schedulings: the menu's whole set of rules; answers it as saved. */
export const saveSchedulings = (clubId: string, menuId: string, body: SaveSchedulingsRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/schedulings`, {
    method: 'PUT',
    body,
    responseSchema: SchedulingsResponseSchema,
  });

export const useSaveSchedulings = (clubId: string, menuId: string) => {
  const refresh = useRefreshClub(clubId);
  return useMutation({
    mutationFn: (body: SaveSchedulingsRequest) => saveSchedulings(clubId, menuId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
