import { MenuItemSchema } from '@carta/contract/entities';
import type { ItemBatchRequest } from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** PUT /clubs/{clubId}/menu/{menuId}/sections/{sectionId}/items/batch: positions and markers of several items. */
export const updateItems = (clubId: string, menuId: number, sectionId: number, body: ItemBatchRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/sections/${sectionId}/items/batch`, {
    method: 'PUT',
    body,
    responseSchema: z.array(MenuItemSchema),
  });

export const useUpdateItems = (clubId: string, menuId: number, sectionId: number) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: ItemBatchRequest) => updateItems(clubId, menuId, sectionId, body),
    meta: { hasOwnErrorMessage: true },
    // Also after a failure: the list was changed in place before the answer, and must go back.
    onSettled: refresh,
  });
};
