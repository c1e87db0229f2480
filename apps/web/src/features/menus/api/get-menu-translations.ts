import { MenuTranslationsSchema } from '@carta/contract/menus';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getMenuTranslations = (
  clubId: string,
  menuId: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/translations`, {
    responseSchema: MenuTranslationsSchema,
    signal,
  });

export const menuTranslationsQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId, 'translations'],
    queryFn: ({ signal }) => getMenuTranslations(clubId, menuId, { signal }),
  });

export const useMenuTranslations = (clubId: string, menuId: string) =>
  useQuery(menuTranslationsQueryOptions(clubId, menuId));
