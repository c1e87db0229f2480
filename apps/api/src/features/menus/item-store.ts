import type { MenuItem } from '@carta/contract/entities';
import type { ItemBatchRequestSchema, SaveItemRequestSchema } from '@carta/contract/menus';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { menuItems } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { assertPhotosStored, type ReleasedImage, releaseUnusedPhotos } from '../images/image-store.ts';
import { itemColumns, itemTranslationWrites, writeItemTranslations } from './menu-content.ts';
import { type ItemIds, lockItemMenu, lockSectionMenu, requireItem } from './menu-store.ts';
import { loadItem, loadItems } from './section-reads.ts';
import { applyBatch, positionAtEnd, renumber } from './siblings.ts';
import { replaceItemVariants } from './variant-store.ts';

type SectionIds = Omit<ItemIds, 'itemId'>;

const itemOrNotFound = async (db: Executor, sectionId: number, itemId: number) => {
  const item = await loadItem(db, sectionId, itemId);
  if (!item) throw notFound();
  return item;
};

/** GET .../items/{itemId}: an item with its translations. */
export const readItem = async (db: Database, ids: ItemIds) => {
  await requireItem(db, ids);
  return itemOrNotFound(db, ids.sectionId, ids.itemId);
};

/** A write's answer and the photos it left unused, whose files go once it committed. */
export type PhotoWrite<Result> = { result: Result; released: ReleasedImage[] };

/**
 * PUT .../items: a new item at the end of its category (no id), or one changed, with its translations
 * and, when sent, its variants (which replace the saved set). Its photo must be one the club uploaded as a dish's photo; a photo it no longer shows is released
 * when nothing else of the club uses it.
 */
export const saveItem = (
  db: Database,
  { clubId, menuId, sectionId }: SectionIds,
  { id, ...fields }: z.output<typeof SaveItemRequestSchema>,
): Promise<PhotoWrite<MenuItem>> =>
  db.transaction(async (tx) => {
    if (id) {
      const previous = await lockItemMenu(tx, { clubId, menuId, sectionId, itemId: id });
      if (fields.photo && fields.photo !== previous.photo)
        await assertPhotosStored(tx, clubId, [{ path: 'body.photo', key: fields.photo }]);
      await tx.update(menuItems).set(itemColumns(fields)).where(eq(menuItems.id, id));
      await writeItemTranslations(tx, itemTranslationWrites(id, fields.translations));
      if (fields.variants) await replaceItemVariants(tx, id, fields.variants);
      const released =
        previous.photo !== fields.photo ? await releaseUnusedPhotos(tx, clubId, [previous.photo]) : [];
      return { result: await itemOrNotFound(tx, sectionId, id), released };
    }
    await lockSectionMenu(tx, clubId, menuId, sectionId);
    if (fields.photo) await assertPhotosStored(tx, clubId, [{ path: 'body.photo', key: fields.photo }]);
    const row = firstOrThrow(
      await tx
        .insert(menuItems)
        .values({ sectionId, position: positionAtEnd('items', sectionId), ...itemColumns(fields) })
        .returning({ id: menuItems.id }),
      'item',
    );
    await writeItemTranslations(tx, itemTranslationWrites(row.id, fields.translations));
    if (fields.variants?.length) await replaceItemVariants(tx, row.id, fields.variants);
    return { result: await itemOrNotFound(tx, sectionId, row.id), released: [] };
  });

/** PUT .../items/batch: moves and marks, then the category's items. */
export const changeItems = (
  db: Database,
  { clubId, menuId, sectionId }: SectionIds,
  rows: z.output<typeof ItemBatchRequestSchema>['items'],
) =>
  db.transaction(async (tx) => {
    await lockSectionMenu(tx, clubId, menuId, sectionId);
    await applyBatch(tx, 'items', sectionId, rows);
    return loadItems(tx, sectionId);
  });

/** Deletes an item; its photo is released when nothing else of the club uses it. */
export const deleteItem = (db: Database, ids: ItemIds): Promise<ReleasedImage[]> =>
  db.transaction(async (tx) => {
    const item = await lockItemMenu(tx, ids);
    await tx.delete(menuItems).where(eq(menuItems.id, ids.itemId));
    await renumber(tx, 'items', ids.sectionId);
    return releaseUnusedPhotos(tx, ids.clubId, [item.photo]);
  });

/** PATCH .../items/{itemId}/stock: marks the item out of stock or back, and answers it. */
export const setItemStock = (db: Database, ids: ItemIds, outOfStock: boolean) =>
  db.transaction(async (tx) => {
    await lockItemMenu(tx, ids);
    await tx.update(menuItems).set({ outOfStock }).where(eq(menuItems.id, ids.itemId));
    return itemOrNotFound(tx, ids.sectionId, ids.itemId);
  });
