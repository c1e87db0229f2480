import { type SubscribeRequest, SubscriptionResultSchema } from '@carta/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';
import { applyPaymentState } from './get-payment-state.ts';

/**
 * POST /clubs/{clubId}/subscription: subscribes a Free club (its first payment), changes the plan of a
 * paying club, reactivates a cancelled renewal (the same plan) or pays again after a failed payment.
 * `action` in the answer: a payment that waits for the owner's confirmation (3-D Secure).
 */
export const subscribe = (clubId: string, body: SubscribeRequest) =>
  apiRequest(`${clubPath(clubId)}/subscription`, {
    method: 'POST',
    body,
    responseSchema: SubscriptionResultSchema,
  });

export const useSubscribe = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscribeRequest) => subscribe(clubId, body),
    // It may charge a card: never sent twice by itself.
    retry: false,
    meta: { hasOwnErrorMessage: true },
    onSuccess: (result) => applyPaymentState(queryClient, clubId, result.state),
  });
};
