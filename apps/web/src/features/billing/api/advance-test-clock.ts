import { CurrentPaymentStateSchema } from '@carta/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';
import { applyPaymentState } from './get-payment-state.ts';

/**
 * POST /clubs/{clubId}/payments/sandbox/advance: the sandbox's test clock moves this club's subscription
 * `days` forward and runs what fell due (renewals, the failure countdown...). 404 with Stripe.
 */
export const advanceTestClock = (clubId: string, days: number) =>
  apiRequest(`${clubPath(clubId)}/payments/sandbox/advance`, {
    method: 'POST',
    body: { days },
    responseSchema: CurrentPaymentStateSchema,
  });

export const useAdvanceTestClock = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => advanceTestClock(clubId, days),
    meta: { hasOwnErrorMessage: true },
    onSuccess: (state) => applyPaymentState(queryClient, clubId, state),
  });
};
