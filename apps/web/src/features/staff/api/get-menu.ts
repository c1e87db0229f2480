import { FullMenuSchema } from '@carta/contract/entities';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/menu/{menuId}: one menu with its categories and dishes (staff may read it). */
export const getMenu = (clubId: string, menuId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}`, { responseSchema: FullMenuSchema, signal });

/** The menu builder's key for the same menu: a change made in one screen shows in the other. */
export const stockMenuQueryOptions = (clubId: string, menuId: number) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', String(menuId)],
    queryFn: ({ signal }) => getMenu(clubId, menuId, { signal }),
  });
