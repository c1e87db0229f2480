import type { FullMenu, MenuItem as Item, MenuSection } from '@carta/contract/entities';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteItem } from './api/delete-item.ts';
import { menuQueryOptions } from './api/get-menu.ts';
import { useUpdateItems } from './api/update-items.ts';
import { type ItemState, itemStateChange, withItemState } from './item-states.ts';
import { moved, toggledIn, withSectionItems } from './list-changes.ts';

/**
 * A category's items list: the dishes picked for a bulk change, the one being deleted, and each change
 * shown at once then sent (the server's answer replaces it, or puts it back on failure).
 */
export const useItemsList = (clubId: string, menu: FullMenu, section: MenuSection) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateItems(clubId, menu.id, section.id);
  const remove = useDeleteItem(clubId, menu.id, section.id);
  const runUpdate = useMutationWithToast(update);
  const runDelete = useMutationWithToast(remove);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<Item | null>(null);
  const key = menuQueryOptions(clubId, String(menu.id)).queryKey;

  const changeItems = (change: (items: Item[]) => Item[]) =>
    queryClient.setQueryData(key, (current) =>
      current ? withSectionItems(current, section.id, change) : current,
    );

  const setState = (ids: number[], state: ItemState, value: boolean, success?: string) => {
    changeItems((items) => withItemState(items, ids, state, value));
    return runUpdate(itemStateChange(ids, state, value), success);
  };

  /** Marks the selected dishes sold out (or back in stock). */
  const setSelectedOutOfStock = async (isOut: boolean) => {
    const success = t(isOut ? 'items.markedOut' : 'items.markedBack', { count: selected.size });
    const failure = await setState([...selected], 'outOfStock', isOut, success);
    // Done: the picked dishes are let go. Refused: they stay picked, so the owner can try again.
    if (failure === null) setSelected(new Set());
  };

  return {
    selected,
    toggleSelected: (id: number) => setSelected((current) => toggledIn(current, id)),
    clearSelection: () => setSelected(new Set()),
    setSelectedOutOfStock,
    toggleState: (item: Item, state: ItemState) => void setState([item.id], state, !item[state]),
    move: (item: Item, position: number) => {
      changeItems((items) => moved(items, item, position));
      void runUpdate({ items: [{ id: item.id, position }] });
    },
    deleting,
    setDeleting,
    isWorking: update.isPending || remove.isPending,
    confirmDelete: async () => {
      if (!deleting) return;
      const failure = await runDelete(deleting.id, t('items.deleted', { name: deleting.name }));
      if (failure === null) setDeleting(null);
    },
  };
};
