import { FullMenuSchema } from '@carta/contract/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/menu/{menuId}: the menu a banner belongs to (its name, theme and first dishes). */
export const getBannerMenu = (clubId: string, menuId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}`, { responseSchema: FullMenuSchema, signal });

/** The same key as the menu builder's, so both read one cached menu. */
export const bannerMenuQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId],
    queryFn: ({ signal }) => getBannerMenu(clubId, menuId, { signal }),
  });

export const useBannerMenu = (clubId: string, menuId: string) =>
  useQuery(bannerMenuQueryOptions(clubId, menuId));
