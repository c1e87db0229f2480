import { type InvitationInputSchema, InvitationSchema } from '@carta/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersQueryOptions } from './get-members.ts';

export type InvitationInput = z.output<typeof InvitationInputSchema>;

/** POST /clubs/{clubId}/invitations: the email gets the link; an account with the phone sees it in the app. */
export const createInvitation = (clubId: string, body: InvitationInput) =>
  apiRequest(`/clubs/${clubId}/invitations`, { method: 'POST', body, responseSchema: InvitationSchema });

export const useCreateInvitation = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationInput) => createInvitation(clubId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(clubId).queryKey }),
  });
};
