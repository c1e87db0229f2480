import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /invitations: those addressed to the account's email or phone, waiting for its answer. */
export const getMyInvitations = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/invitations', {
    responseSchema: async () => (await import('@carta/contract/members')).MyInvitationsResponseSchema,
    signal,
  });

export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['invitations'],
    queryFn: ({ signal }) => getMyInvitations({ signal }),
    select: (data) => data.invitations,
  });

export const useMyInvitations = () => useQuery(myInvitationsQueryOptions());
