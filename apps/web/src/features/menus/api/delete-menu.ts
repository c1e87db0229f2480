import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** DELETE /clubs/{clubId}/menu/{menuId}: the menu with its categories, items, schedules and banner. */
export const deleteMenu = async (clubId: string, menuId: number): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/menu/${menuId}`, { method: 'DELETE' });
};

export const useDeleteMenu = (clubId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (menuId: number) => deleteMenu(clubId, menuId),
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};
