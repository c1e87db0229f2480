import { type BannerDetails, MenuBannerSchema } from '@carta/contract/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /clubs/{clubId}/banners/menu/{menuId}/banner: the menu's banner, null when it has none. The server
 * answers "no banner" as `{ banner: null }`; only a menu that is not the club's is an error (404).
 */
export const getBanner = async (
  clubId: string,
  menuId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BannerDetails | null> => {
  const { banner } = await apiRequest(`/clubs/${clubId}/banners/menu/${menuId}/banner`, {
    responseSchema: MenuBannerSchema,
    signal,
  });
  return banner;
};

/** Under the menu's key, so every write to the club's menus refreshes it too. */
export const bannerQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId, 'banner'],
    queryFn: ({ signal }) => getBanner(clubId, menuId, { signal }),
  });

export const useBanner = (clubId: string, menuId: string) => useQuery(bannerQueryOptions(clubId, menuId));
