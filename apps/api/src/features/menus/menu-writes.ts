import type {
  CreateMenuRequestSchema,
  MenuBatchRequestSchema,
  SaveMenuRequestSchema,
} from '@carta/contract/menus';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { menuItems, menuSections, menus } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import {
  itemColumns,
  itemTranslationWrites,
  sectionTranslationWrites,
  writeItemTranslations,
  writeSectionTranslations,
} from './menu-content.ts';
import {
  assertMenuAllowance,
  assertThemeOf,
  loadFullMenu,
  loadMenuCards,
  lockClub,
  requireMenu,
} from './menu-store.ts';
import { insertRecords, rowsOf } from './records.ts';
import { applyBatch, positionAtEnd, renumber } from './siblings.ts';

// Writes of whole menus: each in one transaction, with a statement per table whatever the menu's size.

type NewSection = z.output<typeof CreateMenuRequestSchema>['sections'][number];

/**
 * A new menu's categories and items: one insert per table, the ids the database gave mapped back by
 * (category, position), which is unique among the rows of one insert.
 */
const insertContent = async (tx: Transaction, menuId: number, sections: NewSection[]) => {
  if (sections.length === 0) return;
  const sectionRows = await tx
    .insert(menuSections)
    .values(sections.map(({ name, disabled }, position) => ({ menuId, name, disabled, position })))
    .returning({ id: menuSections.id, position: menuSections.position });
  const sectionIds = sectionRows.sort((left, right) => left.position - right.position).map((row) => row.id);
  const content = sections.map((section, position) => {
    const sectionId = sectionIds[position];
    if (sectionId === undefined) throw new Error(`The insert returned no category at position ${position}`);
    return { sectionId, section };
  });
  await writeSectionTranslations(
    tx,
    content.flatMap(({ sectionId, section }) => sectionTranslationWrites(sectionId, section.translations)),
  );

  const items = content.flatMap(({ sectionId, section }) =>
    section.items.map((fields, position) => ({ sectionId, position, fields })),
  );
  if (items.length === 0) return;
  const rows = rowsOf(
    await tx.execute(
      insertRecords(
        menuItems,
        items.map(({ sectionId, position, fields }) => ({ sectionId, position, ...itemColumns(fields) })),
        sql`returning id, section_id as "sectionId", position`,
      ),
    ),
    z.object({ id: z.number(), sectionId: z.number(), position: z.number() }),
  );
  const keyOf = (sectionId: number, position: number) => `${sectionId}:${position}`;
  const itemIds = new Map(rows.map((row) => [keyOf(row.sectionId, row.position), row.id]));
  await writeItemTranslations(
    tx,
    items.flatMap(({ sectionId, position, fields }) => {
      const itemId = itemIds.get(keyOf(sectionId, position));
      if (itemId === undefined)
        throw new Error(`The insert returned no item at ${keyOf(sectionId, position)}`);
      return itemTranslationWrites(itemId, fields.translations);
    }),
  );
};

type MenuFields = Omit<z.output<typeof SaveMenuRequestSchema>, 'id'>;

/** A new menu at the end of the club's list, within the Free plan's allowance; answers its id. */
const insertMenu = async (tx: Transaction, clubId: number, fields: MenuFields) => {
  await lockClub(tx, clubId);
  await assertMenuAllowance(tx, clubId);
  const row = firstOrThrow(
    await tx
      .insert(menus)
      .values({ clubId, ...fields, position: positionAtEnd('menus', clubId) })
      .returning({ id: menus.id }),
    'menu',
  );
  return row.id;
};

/** POST /menu: a whole menu with its categories and items, in one transaction. */
export const createMenu = async (
  db: Database,
  clubId: number,
  { sections, ...fields }: z.output<typeof CreateMenuRequestSchema>,
) => {
  await assertThemeOf(db, clubId, fields.themeId);
  return db.transaction((tx) => insertWholeMenu(tx, clubId, { sections, ...fields }));
};

/** A whole menu written inside the caller's transaction (POST /menu, the Excel import): answers it. */
export const insertWholeMenu = async (
  tx: Transaction,
  clubId: number,
  { sections, ...fields }: z.output<typeof CreateMenuRequestSchema>,
) => {
  const menuId = await insertMenu(tx, clubId, fields);
  await insertContent(tx, menuId, sections);
  return loadFullMenu(tx, clubId, menuId);
};

/** PUT /menu: a new menu (no id) or a menu's own fields changed. */
export const saveMenu = async (
  db: Database,
  clubId: number,
  { id, ...fields }: z.output<typeof SaveMenuRequestSchema>,
) => {
  await assertThemeOf(db, clubId, fields.themeId);
  return db.transaction(async (tx) => {
    if (id) {
      const [changed] = await tx
        .update(menus)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(menus.id, id), eq(menus.clubId, clubId)))
        .returning({ id: menus.id });
      if (!changed) throw notFound();
      return loadFullMenu(tx, clubId, id);
    }
    return loadFullMenu(tx, clubId, await insertMenu(tx, clubId, fields));
  });
};

/** PUT /menu/batch: moves and switches, then the new list. */
export const changeMenus = (
  db: Database,
  clubId: number,
  rows: z.output<typeof MenuBatchRequestSchema>['menus'],
) =>
  db.transaction(async (tx) => {
    await lockClub(tx, clubId);
    await applyBatch(tx, 'menus', clubId, rows);
    return loadMenuCards(tx, clubId);
  });

/** A menu with its categories, items, schedules and banner (the database cascades). */
export const deleteMenu = (db: Database, clubId: number, menuId: number) =>
  db.transaction(async (tx) => {
    await lockClub(tx, clubId);
    await requireMenu(tx, clubId, menuId);
    await tx.delete(menus).where(eq(menus.id, menuId));
    await renumber(tx, 'menus', clubId);
  });
