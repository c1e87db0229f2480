import { FullMenuSchema } from '@carta/contract/entities';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** POST /clubs/{clubId}/menu/{menuId}/duplicate: answers the copy. */
export const duplicateMenu = (clubId: string, menuId: number) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/duplicate`, { method: 'POST', responseSchema: FullMenuSchema });

export const useDuplicateMenu = (clubId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (menuId: number) => duplicateMenu(clubId, menuId),
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};
