import { type TimePriceInput, TimePriceSchema } from '@carta/contract/time-prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /clubs/{clubId}/time-prices, or PUT .../{id} for a rule that exists: answers the rule as saved. */
export const saveTimePrice = (clubId: string, id: number | null, body: TimePriceInput) =>
  apiRequest(id === null ? `/clubs/${clubId}/time-prices` : `/clubs/${clubId}/time-prices/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    responseSchema: TimePriceSchema,
  });

/** After a write: the rules, and the schedules' "who sees what" that shows what they make. */
export const useRefreshTimePrices = (clubId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['clubs', clubId, 'time-prices'] }),
      queryClient.invalidateQueries({ queryKey: ['clubs', clubId, 'time-prices-in-force'] }),
    ]);
};

export const useSaveTimePrice = (clubId: string) => {
  const refresh = useRefreshTimePrices(clubId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TimePriceInput }) =>
      saveTimePrice(clubId, id, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
