import { FullMenuSchema } from '@carta/contract/entities';
import type { SaveMenuRequestSchema } from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

export type SaveMenuRequest = z.output<typeof SaveMenuRequestSchema>;

/** PUT /clubs/{clubId}/menu: creates or changes a menu's own fields; answers the saved menu. */
export const saveMenu = (clubId: string, body: SaveMenuRequest) =>
  apiRequest(`/clubs/${clubId}/menu`, { method: 'PUT', body, responseSchema: FullMenuSchema });

export const useSaveMenu = (clubId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: SaveMenuRequest) => saveMenu(clubId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
