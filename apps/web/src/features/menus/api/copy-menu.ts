import { type CopyMenuRequest, CopyMenuResponseSchema } from '@carta/contract/menu-copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /clubs/{clubId}/menu/{menuId}/copy: the menu copied to another of the caller's clubs; answers where
 * the copy went and what it could not take as it was.
 */
export const copyMenu = (clubId: string, menuId: number, body: CopyMenuRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/copy`, {
    method: 'POST',
    body,
    responseSchema: CopyMenuResponseSchema,
  });

/** The copy; the target club's menus (and counts) are read again, the source's did not change. */
export const useCopyMenu = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ menuId, targetClubId }: { menuId: number; targetClubId: number }) =>
      copyMenu(clubId, menuId, { targetClubId }),
    meta: { hasOwnErrorMessage: true },
    onSuccess: (copy) => queryClient.invalidateQueries({ queryKey: ['clubs', String(copy.clubId)] }),
  });
};
