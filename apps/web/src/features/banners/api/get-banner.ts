import { type BannerDetails, BannerDetailsSchema } from '@carta/contract/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/** GET /clubs/{clubId}/banners/menu/{menuId}/banner: the menu's banner, null when it has none. */
export const getBanner = async (
  clubId: string,
  menuId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BannerDetails | null> => {
  try {
    return await apiRequest(`/clubs/${clubId}/banners/menu/${menuId}/banner`, {
      responseSchema: BannerDetailsSchema,
      signal,
    });
  } catch (error) {
    // No banner yet is a state of the screen, not a failure. A menu that is not the club's is also a
    // 404: the menu query beside this one says so.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** Under the menu's key, so every write to the club's menus refreshes it too. */
export const bannerQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId, 'banner'],
    queryFn: ({ signal }) => getBanner(clubId, menuId, { signal }),
  });

export const useBanner = (clubId: string, menuId: string) => useQuery(bannerQueryOptions(clubId, menuId));
