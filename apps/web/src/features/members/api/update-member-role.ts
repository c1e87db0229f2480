import { type MemberRole, MemberSchema } from '@carta/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersQueryOptions } from './get-members.ts';

/** PATCH /clubs/{clubId}/members/{accountId}: manager or staff. */
export const updateMemberRole = (clubId: string, accountId: number, role: MemberRole) =>
  apiRequest(`/clubs/${clubId}/members/${accountId}`, {
    method: 'PATCH',
    body: { role },
    responseSchema: MemberSchema,
  });

export const useUpdateMemberRole = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, role }: { accountId: number; role: MemberRole }) =>
      updateMemberRole(clubId, accountId, role),
    meta: { hasOwnErrorMessage: true },
    // Also after a failure: the list showed the new role before the answer, and must go back.
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(clubId).queryKey }),
  });
};
