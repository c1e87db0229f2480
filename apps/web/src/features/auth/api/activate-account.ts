import { OutcomeResponseSchema } from '@carta/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const activateAccount = (token: string) =>
  apiRequest(`/users/activate?token=${encodeURIComponent(token)}`, { responseSchema: OutcomeResponseSchema });

// A query, not a mutation: the page runs it once on arrival. The token is single-use, so never retried.
export const activateAccountQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['account-activation', token],
    queryFn: () => activateAccount(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { hasOwnErrorMessage: true },
  });

export const useActivateAccount = (token: string) =>
  useQuery({ ...activateAccountQueryOptions(token), enabled: token !== '' });
