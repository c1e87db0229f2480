import { SubscriptionResultSchema } from '@carta/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';
import { applyPaymentState } from './get-payment-state.ts';

/**
 * DELETE /clubs/{clubId}/subscription: the subscription does not renew; Smart stays until the end of the
 * paid period. Refused (CANCEL_TOO_LATE) from one day before the renewal.
 */
export const cancelRenewal = (clubId: string) =>
  apiRequest(`${clubPath(clubId)}/subscription`, {
    method: 'DELETE',
    responseSchema: SubscriptionResultSchema,
  });

export const useCancelRenewal = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelRenewal(clubId),
    meta: { hasOwnErrorMessage: true },
    onSuccess: (result) => applyPaymentState(queryClient, clubId, result.state),
  });
};
