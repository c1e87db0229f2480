import { MenuSectionSchema } from '@carta/contract/entities';
import type { SectionBatchRequest } from '@carta/contract/menus';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** PUT /clubs/{clubId}/menu/{menuId}/sections/batch: positions and visibility of several categories. */
export const updateSections = (clubId: string, menuId: number, body: SectionBatchRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/sections/batch`, {
    method: 'PUT',
    body,
    responseSchema: z.array(MenuSectionSchema),
  });

export const useUpdateSections = (clubId: string, menuId: number) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (body: SectionBatchRequest) => updateSections(clubId, menuId, body),
    meta: { hasOwnErrorMessage: true },
    // Also after a failure: the list was changed in place before the answer, and must go back.
    onSettled: refresh,
  });
};
