import { InvitationPreviewSchema } from '@carta/contract/members';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

/**
 * POST /invitations/preview: what an invitation's link shows before anyone logs in (the club's name, the
 * role, whether it can still be accepted). The token travels in the body, never in an address.
 */
export const previewInvitation = (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/invitations/preview', {
    method: 'POST',
    body: { token },
    responseSchema: InvitationPreviewSchema,
    signal,
  });

/** The invitation page and the sign-up from it both read it; a refused token is not asked again. */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => previewInvitation(token, { signal }),
    enabled: token !== '',
    retry: false,
    meta: { hasOwnErrorMessage: true },
  });
