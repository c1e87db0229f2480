import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshTimePrices } from './save-time-price.ts';

/** DELETE /clubs/{clubId}/time-prices/{id}. */
export const deleteTimePrice = async (clubId: string, id: number): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/time-prices/${id}`, { method: 'DELETE' });
};

export const useDeleteTimePrice = (clubId: string) => {
  const refresh = useRefreshTimePrices(clubId);
  return useMutation({
    mutationFn: (id: number) => deleteTimePrice(clubId, id),
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};
