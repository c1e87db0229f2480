import { FullMenuSchema, MenuItemSchema, MenuSectionSchema } from '@carta/contract/entities';
import {
  type ItemBatchRequest,
  type MenuBatchRequest,
  MenuCardSchema,
  type SaveItemRequestSchema,
  type SaveMenuRequestSchema,
  type SaveSectionRequestSchema,
  type SectionBatchRequest,
} from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './menu-queries.ts';

// The menu builder's writes (spec §7 Menus, Sections, Items). Each refreshes the club's menu queries.

export type SaveMenuRequest = z.output<typeof SaveMenuRequestSchema>;
export type SaveSectionRequest = z.output<typeof SaveSectionRequestSchema>;
export type SaveItemRequest = z.output<typeof SaveItemRequestSchema>;

export type MenuWrite =
  | { kind: 'saveMenu'; body: SaveMenuRequest }
  | { kind: 'menuBatch'; body: MenuBatchRequest }
  | { kind: 'deleteMenu'; menuId: number }
  | { kind: 'duplicateMenu'; menuId: number }
  | { kind: 'saveSection'; menuId: number; body: SaveSectionRequest }
  | { kind: 'sectionBatch'; menuId: number; body: SectionBatchRequest }
  | { kind: 'deleteSection'; menuId: number; sectionId: number }
  | { kind: 'saveItem'; menuId: number; sectionId: number; body: SaveItemRequest }
  | { kind: 'itemBatch'; menuId: number; sectionId: number; body: ItemBatchRequest }
  | { kind: 'deleteItem'; menuId: number; sectionId: number; itemId: number };

const sendWrite = (clubId: string, write: MenuWrite): Promise<unknown> => {
  const menu = `/clubs/${clubId}/menu`;
  switch (write.kind) {
    case 'saveMenu':
      return apiRequest(menu, { method: 'PUT', body: write.body, responseSchema: FullMenuSchema });
    case 'menuBatch':
      return apiRequest(`${menu}/batch`, {
        method: 'PUT',
        body: write.body,
        responseSchema: z.array(MenuCardSchema),
      });
    case 'deleteMenu':
      return apiRequest(`${menu}/${write.menuId}`, { method: 'DELETE' });
    case 'duplicateMenu':
      return apiRequest(`${menu}/${write.menuId}/duplicate`, {
        method: 'POST',
        responseSchema: FullMenuSchema,
      });
    case 'saveSection':
      return apiRequest(`${menu}/${write.menuId}/sections`, {
        method: 'PUT',
        body: write.body,
        responseSchema: MenuSectionSchema,
      });
    case 'sectionBatch':
      return apiRequest(`${menu}/${write.menuId}/sections/batch`, {
        method: 'PUT',
        body: write.body,
        responseSchema: z.array(MenuSectionSchema),
      });
    case 'deleteSection':
      return apiRequest(`${menu}/${write.menuId}/sections/${write.sectionId}`, { method: 'DELETE' });
    case 'saveItem':
      return apiRequest(`${menu}/${write.menuId}/sections/${write.sectionId}/items`, {
        method: 'PUT',
        body: write.body,
        responseSchema: MenuItemSchema,
      });
    case 'itemBatch':
      return apiRequest(`${menu}/${write.menuId}/sections/${write.sectionId}/items/batch`, {
        method: 'PUT',
        body: write.body,
        responseSchema: z.array(MenuItemSchema),
      });
    case 'deleteItem':
      return apiRequest(`${menu}/${write.menuId}/sections/${write.sectionId}/items/${write.itemId}`, {
        method: 'DELETE',
      });
  }
};

export const useMenuWrite = (clubId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (write: MenuWrite) => sendWrite(clubId, write),
    // Screens show the API's message where it belongs (a field, a toast).
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};

/** Saves a menu's own fields and answers the saved menu (its id, for a new one). */
export const useSaveMenu = (clubId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: SaveMenuRequest) =>
      apiRequest(`/clubs/${clubId}/menu`, { method: 'PUT', body, responseSchema: FullMenuSchema }),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};

/** Saves an item and answers it. */
export const useSaveItem = (clubId: string, menuId: string, sectionId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: SaveItemRequest) =>
      apiRequest(`/clubs/${clubId}/menu/${menuId}/sections/${sectionId}/items`, {
        method: 'PUT',
        body,
        responseSchema: MenuItemSchema,
      }),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
