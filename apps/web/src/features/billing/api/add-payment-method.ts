import { type AddPaymentMethodRequest, PaymentMethodSchema } from '@carta/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';
import { paymentMethodsQueryOptions } from './get-payment-methods.ts';
import { applyPaymentState } from './get-payment-state.ts';

/**
 * POST /clubs/{clubId}/payment-methods: saves the card a confirmed setup holds. The first card becomes
 * primary; after a failed renewal the server also charges the unpaid period again with it.
 */
export const addPaymentMethod = (clubId: string, body: AddPaymentMethodRequest) =>
  apiRequest(`${clubPath(clubId)}/payment-methods`, {
    method: 'POST',
    body,
    responseSchema: PaymentMethodSchema,
  });

export const useAddPaymentMethod = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPaymentMethodRequest) => addPaymentMethod(clubId, body),
    // A setup saves one card once: sending it again would only be refused.
    retry: false,
    meta: { hasOwnErrorMessage: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions(clubId).queryKey });
      // A failed renewal may have been paid with it.
      await applyPaymentState(queryClient, clubId);
    },
  });
};
