import type { FullMenu, MenuItem } from '@carta/contract/entities';
import { useQueries } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenus } from '../../api/get-menus.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { stockMenuQueryOptions } from './api/get-menu.ts';
import { useSetItemStock } from './api/set-item-stock.ts';
import { soldOutCount, stockMenus } from './stock-view.ts';

/** Another waiter's change shows within this long while the screen is open. */
const REFRESH_MS = 30_000;

/** Every menu of the club with its dishes, filtered as asked, and the one-tap stock switch. */
export const useStock = (clubId: string) => {
  const { t } = useTranslation();
  const list = useMenus(clubId);
  const menus = useQueries({
    queries: (list.data ?? []).map((menu) => ({
      ...stockMenuQueryOptions(clubId, menu.id),
      refetchInterval: REFRESH_MS,
    })),
  });
  const setStock = useSetItemStock(clubId);
  const runSetStock = useMutationWithToast(setStock);
  const [query, setQuery] = useState('');
  const [isOnlySoldOut, setIsOnlySoldOut] = useState(false);
  // Typing stays quick on a phone with a long menu: the list follows a beat behind.
  const deferredQuery = useDeferredValue(query);

  const loaded = menus.flatMap((menu) => (menu.data ? [menu.data] : []));
  const isError = list.isError || menus.some((menu) => menu.isError);
  const isLoading = !list.data || loaded.length < list.data.length;

  return {
    isError,
    isLoading,
    retry: () => void Promise.all([list.refetch(), ...menus.map((menu) => menu.refetch())]),
    hasMenus: (list.data?.length ?? 0) > 0,
    shown: stockMenus(loaded, { query: deferredQuery, isOnlySoldOut }),
    soldOut: soldOutCount(loaded),
    isOff: (menuId: number) => list.data?.find((menu) => menu.id === menuId)?.enabled === false,
    query,
    setQuery,
    isOnlySoldOut,
    setIsOnlySoldOut,
    toggle: (menu: Pick<FullMenu, 'id'>, sectionId: number, item: MenuItem) => {
      const outOfStock = !item.outOfStock;
      void runSetStock(
        { menuId: menu.id, sectionId, itemId: item.id, outOfStock },
        t(outOfStock ? 'staff.markedOut' : 'staff.markedBack', { name: item.name }),
      );
    },
  };
};
