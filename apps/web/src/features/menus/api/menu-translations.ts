import { ClubDetailsSchema } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import { MenuTranslationsSchema, type SaveTranslationsRequest } from '@carta/contract/menus';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// GET and PUT /clubs/{clubId}/menu/{menuId}/translations; the club's languages through PATCH /clubs/{clubId}.

export const menuTranslationsQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId, 'translations'],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/menu/${menuId}/translations`, {
        responseSchema: MenuTranslationsSchema,
        signal,
      }),
  });

export const useMenuTranslations = (clubId: string, menuId: string) =>
  useQuery(menuTranslationsQueryOptions(clubId, menuId));

export const useSaveMenuTranslations = (clubId: string, menuId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTranslationsRequest) =>
      apiRequest(`/clubs/${clubId}/menu/${menuId}/translations`, {
        method: 'PUT',
        body,
        responseSchema: MenuTranslationsSchema,
      }),
    meta: { hasOwnErrorMessage: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(menuTranslationsQueryOptions(clubId, menuId).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['clubs', clubId, 'menus', menuId], exact: true });
    },
  });
};

export const useSaveMenuLanguages = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (menuLanguages: MenuLanguage[]) =>
      apiRequest(`/clubs/${clubId}`, {
        method: 'PATCH',
        body: { menuLanguages },
        responseSchema: ClubDetailsSchema,
      }),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
};
