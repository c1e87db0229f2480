import type { SandboxConfirmSetupRequest } from '@carta/contract/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /payments/sandbox/setups/{setupId}/confirm: the sandbox's card form in place of Stripe.js (no money
 * moves). 400 with field issues for a card the sandbox would not take.
 */
export const confirmSandboxSetup = async (setupId: string, body: SandboxConfirmSetupRequest) => {
  await apiRequest(`/payments/sandbox/setups/${encodeURIComponent(setupId)}/confirm`, {
    method: 'POST',
    body,
  });
};

export const useConfirmSandboxSetup = () =>
  useMutation({
    mutationFn: ({ setupId, ...body }: SandboxConfirmSetupRequest & { setupId: string }) =>
      confirmSandboxSetup(setupId, body),
    retry: false,
    meta: { hasOwnErrorMessage: true },
  });
