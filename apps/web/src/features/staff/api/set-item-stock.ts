import type { FullMenu } from '@carta/contract/entities';
import { MenuItemSchema } from '@carta/contract/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withStock } from '../stock-view.ts';
import { stockMenuQueryOptions } from './get-menu.ts';

export type StockChange = { menuId: number; sectionId: number; itemId: number; outOfStock: boolean };

/** PATCH .../items/{itemId}/stock: sold out or back, all that staff change of a dish. */
export const setItemStock = (clubId: string, { menuId, sectionId, itemId, outOfStock }: StockChange) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/sections/${sectionId}/items/${itemId}/stock`, {
    method: 'PATCH',
    body: { outOfStock },
    responseSchema: MenuItemSchema,
  });

/**
 * The switch moves at once; the server's answer confirms it, a refusal puts the menu back as the server
 * has it. Other menus and the club are not asked again: nothing else changed.
 */
export const useSetItemStock = (clubId: string) => {
  const queryClient = useQueryClient();
  const keyOf = (menuId: number) => stockMenuQueryOptions(clubId, menuId).queryKey;
  return useMutation({
    mutationFn: (change: StockChange) => setItemStock(clubId, change),
    meta: { hasOwnErrorMessage: true },
    onMutate: ({ menuId, itemId, outOfStock }) =>
      queryClient.setQueryData<FullMenu>(
        keyOf(menuId),
        (menu) => menu && withStock(menu, itemId, outOfStock),
      ),
    onError: (_error, { menuId }) => queryClient.invalidateQueries({ queryKey: keyOf(menuId), exact: true }),
  });
};
