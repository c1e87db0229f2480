import { ClubActivationLinkSchema, ClubActivationResponseSchema } from '@carta/contract/club-activation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/activate?token=: the club the operations link names; reading it changes nothing. */
export const readClubActivationLink = (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/clubs/activate', { query: { token }, responseSchema: ClubActivationLinkSchema, signal });

/** POST /clubs/activate: activates the club and emails its owner (alreadyActive when it was). */
export const activateClubWithLink = (token: string) =>
  apiRequest('/clubs/activate', {
    method: 'POST',
    body: { token },
    responseSchema: ClubActivationResponseSchema,
  });

export const useClubActivationLink = (token: string) =>
  useQuery({
    queryKey: ['club-activation', token],
    queryFn: ({ signal }) => readClubActivationLink(token, { signal }),
    enabled: token !== '',
    // An invalid link stays invalid: the page says so at once.
    retry: false,
    meta: { hasOwnErrorMessage: true },
  });

export const useActivateClubWithLink = () =>
  useMutation({ mutationFn: activateClubWithLink, meta: { hasOwnErrorMessage: true } });
