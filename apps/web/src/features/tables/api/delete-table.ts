import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshClub } from './use-refresh-club.ts';

/** DELETE /clubs/{clubId}/tables/{tableId}. */
export const deleteTable = async (clubId: string, tableId: number): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/tables/${tableId}`, { method: 'DELETE' });
};

export const useDeleteTable = (clubId: string) => {
  const refresh = useRefreshClub(clubId);
  return useMutation({
    mutationFn: (tableId: number) => deleteTable(clubId, tableId),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
