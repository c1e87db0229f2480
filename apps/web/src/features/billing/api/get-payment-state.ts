import type { CurrentPaymentState } from '@carta/contract/payments';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/**
 * GET /clubs/{clubId}/payments/plans/current: the club's plan, subscription and payment state. The app
 * frame reads it on every club screen (the failed-payment countdown), so its schema loads with the answer.
 */
export const getPaymentState = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`${clubPath(clubId)}/payments/plans/current`, {
    responseSchema: async () => (await import('@carta/contract/payments')).CurrentPaymentStateSchema,
    signal,
  });

export const paymentStateQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'payments', 'current'],
    queryFn: ({ signal }) => getPaymentState(clubId, { signal }),
  });

/** `pollWhilePendingMs`: asks again this often while a payment waits for its outcome. */
export const usePaymentState = (
  clubId: string,
  { isEnabled = true, pollWhilePendingMs }: { isEnabled?: boolean; pollWhilePendingMs?: number } = {},
) =>
  useQuery({
    ...paymentStateQueryOptions(clubId),
    enabled: isEnabled,
    refetchInterval: (query) =>
      pollWhilePendingMs && query.state.data?.paymentPending ? pollWhilePendingMs : false,
  });

const isPlanPreview = (key: readonly unknown[]) => key[2] === 'payments' && key[3] === 'preview';

const isSameKey = (left: readonly unknown[], right: readonly unknown[]) =>
  left.length === right.length && left.every((part, index) => part === right[index]);

/**
 * After anything that changed the subscription: the state the server answered replaces the cached one,
 * and everything else about the owner's clubs refreshes (the club's plan opens or closes Smart features,
 * the switcher shows the subscription, a payment added an invoice). A plan change's preview is not asked
 * again: it described the change just made, which the server now refuses as "already on that plan", and
 * the dialog that shows it is closing (it is asked afresh whenever the dialog opens).
 */
export const applyPaymentState = (queryClient: QueryClient, clubId: string, state?: CurrentPaymentState) => {
  const key = paymentStateQueryOptions(clubId).queryKey;
  if (state) queryClient.setQueryData(key, state);
  return queryClient.invalidateQueries({
    queryKey: ['clubs'],
    predicate: (query) => !isPlanPreview(query.queryKey) && (!state || !isSameKey(query.queryKey, key)),
  });
};

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * The state once a payment has an outcome: asks again every second, a few times, while the payment is
 * still pending (the provider's event that settles it may come a moment after the browser's confirmation).
 * Answers the last state read, pending or not.
 */
export const waitForPaymentOutcome = async (
  queryClient: QueryClient,
  clubId: string,
  { attempts = 10, intervalMs = 1000 }: { attempts?: number; intervalMs?: number } = {},
): Promise<CurrentPaymentState> => {
  const read = () => queryClient.fetchQuery({ ...paymentStateQueryOptions(clubId), staleTime: 0 });
  let state = await read();
  for (let attempt = 1; attempt < attempts && state.paymentPending; attempt += 1) {
    await sleep(intervalMs);
    state = await read();
  }
  await applyPaymentState(queryClient, clubId, state);
  return state;
};
