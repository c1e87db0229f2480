import { PaymentSetupSchema } from '@carta/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/**
 * GET /clubs/{clubId}/payments/setup: a one-use secret for saving a card (a Stripe SetupIntent, or the
 * sandbox's own). Every card form asks for its own.
 */
export const getPaymentSetup = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`${clubPath(clubId)}/payments/setup`, { responseSchema: PaymentSetupSchema, signal });

/**
 * Not under ['clubs']: a write that refreshes the club must not swap the secret under a card form being
 * filled in. `attempt` asks for a new one (after a setup was used or refused); none is kept once the form
 * closes, and none is asked again by itself.
 */
export const paymentSetupQueryOptions = (clubId: string, attempt: number) =>
  queryOptions({
    queryKey: ['payment-setup', clubId, attempt],
    queryFn: ({ signal }) => getPaymentSetup(clubId, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    meta: { hasOwnErrorMessage: true },
  });

export const usePaymentSetup = (clubId: string, attempt: number) =>
  useQuery(paymentSetupQueryOptions(clubId, attempt));
