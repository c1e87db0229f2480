import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';
import { paymentMethodsQueryOptions } from './get-payment-methods.ts';

/**
 * DELETE /clubs/{clubId}/payment-methods/{paymentMethodId}: forgets a card (409 PAYMENT_METHOD_IN_USE for
 * the only card of a subscription that renews). Removing the primary card makes another one primary.
 */
export const removePaymentMethod = async (clubId: string, paymentMethodId: number): Promise<void> => {
  await apiRequest(`${clubPath(clubId)}/payment-methods/${paymentMethodId}`, { method: 'DELETE' });
};

export const useRemovePaymentMethod = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: number) => removePaymentMethod(clubId, paymentMethodId),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions(clubId).queryKey }),
  });
};
