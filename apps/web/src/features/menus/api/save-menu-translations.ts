import { MenuTranslationsSchema, type SaveTranslationsRequest } from '@carta/contract/menus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { menuQueryOptions } from './get-menu.ts';
import { menuTranslationsQueryOptions } from './get-menu-translations.ts';

/** PUT /clubs/{clubId}/menu/{menuId}/translations: answers the menu's texts as saved. */
export const saveMenuTranslations = (clubId: string, menuId: string, body: SaveTranslationsRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/translations`, {
    method: 'PUT',
    body,
    responseSchema: MenuTranslationsSchema,
  });

export const useSaveMenuTranslations = (clubId: string, menuId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTranslationsRequest) => saveMenuTranslations(clubId, menuId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(menuTranslationsQueryOptions(clubId, menuId).queryKey, saved);
      return queryClient.invalidateQueries({
        queryKey: menuQueryOptions(clubId, menuId).queryKey,
        exact: true,
      });
    },
  });
};
