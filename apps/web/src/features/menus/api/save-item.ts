import { MenuItemSchema } from '@carta/contract/entities';
import type { SaveItemRequestSchema } from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

export type SaveItemRequest = z.output<typeof SaveItemRequestSchema>;

/** PUT /clubs/{clubId}/menu/{menuId}/sections/{sectionId}/items: creates or changes an item; answers it. */
export const saveItem = (clubId: string, menuId: string, sectionId: string, body: SaveItemRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/sections/${sectionId}/items`, {
    method: 'PUT',
    body,
    responseSchema: MenuItemSchema,
  });

export const useSaveItem = (clubId: string, menuId: string, sectionId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: SaveItemRequest) => saveItem(clubId, menuId, sectionId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
