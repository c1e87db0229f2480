import { AcceptedInvitationSchema } from '@carta/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /invitations/{invitationId}/accept: one addressed to the account; it joins the club. */
export const acceptMyInvitation = (invitationId: number) =>
  apiRequest(`/invitations/${invitationId}/accept`, {
    method: 'POST',
    responseSchema: AcceptedInvitationSchema,
  });

/** POST /invitations/{invitationId}/decline. */
export const declineMyInvitation = async (invitationId: number): Promise<void> => {
  await apiRequest(`/invitations/${invitationId}/decline`, { method: 'POST' });
};

/** Accepting or declining an invitation shown in the app: both change the list, accepting the clubs too. */
export const useAnswerMyInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invitationId, isAccepting }: { invitationId: number; isAccepting: boolean }) => {
      if (isAccepting) await acceptMyInvitation(invitationId);
      else await declineMyInvitation(invitationId);
    },
    meta: { hasOwnErrorMessage: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invitations'] }),
        queryClient.invalidateQueries({ queryKey: ['clubs'], exact: true, refetchType: 'all' }),
      ]),
  });
};
