import { TIME_PRICES_PER_CLUB_MAX } from '@carta/contract/time-prices';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { columnName, rowsOf } from '../../db/records.ts';
import {
  banners,
  itemTranslations,
  itemVariants,
  menuItems,
  menuSections,
  menus,
  schedulings,
  sectionTranslations,
  tableZones,
  themes,
  timePrices,
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
export const copiedColumns = (table: PgTable, set: string[]) =>
  Object.entries(getTableColumns(table))
    .filter(([key]) => key !== 'id' && key !== 'createdAt' && !set.includes(key))
    .map(([, column]) => sql`${sql.identifier(columnName(column))}`);

/** Columns for a select or an insert's list, `prefix.column` when given a table's alias. */
export const columnList = (columns: SQL[], prefix?: string) =>
  sql.join(
    columns.map((column) => (prefix ? sql`${sql.identifier(prefix)}.${column}` : column)),
    sql`, `,
  );

/**
 * Joins from a schedule (named `schedule` in the query) to its zone, `source_zone`, and to the zone of the
 * same name in the target club whatever its case, `target_zone` (null when the target has none): the one
 * rule by which a copy keeps a schedule's zone, and by which a copy to another club tells what it left out.
 */
export const zonesOfSchedule = (targetClubId: number) =>
  sql`left join ${tableZones} as source_zone on source_zone.id = schedule.table_zone_id
      left join ${tableZones} as target_zone
        on target_zone.club_id = ${targetClubId} and lower(target_zone.name) = lower(source_zone.name)`;

/** A menu's copy: where it goes and what it does not take from its source. */
export type MenuCopy = {
  sourceMenuId: number;
  /** The club the copy belongs to: the source's own (a duplicate) or another of the owner's (0089). */
  targetClubId: number;
  /** A new name, whose translations then start empty; null keeps the source's name and translations. */
  name: string | null;
  /** Shown to guests or not; null as the source is. */
  enabled: boolean | null;
};

/** What the statement is told besides the copy: whether the prices by time come along. */
type CopyStatementOptions = MenuCopy & { withTimePrices: boolean };

/**
 * The whole copy in one statement, whatever the menu's size: the menu, then each table's rows inserted
 * from the source's with `insert ... select`, chained by the ids the inserts return. A row of the copy
 * is matched to its source by its parent and position: the copies are numbered 0, 1, 2... in the
 * source's order (which the source's positions already are, every write renumbers), so each
 * (parent, position) is one row.
 * What belongs to a club is taken as the target club has it: the menu's theme when it is a standard one
 * or the target's own (else the target's default), a schedule's zone by its name whatever its case
 * (a schedule whose zone the target lacks is left out; every-zone schedules come as they are). Within
 * one club both are the source's own. Dishes' variants and the prices by time of the copied dishes and
 * categories come along, re-pointed at the copies.
 */
const copyStatement = ({
  sourceMenuId,
  targetClubId,
  name,
  enabled,
  withTimePrices,
}: CopyStatementOptions) => {
  const menuColumns = copiedColumns(menus, [
    'clubId',
    'name',
    'nameTranslations',
    'position',
    'enabled',
    'themeId',
    'updatedAt',
  ]);
  const sectionColumns = copiedColumns(menuSections, ['menuId', 'position']);
  const sectionTranslationColumns = copiedColumns(sectionTranslations, ['sectionId']);
  const itemColumns = copiedColumns(menuItems, ['sectionId', 'position']);
  const itemTranslationColumns = copiedColumns(itemTranslations, ['itemId']);
  const variantColumns = copiedColumns(itemVariants, ['itemId']);
  const timePriceColumns = copiedColumns(timePrices, ['clubId', 'itemId', 'sectionId']);
  const scheduleColumns = copiedColumns(schedulings, ['menuId', 'tableZoneId']);
  const bannerColumns = copiedColumns(banners, ['menuId']);
  const timePriceInserts = withTimePrices
    ? sql`
    copied_item_time_prices as (
      insert into ${timePrices} (${columnList(timePriceColumns)}, club_id, item_id)
      select ${columnList(timePriceColumns, 'rule')}, ${targetClubId}, item_copies.copy_id
      from ${timePrices} as rule join item_copies on item_copies.source_id = rule.item_id
    ),
    copied_section_time_prices as (
      insert into ${timePrices} (${columnList(timePriceColumns)}, club_id, section_id)
      select ${columnList(timePriceColumns, 'rule')}, ${targetClubId}, section_copies.copy_id
      from ${timePrices} as rule join section_copies on section_copies.source_id = rule.section_id
    ),`
    : sql``;
  return sql`
    with copied_menu as (
      insert into ${menus} (${columnList(menuColumns)}, club_id, name, name_translations, enabled, theme_id, position)
      select ${columnList(menuColumns)}, ${targetClubId},
        coalesce(${name}::text, name),
        -- A new name: the translations of the old one would not match it.
        case when ${name}::text is null then name_translations else '{}'::jsonb end,
        coalesce(${enabled}::boolean, enabled),
        (select theme.id from ${themes} as theme
          where theme.id = ${menus}.theme_id and (theme.club_id is null or theme.club_id = ${targetClubId})),
        ${positionAtEnd('menus', targetClubId)}
      from ${menus} where id = ${sourceMenuId}
      returning id
    ),
    source_sections as (
      select *, (row_number() over (order by position, id) - 1)::int as ordinal
      from ${menuSections} where menu_id = ${sourceMenuId}
    ),
    copied_sections as (
      insert into ${menuSections} (${columnList(sectionColumns)}, menu_id, position)
      select ${columnList(sectionColumns, 'source_sections')}, copied_menu.id, source_sections.ordinal
      from source_sections, copied_menu
      returning id, position
    ),
    section_copies as (
      select source_sections.id as source_id, copied_sections.id as copy_id
      from source_sections join copied_sections on copied_sections.position = source_sections.ordinal
    ),
    copied_section_translations as (
      insert into ${sectionTranslations} (${columnList(sectionTranslationColumns)}, section_id)
      select ${columnList(sectionTranslationColumns, 'translation')}, section_copies.copy_id
      from ${sectionTranslations} as translation
      join section_copies on section_copies.source_id = translation.section_id
    ),
    source_items as (
      select item.*, section_copies.copy_id as section_copy_id,
        (row_number() over (partition by item.section_id order by item.position, item.id) - 1)::int as ordinal
      from ${menuItems} as item join section_copies on section_copies.source_id = item.section_id
    ),
    copied_items as (
      insert into ${menuItems} (${columnList(itemColumns)}, section_id, position)
      select ${columnList(itemColumns, 'source_items')}, source_items.section_copy_id, source_items.ordinal
      from source_items
      returning id, section_id, position
    ),
    item_copies as (
      select source_items.id as source_id, copied_items.id as copy_id
      from source_items join copied_items on copied_items.section_id = source_items.section_copy_id
        and copied_items.position = source_items.ordinal
    ),
    copied_item_translations as (
      insert into ${itemTranslations} (${columnList(itemTranslationColumns)}, item_id)
      select ${columnList(itemTranslationColumns, 'translation')}, item_copies.copy_id
      from ${itemTranslations} as translation join item_copies on item_copies.source_id = translation.item_id
    ),
    copied_variants as (
      insert into ${itemVariants} (${columnList(variantColumns)}, item_id)
      select ${columnList(variantColumns, 'variant')}, item_copies.copy_id
      from ${itemVariants} as variant join item_copies on item_copies.source_id = variant.item_id
    ),
    ${timePriceInserts}
    copied_schedules as (
      insert into ${schedulings} (${columnList(scheduleColumns)}, menu_id, table_zone_id)
      select ${columnList(scheduleColumns, 'schedule')}, copied_menu.id, target_zone.id
      from ${schedulings} as schedule
      cross join copied_menu
      ${zonesOfSchedule(targetClubId)}
      where schedule.menu_id = ${sourceMenuId}
        and (schedule.table_zone_id is null or target_zone.id is not null)
    ),
    copied_banner as (
      insert into ${banners} (${columnList(bannerColumns)}, menu_id)
      select ${columnList(bannerColumns, 'banner')}, copied_menu.id
      from ${banners} as banner, copied_menu where banner.menu_id = ${sourceMenuId}
    )
    select id from copied_menu`;
};

/**
 * How many prices by time the source's dishes and categories have, and whether the target club can take
 * them all within TIME_PRICES_PER_CLUB_MAX: a copy takes all of them or none.
 */
const timePricesToCopy = async (tx: Transaction, { sourceMenuId, targetClubId }: MenuCopy) => {
  const [counts] = rowsOf(
    await tx.execute(sql`
      select
        (select count(*)::int from ${timePrices} as rule
          where rule.section_id in (select id from ${menuSections} where menu_id = ${sourceMenuId})
            or rule.item_id in (select item.id from ${menuItems} as item
              join ${menuSections} as section on section.id = item.section_id
              where section.menu_id = ${sourceMenuId})) as "copied",
        (select count(*)::int from ${timePrices} where club_id = ${targetClubId}) as "kept"`),
    z.object({ copied: z.number(), kept: z.number() }),
  );
  const copied = counts?.copied ?? 0;
  return { count: copied, fits: (counts?.kept ?? 0) + copied <= TIME_PRICES_PER_CLUB_MAX };
};

/**
 * Writes a deep, independent copy of a menu at the end of the target club's list (MenuCopy), in the
 * caller's transaction, which has locked the target club and checked its allowance. Answers the copy's
 * id and how many prices by time were left out: all of them when the target club could not take them
 * all (TIME_PRICES_PER_CLUB_MAX), else none.
 */
export const copyMenuRows = async (tx: Transaction, copy: MenuCopy) => {
  const timePriceCopies = await timePricesToCopy(tx, copy);
  const row = firstOrThrow(
    rowsOf(
      await tx.execute(copyStatement({ ...copy, withTimePrices: timePriceCopies.fits })),
      z.object({ id: z.number() }),
    ),
    'menu copy',
  );
  return { id: row.id, timePricesLeftOut: timePriceCopies.fits ? 0 : timePriceCopies.count };
};

/**
 * POST /menu/{menuId}/duplicate: a deep, independent copy at the end of the list (categories, items,
 * translations, variants, prices by time while the club has room for them, schedules, banner), within the
 * Free plan's allowance; answers the copy's card, which is what the menu list shows of it (0046: reading
 * a large copy back cost as much as copying it).
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
    const copy = await copyMenuRows(tx, {
      sourceMenuId: menuId,
      targetClubId: clubId,
      name: nameOf(source.name),
      enabled: null,
    });
    return loadMenuCard(tx, clubId, copy.id);
  });
