import type {
  CreateMenuRequestSchema,
  MenuBatchRequestSchema,
  SaveMenuRequestSchema,
} from '@carta/contract/menus';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import {
  columnNames,
  keysOf,
  recordColumnsOf,
  recordsetOf,
  recordValues,
  type TableRecordColumn,
} from '../../db/records.ts';
import {
  itemTranslations,
  itemVariants,
  menuItems,
  menuSections,
  menus,
  sectionTranslations,
} from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import {
  assertPhotosStored,
  type PhotoReference,
  type ReleasedImage,
  releaseUnusedPhotos,
} from '../images/image-store.ts';
import { itemColumns, newItemTranslations, newSectionTranslations } from './menu-content.ts';
import {
  assertMenuAllowance,
  assertThemeOf,
  loadFullMenu,
  loadMenuCards,
  lockClub,
  requireMenu,
} from './menu-store.ts';
import { applyBatch, positionAtEnd, renumber } from './siblings.ts';
import { variantColumns } from './variant-store.ts';

// Writes of whole menus: each in one transaction, with a bounded number of statements whatever the
// menu's size.

type NewSection = z.output<typeof CreateMenuRequestSchema>['sections'][number];
type NewItem = NewSection['items'][number];

// A record's category and item: their positions in the request, which are their new positions.
const SECTION_KEY = { key: 'sectionPosition', type: 'integer' };
const ITEM_KEY = { key: 'itemPosition', type: 'integer' };

/** Rows that belong to the new menu's items (translations, variants), each with its item's place. */
const rowsOfItems = <Row extends object>(sections: NewSection[], rowsOf: (item: NewItem) => Row[]) =>
  sections.flatMap((section, sectionPosition) =>
    section.items.flatMap((item, itemPosition) =>
      rowsOf(item).map((row) => ({ sectionPosition, itemPosition, ...row })),
    ),
  );

/**
 * The insert, named `name` in the statement, of rows that belong to the new menu's items: each row finds
 * its item by (category, position), both unique in a new menu.
 */
const itemRowsInsert = (
  name: string,
  table: typeof itemTranslations | typeof itemVariants,
  columns: TableRecordColumn[],
  rows: object[],
) => sql`${sql.raw(name)} as (
        insert into ${table} (item_id, ${columnNames(columns)})
        select new_items.id, ${recordValues('child', columns)}
        from ${recordsetOf('child', [SECTION_KEY, ITEM_KEY, ...columns], rows)}
        join new_sections on new_sections.position = child."sectionPosition"
        join new_items on new_items.section_id = new_sections.id and new_items.position = child."itemPosition"
      )`;

/**
 * A new menu's categories and items with their translations and variants, in one statement whatever their number:
 * each table's rows inserted from a JSON list (records.ts), chained by the ids the inserts return. A
 * category's rows find it by its position, an item's by (category, position): both are unique in a new
 * menu. Nothing comes back: the answer reads the menu whole.
 */
const contentStatement = (menuId: number, sections: NewSection[]) => {
  const sectionColumns = recordColumnsOf(menuSections, ['position', 'name', 'disabled']);
  const sectionRows = sections.map(({ name, disabled }, position) => ({ position, name, disabled }));
  const sectionTranslationColumns = recordColumnsOf(sectionTranslations, ['language', 'translatedName']);
  const sectionTranslationRows = sections.flatMap((section, sectionPosition) =>
    newSectionTranslations(section.translations).map((translation) => ({ sectionPosition, ...translation })),
  );
  const itemRows = sections.flatMap((section, sectionPosition) =>
    section.items.map((fields, position) => ({ sectionPosition, position, ...itemColumns(fields) })),
  );
  const itemColumnList = recordColumnsOf(
    menuItems,
    keysOf(itemRows).filter((key) => key !== SECTION_KEY.key),
  );
  const itemTranslationColumns = recordColumnsOf(itemTranslations, [
    'language',
    'translatedName',
    'translatedDescription',
    'translatedIngredients',
    'translatedPriceText',
    'translatedAdditionalNotes',
  ]);
  const itemTranslationRows = rowsOfItems(sections, (fields) => newItemTranslations(fields.translations));
  const variantColumnList = recordColumnsOf(itemVariants, ['name', 'nameTranslations', 'price', 'position']);
  const variantRows = rowsOfItems(sections, (fields) =>
    (fields.variants ?? []).map((variant, position) => variantColumns(variant, position)),
  );
  // A list without rows has no insert: nothing would name its columns.
  const inserts = [
    sql`new_sections as (
      insert into ${menuSections} (menu_id, ${columnNames(sectionColumns)})
      select ${menuId}, ${recordValues('section', sectionColumns)}
      from ${recordsetOf('section', sectionColumns, sectionRows)}
      returning id, position
    )`,
    sectionTranslationRows.length > 0 &&
      sql`new_section_translations as (
        insert into ${sectionTranslations} (section_id, ${columnNames(sectionTranslationColumns)})
        select new_sections.id, ${recordValues('translation', sectionTranslationColumns)}
        from ${recordsetOf('translation', [SECTION_KEY, ...sectionTranslationColumns], sectionTranslationRows)}
        join new_sections on new_sections.position = translation."sectionPosition"
      )`,
    itemRows.length > 0 &&
      sql`new_items as (
        insert into ${menuItems} (section_id, ${columnNames(itemColumnList)})
        select new_sections.id, ${recordValues('item', itemColumnList)}
        from ${recordsetOf('item', [SECTION_KEY, ...itemColumnList], itemRows)}
        join new_sections on new_sections.position = item."sectionPosition"
        returning id, section_id, position
      )`,
    itemTranslationRows.length > 0 &&
      itemRowsInsert('new_item_translations', itemTranslations, itemTranslationColumns, itemTranslationRows),
    variantRows.length > 0 &&
      itemRowsInsert('new_item_variants', itemVariants, variantColumnList, variantRows),
  ].filter((insert) => insert !== false);
  return sql`with ${sql.join(inserts, sql`, `)} select 1`;
};

/** The dishes' photos a new menu names, with where the request named each. */
const photosOf = (sections: NewSection[]): PhotoReference[] =>
  sections.flatMap((section, sectionIndex) =>
    section.items.flatMap((item, itemIndex) =>
      item.photo ? [{ path: `body.sections.${sectionIndex}.items.${itemIndex}.photo`, key: item.photo }] : [],
    ),
  );

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
  await assertPhotosStored(tx, clubId, photosOf(sections));
  const menuId = await insertMenu(tx, clubId, fields);
  if (sections.length > 0) await tx.execute(contentStatement(menuId, sections));
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

/**
 * A menu with its categories, items, schedules and banner (the database cascades); the dishes' photos
 * nothing else of the club uses are released.
 */
export const deleteMenu = (db: Database, clubId: number, menuId: number): Promise<ReleasedImage[]> =>
  db.transaction(async (tx) => {
    await lockClub(tx, clubId);
    await requireMenu(tx, clubId, menuId);
    const photos = await tx
      .selectDistinct({ photo: menuItems.photo })
      .from(menuItems)
      .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
      .where(and(eq(menuSections.menuId, menuId), isNotNull(menuItems.photo)));
    await tx.delete(menus).where(eq(menus.id, menuId));
    await renumber(tx, 'menus', clubId);
    return releaseUnusedPhotos(
      tx,
      clubId,
      photos.map((row) => row.photo),
    );
  });
