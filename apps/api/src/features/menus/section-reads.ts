import type { MenuItem, MenuSection } from '@carta/contract/entities';
import { ItemVariantSchema, MenuItemSchema } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, readTogether } from '../../db/client.ts';
import { rowsOf } from '../../db/records.ts';
import {
  itemTranslations,
  itemVariants,
  menuItems,
  menuSections,
  menus,
  sectionTranslations,
  storedFiles,
} from '../../db/schema.ts';
import { isMenuLanguage } from '../clubs/club-details.ts';
import { describeImage } from '../images/images.ts';

// A menu's categories and their dishes as owners read them, with their translations and photos: the
// owner's screens, the full menu and the translation screen all read them here.

type ItemTranslationRow = typeof itemTranslations.$inferSelect;

const ItemTranslationRowSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  language: z.string(),
  translatedName: z.string().nullable(),
  translatedDescription: z.string().nullable(),
  translatedIngredients: z.string().nullable(),
  translatedPriceText: z.string().nullable(),
  translatedAdditionalNotes: z.string().nullable(),
}) satisfies z.ZodType<ItemTranslationRow>;

// The contract's item as stored: translations in their own rows, allergens as the column keeps them.
const ItemRowSchema = MenuItemSchema.omit({ translations: true, photo: true, variants: true }).extend({
  sectionId: z.number(),
  allergens: z.array(z.string()),
  photo: z.string().nullable(),
}) satisfies z.ZodType<typeof menuItems.$inferSelect>;

/** The stored file the item's photo key names (the club's own), read in the same statement. */
const PhotoFileSchema = z.object({
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ width: z.number(), height: z.number() })),
});

/** A table's columns under the schema's keys (`section_id as "sectionId"`), for rows sent as JSON. */
const keyedColumns = (table: typeof menuItems | typeof itemTranslations) =>
  sql.join(
    Object.entries(getTableColumns(table)).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** A variant as stored, with its item's id; its translations keep only the menu languages. */
const VariantRowSchema = ItemVariantSchema.extend({
  itemId: z.number(),
  nameTranslations: z.record(z.string(), z.string()),
});

const ItemsJsonSchema = z.object({
  items: z.array(ItemRowSchema.extend({ photoFile: PhotoFileSchema.nullable() })),
  translations: z.array(ItemTranslationRowSchema),
  variants: z.array(VariantRowSchema),
});

/** A variant's translated names in the menu languages only. */
export const menuLanguageNames = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).filter(([language]) => isMenuLanguage(language)));

/**
 * The items (with translations and variants) of some categories, in position order, by category. They come as three
 * JSON values of one statement: PGlite hands over a JSON text several times faster than as many rows of
 * typed columns.
 */
const loadItemsOf = async (db: Executor, where: SQL | undefined) => {
  const filter = where ? sql`where ${where}` : sql``;
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(item order by item.position, item.id), '[]'::json) from (
        select ${keyedColumns(menuItems)},
          case when photo_file.id is null then null else json_build_object(
            'width', photo_file.width, 'height', photo_file.height, 'variants', photo_file.variants
          ) end as "photoFile"
        from ${menuItems} join ${menuSections} on ${menuSections.id} = ${menuItems.sectionId}
        left join ${menus} as item_menu on item_menu.id = ${menuSections.menuId}
        left join ${storedFiles} as photo_file
          on photo_file.club_id = item_menu.club_id and photo_file.key = ${menuItems.photo}
        ${filter}
      ) as item) as items,
      (select coalesce(json_agg(translation order by translation.id), '[]'::json) from (
        select ${keyedColumns(itemTranslations)}
        from ${itemTranslations}
        join ${menuItems} on ${menuItems.id} = ${itemTranslations.itemId}
        join ${menuSections} on ${menuSections.id} = ${menuItems.sectionId} ${filter}
      ) as translation) as translations,
      (select coalesce(json_agg(variant order by variant."itemId", variant.position, variant.id), '[]'::json) from (
        select ${itemVariants.id} as id, ${itemVariants.itemId} as "itemId", ${itemVariants.name} as name,
          ${itemVariants.nameTranslations} as "nameTranslations", ${itemVariants.price} as price,
          ${itemVariants.position} as position
        from ${itemVariants}
        join ${menuItems} on ${menuItems.id} = ${itemVariants.itemId}
        join ${menuSections} on ${menuSections.id} = ${menuItems.sectionId} ${filter}
      ) as variant) as variants`);
  const [row] = rowsOf(result, ItemsJsonSchema);
  const translationsByItem = new Map<number, ItemTranslationRow[]>();
  for (const translation of row?.translations ?? []) {
    const list = translationsByItem.get(translation.itemId) ?? [];
    list.push(translation);
    translationsByItem.set(translation.itemId, list);
  }
  const variantsByItem = new Map<number, MenuItem['variants']>();
  for (const { itemId, id, name, nameTranslations, price } of row?.variants ?? []) {
    const list = variantsByItem.get(itemId) ?? [];
    list.push({ id, name, nameTranslations: menuLanguageNames(nameTranslations), price });
    variantsByItem.set(itemId, list);
  }
  const bySection = new Map<number, MenuItem[]>();
  for (const { sectionId, photo, photoFile, ...fields } of row?.items ?? []) {
    const translations = translationsByItem.get(fields.id) ?? [];
    const item: MenuItem = {
      ...fields,
      allergens: fields.allergens as MenuItem['allergens'],
      // A key that names none of the club's stored images shows no photo.
      photo: photo && photoFile ? describeImage(photo, photoFile.variants, photoFile) : null,
      translations: Object.fromEntries(
        translations
          .filter((translation) => isMenuLanguage(translation.language))
          .map((translation) => [
            translation.language,
            {
              id: translation.id,
              language: translation.language as MenuLanguage,
              originalName: fields.name,
              originalDescription: fields.description,
              originalIngredients: fields.ingredients,
              originalPriceText: fields.priceText,
              originalAdditionalNotes: fields.additionalNotes,
              translatedName: translation.translatedName,
              translatedDescription: translation.translatedDescription,
              translatedIngredients: translation.translatedIngredients,
              translatedPriceText: translation.translatedPriceText,
              translatedAdditionalNotes: translation.translatedAdditionalNotes,
            },
          ]),
      ),
      variants: variantsByItem.get(fields.id) ?? [],
    };
    const list = bySection.get(sectionId) ?? [];
    list.push(item);
    bySection.set(sectionId, list);
  }
  return bySection;
};

/** One item with its translations, or null when it is not in the category. */
export const loadItem = async (db: Executor, sectionId: number, itemId: number) => {
  const items = await loadItemsOf(db, and(eq(menuItems.sectionId, sectionId), eq(menuItems.id, itemId)));
  const [item] = items.get(sectionId) ?? [];
  return item ?? null;
};

/** The items of one category with their translations, in position order. */
export const loadItems = async (db: Executor, sectionId: number) =>
  (await loadItemsOf(db, eq(menuItems.sectionId, sectionId))).get(sectionId) ?? [];

/** Sections with items and translations of some menus, in position order: two statements. */
export const loadSections = async (
  db: Executor,
  menuIds: number[],
  onlySectionId?: number,
): Promise<Map<number, MenuSection[]>> => {
  const bySection = new Map<number, MenuSection[]>();
  if (menuIds.length === 0) return bySection;
  const where = onlySectionId
    ? and(inArray(menuSections.menuId, menuIds), eq(menuSections.id, onlySectionId))
    : inArray(menuSections.menuId, menuIds);
  const [sectionRows, itemsBySection] = await readTogether(db, [
    () =>
      db
        .select({ section: menuSections, translation: sectionTranslations })
        .from(menuSections)
        .leftJoin(sectionTranslations, eq(sectionTranslations.sectionId, menuSections.id))
        .where(where)
        .orderBy(asc(menuSections.position), asc(menuSections.id), asc(sectionTranslations.id)),
    () => loadItemsOf(db, where),
  ]);

  const sections = new Map<number, MenuSection & { menuId: number }>();
  for (const { section, translation } of sectionRows) {
    const entry = sections.get(section.id) ?? {
      menuId: section.menuId,
      id: section.id,
      name: section.name,
      position: section.position,
      disabled: section.disabled,
      items: itemsBySection.get(section.id) ?? [],
      translations: {},
    };
    if (translation && isMenuLanguage(translation.language))
      entry.translations[translation.language] = {
        id: translation.id,
        language: translation.language,
        originalName: section.name,
        translatedName: translation.translatedName,
      };
    sections.set(section.id, entry);
  }
  for (const { menuId, ...section } of sections.values()) {
    const list = bySection.get(menuId) ?? [];
    list.push(section);
    bySection.set(menuId, list);
  }
  return bySection;
};

/** One category with its items and translations, or null when it is not in the menu. */
export const loadSection = async (db: Executor, menuId: number, sectionId: number) => {
  const [section] = (await loadSections(db, [menuId], sectionId)).get(menuId) ?? [];
  return section ?? null;
};
