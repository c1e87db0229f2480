import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersQueryOptions } from './get-members.ts';

/** DELETE /clubs/{clubId}/members/{accountId}: the owner removes someone, or a member leaves. */
export const deleteMember = async (clubId: string, accountId: number): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/members/${accountId}`, { method: 'DELETE' });
};

/** The owner's removal refreshes the people list; leaving, the caller moves on to another club (onLeft). */
export const useDeleteMember = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: number) => deleteMember(clubId, accountId),
    meta: { hasOwnErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(clubId).queryKey }),
  });
};
