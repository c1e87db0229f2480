import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersQueryOptions } from './get-members.ts';

/** DELETE /clubs/{clubId}/invitations/{invitationId}: withdrawn, its link stops working. */
export const deleteInvitation = async (clubId: string, invitationId: number): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/invitations/${invitationId}`, { method: 'DELETE' });
};

export const useDeleteInvitation = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => deleteInvitation(clubId, invitationId),
    meta: { hasOwnErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(clubId).queryKey }),
  });
};
