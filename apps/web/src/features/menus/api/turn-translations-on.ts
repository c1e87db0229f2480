import { ClubDetailsSchema } from '@carta/contract/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** PATCH /clubs/{clubId}/settings with the translations switch on: guests may read the translations. */
export const turnTranslationsOn = (clubId: string) =>
  apiRequest(`/clubs/${encodeURIComponent(clubId)}/settings`, {
    method: 'PATCH',
    body: { translationsEnabled: true },
    responseSchema: ClubDetailsSchema,
  });

export const useTurnTranslationsOn = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => turnTranslationsOn(clubId),
    meta: { hasOwnErrorMessage: true },
    // The club's details, its menus and their translation overviews all show the switch.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
};
