import type { UpdateClubSettingsRequest } from '@carta/contract/clubs';
import { ClubDetailsSchema } from '@carta/contract/entities';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSaveClubDetails } from './update-club.ts';

export const updateClubSettings = (clubId: string, body: UpdateClubSettingsRequest) =>
  apiRequest(`/clubs/${encodeURIComponent(clubId)}/settings`, {
    method: 'PATCH',
    body,
    responseSchema: ClubDetailsSchema,
  });

export const useUpdateClubSettings = (clubId: string) => {
  const save = useSaveClubDetails(clubId);
  return useMutation({
    mutationFn: (body: UpdateClubSettingsRequest) => updateClubSettings(clubId, body),
    onSuccess: save,
  });
};
