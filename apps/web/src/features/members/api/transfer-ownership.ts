import { type OwnershipInputSchema, OwnershipResponseSchema } from '@carta/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type OwnershipInput = z.output<typeof OwnershipInputSchema>;

/** POST /clubs/{clubId}/ownership: the named member owns the club; the caller stays on as a manager. */
export const transferOwnership = (clubId: string, body: OwnershipInput) =>
  apiRequest(`/clubs/${clubId}/ownership`, {
    method: 'POST',
    body,
    responseSchema: OwnershipResponseSchema,
  });

export const useTransferOwnership = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnershipInput) => transferOwnership(clubId, body),
    meta: { hasOwnErrorMessage: true },
    // Every role shown changes: the club list, the club and its people.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs'] }),
  });
};
