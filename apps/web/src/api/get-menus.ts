import { MenuCardSchema } from '@carta/contract/menus';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

export const getMenus = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/menu`, { responseSchema: z.array(MenuCardSchema), signal });

/** Under ['clubs', clubId], so a change to a menu also refreshes the club's counts. */
export const menusQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus'],
    queryFn: ({ signal }) => getMenus(clubId, { signal }),
  });

export const useMenus = (clubId: string) => useQuery(menusQueryOptions(clubId));
