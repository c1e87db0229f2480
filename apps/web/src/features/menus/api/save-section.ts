import { MenuSectionSchema } from '@carta/contract/entities';
import type { SaveSectionRequestSchema } from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

export type SaveSectionRequest = z.output<typeof SaveSectionRequestSchema>;

/** PUT /clubs/{clubId}/menu/{menuId}/sections: creates or changes a category; answers it. */
export const saveSection = (clubId: string, menuId: number, body: SaveSectionRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/sections`, {
    method: 'PUT',
    body,
    responseSchema: MenuSectionSchema,
  });

export const useSaveSection = (clubId: string, menuId: number) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: SaveSectionRequest) => saveSection(clubId, menuId, body),
    // The dialog shows the API's message by its field, or a toast.
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};
