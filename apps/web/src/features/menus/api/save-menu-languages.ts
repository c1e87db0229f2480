import { ClubDetailsSchema } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** PATCH /clubs/{clubId} with only the languages the club translates its menus into. */
export const saveMenuLanguages = (clubId: string, menuLanguages: MenuLanguage[]) =>
  apiRequest(`/clubs/${clubId}`, {
    method: 'PATCH',
    body: { menuLanguages },
    responseSchema: ClubDetailsSchema,
  });

export const useSaveMenuLanguages = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (menuLanguages: MenuLanguage[]) => saveMenuLanguages(clubId, menuLanguages),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
};
