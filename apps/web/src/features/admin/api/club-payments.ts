import { AdminClubPaymentsSchema, AdminRefundSchema, type RefundRequest } from '@carta/contract/refunds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// GET /admin/clubs/{id}/payments and POST /admin/clubs/{id}/charges/{chargeId}/refunds
// (docs/decisions/0063-refunds-and-credit-notes.md).

export const clubPaymentsQueryOptions = (clubId: number) =>
  queryOptions({
    queryKey: ['admin', 'clubs', clubId, 'payments'],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/clubs/${clubId}/payments`, { responseSchema: AdminClubPaymentsSchema, signal }),
  });

/** The club's payments while `clubId` is set (the dialog is open). */
export const useClubPayments = (clubId: number | null) =>
  useQuery({ ...clubPaymentsQueryOptions(clubId ?? 0), enabled: clubId !== null });

export type RefundInput = { clubId: number; chargeId: number; request: RefundRequest };

export const refundCharge = ({ clubId, chargeId, request }: RefundInput) =>
  apiRequest(`/admin/clubs/${clubId}/charges/${chargeId}/refunds`, {
    method: 'POST',
    body: request,
    responseSchema: AdminRefundSchema,
  });

/** A refund refreshes the console's lists (the payments, the audit log). */
export const useRefundCharge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundCharge,
    meta: { hasOwnErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
};
