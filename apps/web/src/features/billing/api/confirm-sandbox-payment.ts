import type { SandboxConfirmPaymentRequest } from '@carta/contract/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /payments/sandbox/payments/{paymentId}/confirm: the owner approves (or refuses) a test payment the
 * sandbox's "bank" asked to confirm, as 3-D Secure would.
 */
export const confirmSandboxPayment = async (paymentId: string, body: SandboxConfirmPaymentRequest) => {
  await apiRequest(`/payments/sandbox/payments/${encodeURIComponent(paymentId)}/confirm`, {
    method: 'POST',
    body,
  });
};

export const useConfirmSandboxPayment = () =>
  useMutation({
    mutationFn: ({ paymentId, ...body }: SandboxConfirmPaymentRequest & { paymentId: string }) =>
      confirmSandboxPayment(paymentId, body),
    retry: false,
    meta: { hasOwnErrorMessage: true },
  });
