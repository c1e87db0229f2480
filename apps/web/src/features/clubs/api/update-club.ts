import type { UpdateClubRequestSchema } from '@carta/contract/clubs';
import { type ClubDetails, ClubDetailsSchema } from '@carta/contract/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { clubQueryOptions } from '../../../api/get-club.ts';
import { ownedClubsQueryOptions } from '../../../api/get-owned-clubs.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type UpdateClubRequest = z.output<typeof UpdateClubRequestSchema>;

export const updateClub = (clubId: string, body: UpdateClubRequest) =>
  apiRequest(`/clubs/${encodeURIComponent(clubId)}`, {
    method: 'PATCH',
    body,
    responseSchema: ClubDetailsSchema,
  });

/** The answer is the saved club: it replaces the cached one, and the switcher's list refreshes. */
export const useSaveClubDetails = (clubId: string) => {
  const queryClient = useQueryClient();
  return (details: ClubDetails) => {
    queryClient.setQueryData(clubQueryOptions(clubId).queryKey, details);
    return queryClient.invalidateQueries({ queryKey: ownedClubsQueryOptions().queryKey, exact: true });
  };
};

export const useUpdateClub = (clubId: string) => {
  const save = useSaveClubDetails(clubId);
  return useMutation({
    mutationFn: (body: UpdateClubRequest) => updateClub(clubId, body),
    // The form places every failure on its field.
    meta: { hasOwnErrorMessage: true },
    onSuccess: save,
  });
};
