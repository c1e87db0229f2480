import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /clubs/{clubId}/banners/menu/{menuId}: the banner and its image. */
export const deleteBanner = async (clubId: string, menuId: string): Promise<void> => {
  await apiRequest(`/clubs/${clubId}/banners/menu/${menuId}`, { method: 'DELETE' });
};

export const useDeleteBanner = (clubId: string, menuId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBanner(clubId, menuId),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => {
      queryClient.setQueryData(['clubs', clubId, 'menus', menuId, 'banner'], null);
      return queryClient.invalidateQueries({ queryKey: ['clubs', clubId] });
    },
  });
};
