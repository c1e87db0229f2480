import { type FullMenu, type MenuItem, MenuItemSchema, type MenuSection } from '@carta/contract/entities';
import { FREE_PLAN_MAX_MENUS, type MenuLanguage } from '@carta/contract/limits';
import type { MenuCard } from '@carta/contract/menus';
import { planAllows } from '@carta/contract/plan-features';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, readTogether, type Transaction } from '../../db/client.ts';
import { rowsOf } from '../../db/records.ts';
import {
  addresses,
  banners,
  clubs,
  itemTranslations,
  menuItems,
  menuSections,
  menus,
  sectionTranslations,
  storedFiles,
  subscriptions,
  themes,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { clubLogo, formatAddress, isMenuLanguage } from '../clubs/club-details.ts';
import { clubPlan } from '../clubs/plan.ts';
import { describeImage } from '../images/images.ts';

// Every id in a path belongs to the one before it: the checks below join up to the club.

export const requireMenu = async (db: Executor, clubId: number, menuId: number) => {
  const [menu] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.clubId, clubId)));
  if (!menu) throw notFound();
  return menu;
};

export const requireSection = async (db: Executor, clubId: number, menuId: number, sectionId: number) => {
  const [row] = await db
    .select({ section: menuSections })
    .from(menuSections)
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(and(eq(menuSections.id, sectionId), eq(menus.id, menuId), eq(menus.clubId, clubId)));
  if (!row) throw notFound();
  return row.section;
};

export type ItemIds = { clubId: number; menuId: number; sectionId: number; itemId: number };

const itemOf = ({ clubId, menuId, sectionId, itemId }: ItemIds) =>
  and(
    eq(menuItems.id, itemId),
    eq(menuSections.id, sectionId),
    eq(menus.id, menuId),
    eq(menus.clubId, clubId),
  );

export const requireItem = async (db: Executor, ids: ItemIds) => {
  const [row] = await db
    .select({ item: menuItems })
    .from(menuItems)
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(itemOf(ids));
  if (!row) throw notFound();
  return row.item;
};

/** Locks the club's row: writes that count or order a club's menus take turns. */
export const lockClub = (tx: Transaction, clubId: number) =>
  tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');

// Writes that order a menu's categories or items take turns on the menu's row. Each lock below checks
// the path and takes the lock in one statement: the row it answers is read under the lock.

/** The club's menu, locked; 404 when it is not the club's. */
export const lockMenu = async (tx: Transaction, clubId: number, menuId: number) => {
  const [menu] = await tx
    .select()
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.clubId, clubId)))
    .for('update');
  if (!menu) throw notFound();
  return menu;
};

/** A category of the club's menu, with the menu locked; 404 when the path does not hold. */
export const lockSectionMenu = async (tx: Transaction, clubId: number, menuId: number, sectionId: number) => {
  const [row] = await tx
    .select({ section: menuSections })
    .from(menuSections)
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(and(eq(menuSections.id, sectionId), eq(menus.id, menuId), eq(menus.clubId, clubId)))
    .for('update', { of: menus });
  if (!row) throw notFound();
  return row.section;
};

/** An item of the club's menu, with the menu locked; 404 when the path does not hold. */
export const lockItemMenu = async (tx: Transaction, ids: ItemIds) => {
  const [row] = await tx
    .select({ item: menuItems })
    .from(menuItems)
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(itemOf(ids))
    .for('update', { of: menus });
  if (!row) throw notFound();
  return row.item;
};

/** Creating a menu on the Free plan: at most FREE_PLAN_MAX_MENUS (spec §5). Run under lockClub. */
export const assertMenuAllowance = async (tx: Transaction, clubId: number) => {
  const [club] = await tx
    .select({
      freeForever: clubs.freeForever,
      subscription: subscriptions,
      menuCount: sql<number>`(select count(*)::int from ${menus} where ${menus.clubId} = ${clubId})`,
    })
    .from(clubs)
    .leftJoin(subscriptions, eq(subscriptions.clubId, clubs.id))
    .where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  if (planAllows(clubPlan(club), 'unlimitedMenus')) return;
  if (Number(club.menuCount) >= FREE_PLAN_MAX_MENUS) throw new AppError(403, 'FREE_PLAN_MENU_LIMIT');
};

/** A theme a menu may use: a standard one or the club's own. */
export const assertThemeOf = async (db: Executor, clubId: number, themeId: number | null) => {
  if (!themeId) return;
  const [theme] = await db.select({ clubId: themes.clubId }).from(themes).where(eq(themes.id, themeId));
  if (!theme || (theme.clubId !== null && theme.clubId !== clubId))
    throw new AppError(400, 'VALIDATION_ERROR', {
      issues: [{ path: 'body.themeId', key: 'validation.invalid' }],
    });
};

/** A menu's banner as owners and guests read it (spec §3 Banner). */
export const bannerFields = (banner: typeof banners.$inferSelect) => ({
  id: banner.id,
  title: banner.title,
  subtitle: banner.subtitle,
  description: banner.description,
  price: banner.price,
  imageUrl: banner.imageUrl,
  forYou: banner.forYou,
  translations: Object.fromEntries(
    Object.entries(banner.translations).filter(([language]) => isMenuLanguage(language)),
  ),
});

/** The banner's fields, or null for a menu without one. */
export const bannerOf = (banner: typeof banners.$inferSelect | null) =>
  banner ? bannerFields(banner) : null;

/** GET /clubs/{clubId}/menu/{menuId}: spec §3 Full menu, as the owner sees it (everything). */
export const loadFullMenu = async (db: Executor, clubId: number, menuId: number): Promise<FullMenu> => {
  const [row] = await db
    .select({ menu: menus, club: clubs, address: addresses, banner: banners, theme: themes })
    .from(menus)
    .innerJoin(clubs, eq(clubs.id, menus.clubId))
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(banners, eq(banners.menuId, menus.id))
    .leftJoin(themes, eq(themes.id, sql`coalesce(${menus.themeId}, ${clubs.themeId})`))
    .where(and(eq(menus.id, menuId), eq(menus.clubId, clubId)));
  if (!row) throw notFound();
  const { menu, club, banner, theme } = row;
  const [sections, logo] = await readTogether(db, [
    () => loadSections(db, [menu.id]),
    () => clubLogo(db, clubId, club.logo),
  ]);
  return {
    id: menu.id,
    name: menu.name,
    nameTranslations: Object.fromEntries(
      Object.entries(menu.nameTranslations).filter(([language, name]) => isMenuLanguage(language) && name),
    ),
    adminDisplayName: menu.adminDisplayName,
    position: menu.position,
    enabled: menu.enabled,
    themeId: menu.themeId,
    banner: bannerOf(banner),
    bannerUrl: banner?.imageUrl ?? null,
    footer: menu.footer,
    footerTranslations: Object.fromEntries(
      Object.entries(menu.footerTranslations).filter(
        ([language, footer]) => isMenuLanguage(language) && footer,
      ),
    ),
    logo: logo.logo,
    refreshTime: menu.refreshTime,
    callWaiterEnabled: club.callWaiterEnabled,
    menuLabelEnabled: club.menuLabelEnabled,
    translationsEnabled: club.translationsEnabled,
    sections: sections.get(menu.id) ?? [],
    theme: theme ? (({ clubId: _owner, ...rest }) => rest)(theme) : null,
    translations: club.menuLanguages.filter(isMenuLanguage),
    clubAddress: formatAddress(row.address),
    clubDisplayEmail: club.displayEmail,
    clubDisplayPhone: club.displayPhone,
    clubFacebook: club.facebook,
    clubInstagram: club.instagram,
    clubWebsite: club.website,
    clubWhatsapp: club.whatsapp,
  };
};

/** Menus' cards (the list's entries, with their badges and counts) in position order. */
const menuCards = async (db: Executor, where: SQL | undefined): Promise<MenuCard[]> => {
  const rows = await db
    .select({
      id: menus.id,
      name: menus.name,
      adminDisplayName: menus.adminDisplayName,
      position: menus.position,
      enabled: menus.enabled,
      // Written out: drizzle leaves columns of a one-table select unqualified, which subqueries make ambiguous.
      hasBanner: sql<boolean>`exists (select 1 from banners where banners.menu_id = menus.id)`,
      hasSchedulings: sql<boolean>`exists (select 1 from schedulings where schedulings.menu_id = menus.id)`,
      sectionCount: sql<number>`(select count(*)::int from menu_sections where menu_sections.menu_id = menus.id)`,
      itemCount: sql<number>`(select count(*)::int from menu_items join menu_sections on menu_sections.id = menu_items.section_id where menu_sections.menu_id = menus.id)`,
    })
    .from(menus)
    .where(where)
    .orderBy(asc(menus.position), asc(menus.id));
  return rows.map((row) => ({
    ...row,
    hasBanner: Boolean(row.hasBanner),
    hasSchedulings: Boolean(row.hasSchedulings),
    sectionCount: Number(row.sectionCount),
    itemCount: Number(row.itemCount),
  }));
};

/** The menu list of a club, with the badges and counts of its cards. */
export const loadMenuCards = (db: Executor, clubId: number) => menuCards(db, eq(menus.clubId, clubId));

/** One menu's card, as the club's list shows it; 404 when it is not the club's. */
export const loadMenuCard = async (db: Executor, clubId: number, menuId: number) => {
  const [card] = await menuCards(db, and(eq(menus.id, menuId), eq(menus.clubId, clubId)));
  if (!card) throw notFound();
  return card;
};

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
const ItemRowSchema = MenuItemSchema.omit({ translations: true, photo: true }).extend({
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

const ItemsJsonSchema = z.object({
  items: z.array(ItemRowSchema.extend({ photoFile: PhotoFileSchema.nullable() })),
  translations: z.array(ItemTranslationRowSchema),
});

/**
 * The items (with translations) of some categories, in position order, by category. They come as two
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
      ) as translation) as translations`);
  const [row] = rowsOf(result, ItemsJsonSchema);
  const translationsByItem = new Map<number, ItemTranslationRow[]>();
  for (const translation of row?.translations ?? []) {
    const list = translationsByItem.get(translation.itemId) ?? [];
    list.push(translation);
    translationsByItem.set(translation.itemId, list);
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
