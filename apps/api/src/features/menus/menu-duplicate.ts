import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { columnName, rowsOf } from '../../db/records.ts';
import {
  banners,
  itemTranslations,
  menuItems,
  menuSections,
  menus,
  schedulings,
  sectionTranslations,
} from '../../db/schema.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { assertMenuAllowance, loadMenuCard, lockClub, requireMenu } from './menu-store.ts';
import { positionAtEnd } from './siblings.ts';

/** "Cena (copia)" or "Dinner (copy)": the copy's name, in the owner's language, within the name limit. */
export const copyName = (name: string, language: string, max: number) => {
  const suffix = language === 'en' ? ' (copy)' : ' (copia)';
  return `${name.slice(0, max - suffix.length)}${suffix}`;
};

/**
 * The columns a copy takes from its source as they are: every column of the table but those named,
 * so a column added later is copied too.
 */
const copiedColumns = (table: PgTable, set: string[]) =>
  Object.entries(getTableColumns(table))
    .filter(([key]) => key !== 'id' && key !== 'createdAt' && !set.includes(key))
    .map(([, column]) => sql`${sql.identifier(columnName(column))}`);

const list = (columns: SQL[], prefix?: string) =>
  sql.join(
    columns.map((column) => (prefix ? sql`${sql.identifier(prefix)}.${column}` : column)),
    sql`, `,
  );

/**
 * The whole copy in one statement, whatever the menu's size: the menu, then each table's rows inserted
 * from the source's with `insert ... select`, chained by the ids the inserts return. A row of the copy
 * is matched to its source by its parent and position: the copies are numbered 0, 1, 2... in the
 * source's order (which the source's positions already are, every write renumbers), so each
 * (parent, position) is one row.
 */
const copyStatement = (clubId: number, menuId: number, name: string) => {
  const menuColumns = copiedColumns(menus, ['name', 'nameTranslations', 'position', 'updatedAt']);
  const sectionColumns = copiedColumns(menuSections, ['menuId', 'position']);
  const sectionTranslationColumns = copiedColumns(sectionTranslations, ['sectionId']);
  const itemColumns = copiedColumns(menuItems, ['sectionId', 'position']);
  const itemTranslationColumns = copiedColumns(itemTranslations, ['itemId']);
  const scheduleColumns = copiedColumns(schedulings, ['menuId']);
  const bannerColumns = copiedColumns(banners, ['menuId']);
  return sql`
    with copied_menu as (
      insert into ${menus} (${list(menuColumns)}, name, name_translations, position)
      -- The copy has a new name: the translations of the old one would not match it.
      select ${list(menuColumns)}, ${name}, '{}'::jsonb, ${positionAtEnd('menus', clubId)}
      from ${menus} where id = ${menuId}
      returning id
    ),
    source_sections as (
      select *, (row_number() over (order by position, id) - 1)::int as ordinal
      from ${menuSections} where menu_id = ${menuId}
    ),
    copied_sections as (
      insert into ${menuSections} (${list(sectionColumns)}, menu_id, position)
      select ${list(sectionColumns, 'source_sections')}, copied_menu.id, source_sections.ordinal
      from source_sections, copied_menu
      returning id, position
    ),
    section_copies as (
      select source_sections.id as source_id, copied_sections.id as copy_id
      from source_sections join copied_sections on copied_sections.position = source_sections.ordinal
    ),
    copied_section_translations as (
      insert into ${sectionTranslations} (${list(sectionTranslationColumns)}, section_id)
      select ${list(sectionTranslationColumns, 'translation')}, section_copies.copy_id
      from ${sectionTranslations} as translation
      join section_copies on section_copies.source_id = translation.section_id
    ),
    source_items as (
      select item.*, section_copies.copy_id as section_copy_id,
        (row_number() over (partition by item.section_id order by item.position, item.id) - 1)::int as ordinal
      from ${menuItems} as item join section_copies on section_copies.source_id = item.section_id
    ),
    copied_items as (
      insert into ${menuItems} (${list(itemColumns)}, section_id, position)
      select ${list(itemColumns, 'source_items')}, source_items.section_copy_id, source_items.ordinal
      from source_items
      returning id, section_id, position
    ),
    copied_item_translations as (
      insert into ${itemTranslations} (${list(itemTranslationColumns)}, item_id)
      select ${list(itemTranslationColumns, 'translation')}, copied_items.id
      from ${itemTranslations} as translation
      join source_items on source_items.id = translation.item_id
      join copied_items on copied_items.section_id = source_items.section_copy_id
        and copied_items.position = source_items.ordinal
    ),
    copied_schedules as (
      insert into ${schedulings} (${list(scheduleColumns)}, menu_id)
      select ${list(scheduleColumns, 'schedule')}, copied_menu.id
      from ${schedulings} as schedule, copied_menu where schedule.menu_id = ${menuId}
    ),
    copied_banner as (
      insert into ${banners} (${list(bannerColumns)}, menu_id)
      select ${list(bannerColumns, 'banner')}, copied_menu.id
      from ${banners} as banner, copied_menu where banner.menu_id = ${menuId}
    )
    select id from copied_menu`;
};

/**
 * POST /menu/{menuId}/duplicate: a deep, independent copy at the end of the list (categories, items,
 * translations, schedules, banner), within the Free plan's allowance; answers the copy's card, which
 * is what the menu list shows of it (0046: reading a large copy back cost as much as copying it).
 */
export const duplicateMenu = (
  db: Database,
  clubId: number,
  menuId: number,
  nameOf: (sourceName: string) => string,
) =>
  db.transaction(async (tx) => {
    await lockClub(tx, clubId);
    const source = await requireMenu(tx, clubId, menuId);
    await assertMenuAllowance(tx, clubId);
    const copy = firstOrThrow(
      rowsOf(
        await tx.execute(copyStatement(clubId, menuId, nameOf(source.name))),
        z.object({ id: z.number() }),
      ),
      'menu copy',
    );
    return loadMenuCard(tx, clubId, copy.id);
  });
