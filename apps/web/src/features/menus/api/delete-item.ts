import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** DELETE /clubs/{clubId}/menu/{menuId}/sections/{sectionId}/items/{itemId}. */
export const deleteItem = async (
  clubId: string,
  menuId: number,
  sectionId: number,
  itemId: number,
): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/menu/${menuId}/sections/${sectionId}/items/${itemId}`, {
    method: 'DELETE',
  });
};

export const useDeleteItem = (clubId: string, menuId: number, sectionId: number) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (itemId: number) => deleteItem(clubId, menuId, sectionId, itemId),
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};
