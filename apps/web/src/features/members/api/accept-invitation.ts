import { AcceptedInvitationSchema } from '@carta/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /invitations/accept: the link's invitation, by its token, for the logged-in account. */
export const acceptInvitation = (token: string) =>
  apiRequest('/invitations/accept', {
    method: 'POST',
    body: { token },
    responseSchema: AcceptedInvitationSchema,
  });

export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { hasOwnErrorMessage: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['clubs'], exact: true, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['invitations'] }),
      ]),
  });
};
