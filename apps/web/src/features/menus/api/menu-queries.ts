import { FullMenuSchema } from '@carta/contract/entities';
import { MenuCardSchema } from '@carta/contract/menus';
import { ThemeChoiceSchema } from '@carta/contract/themes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// GET /clubs/{clubId}/menu, GET /clubs/{clubId}/menu/{menuId}, GET /clubs/{clubId}/themes. Keys sit
// under ['clubs', clubId], so a change to a menu also refreshes the club's counts.

export const menusQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus'],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/menu`, { responseSchema: z.array(MenuCardSchema), signal }),
  });
export const useMenus = (clubId: string) => useQuery(menusQueryOptions(clubId));

export const menuQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/menu/${menuId}`, { responseSchema: FullMenuSchema, signal }),
  });
/** The full menu; nothing is fetched without a menu id (a new menu). */
export const useMenu = (clubId: string, menuId: string | undefined) =>
  useQuery({ ...menuQueryOptions(clubId, menuId ?? ''), enabled: menuId !== undefined });

export const themesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'themes'],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/themes`, { responseSchema: z.array(ThemeChoiceSchema), signal }),
  });
export const useThemes = (clubId: string) => useQuery(themesQueryOptions(clubId));

/** After any write to a club's menus: the lists, the open menu and the club's counts. */
export const useRefreshMenus = (clubId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] });
};
