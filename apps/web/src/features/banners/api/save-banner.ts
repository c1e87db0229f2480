import { BannerDetailsSchema, type SaveBannerRequest } from '@carta/contract/banners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /clubs/{clubId}/banners/menu/{menuId}: creates the menu's banner or replaces it. */
export const saveBanner = (clubId: string, menuId: string, body: SaveBannerRequest) =>
  apiRequest(`/clubs/${clubId}/banners/menu/${menuId}`, {
    method: 'POST',
    body,
    responseSchema: BannerDetailsSchema,
  });

export const useSaveBanner = (clubId: string, menuId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBannerRequest) => saveBanner(clubId, menuId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: (banner) => {
      queryClient.setQueryData(['clubs', clubId, 'menus', menuId, 'banner'], banner);
      // The menus list shows which menus have a banner.
      return queryClient.invalidateQueries({ queryKey: ['clubs', clubId] });
    },
  });
};
