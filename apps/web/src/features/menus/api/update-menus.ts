import { type MenuBatchRequest, MenuCardSchema } from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** PUT /clubs/{clubId}/menu/batch: positions and visibility of several menus at once. */
export const updateMenus = (clubId: string, body: MenuBatchRequest) =>
  apiRequest(`/clubs/${clubId}/menu/batch`, {
    method: 'PUT',
    body,
    responseSchema: z.array(MenuCardSchema),
  });

export const useUpdateMenus = (clubId: string) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: MenuBatchRequest) => updateMenus(clubId, body),
    // Screens show the API's message themselves (a toast).
    meta: { hasOwnErrorMessage: true },
    // Also after a failure: the list was changed in place before the answer, and must go back.
    onSettled: refresh,
  });
};
