import { ClubDetailsSchema } from '@carta/contract/entities';
import { type SaveCustomThemeRequest, ThemeChoiceSchema } from '@carta/contract/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// PUT /clubs/{clubId}/themes/custom, PATCH /clubs/{clubId} { themeId }.

export const useSaveCustomTheme = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCustomThemeRequest) =>
      apiRequest(`/clubs/${clubId}/themes/custom`, {
        method: 'PUT',
        body,
        responseSchema: ThemeChoiceSchema,
      }),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
};

export const useChooseClubTheme = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (themeId: number) =>
      apiRequest(`/clubs/${clubId}`, {
        method: 'PATCH',
        body: { themeId },
        responseSchema: ClubDetailsSchema,
      }),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
};
