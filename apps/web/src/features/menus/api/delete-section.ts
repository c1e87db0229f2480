import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshMenus } from './use-refresh-menus.ts';

/** DELETE /clubs/{clubId}/menu/{menuId}/sections/{sectionId}: the category with its items. */
export const deleteSection = async (clubId: string, menuId: number, sectionId: number): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/menu/${menuId}/sections/${sectionId}`, { method: 'DELETE' });
};

export const useDeleteSection = (clubId: string, menuId: number) => {
  const refresh = useRefreshMenus(clubId);
  return useMutation({
    mutationFn: (sectionId: number) => deleteSection(clubId, menuId, sectionId),
    meta: { hasOwnErrorMessage: true },
    onSettled: refresh,
  });
};
