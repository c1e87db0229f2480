import { FullMenuSchema } from '@carta/contract/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getMenu = (clubId: string, menuId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}`, { responseSchema: FullMenuSchema, signal });

export const menuQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId],
    queryFn: ({ signal }) => getMenu(clubId, menuId, { signal }),
  });

/** The full menu; nothing is fetched without a menu id (a new menu). */
export const useMenu = (clubId: string, menuId: string | undefined) =>
  useQuery({ ...menuQueryOptions(clubId, menuId ?? ''), enabled: menuId !== undefined });
