import { MenuCardSchema } from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** POST /clubs/{clubId}/menu/{menuId}/duplicate: answers the copy's card in the menu list. */
export const duplicateMenu = (clubId: string, menuId: number) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/duplicate`, { method: 'POST', responseSchema: MenuCardSchema });

export const useDuplicateMenu = (clubId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (menuId: number) => duplicateMenu(clubId, menuId),
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};
