import type { FullMenu, MenuItem, MenuSection } from '@carta/contract/entities';
import { FREE_PLAN_MAX_MENUS, type MenuLanguage } from '@carta/contract/limits';
import type { ItemFieldsSchema } from '@carta/contract/menus';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import {
  addresses,
  banners,
  clubs,
  itemTranslations,
  menuItems,
  menuSections,
  menus,
  schedulings,
  sectionTranslations,
  subscriptions,
  themes,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { clubLogo, formatAddress, isMenuLanguage } from '../clubs/club-details.ts';
import { clubPlan } from '../clubs/plan.ts';

type Db = Database | Transaction;
export type ItemFields = z.output<typeof ItemFieldsSchema>;
type SectionTranslationsInput =
  | Partial<Record<MenuLanguage, { translatedName: string | null } | null>>
  | undefined;
type ItemTranslationsInput = ItemFields['translations'];

// Every id in a path belongs to the one before it: the checks below join up to the club.

export const requireMenu = async (db: Db, clubId: number, menuId: number) => {
  const [menu] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.clubId, clubId)));
  if (!menu) throw notFound();
  return menu;
};

export const requireSection = async (db: Db, clubId: number, menuId: number, sectionId: number) => {
  const [row] = await db
    .select({ section: menuSections })
    .from(menuSections)
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(and(eq(menuSections.id, sectionId), eq(menus.id, menuId), eq(menus.clubId, clubId)));
  if (!row) throw notFound();
  return row.section;
};

export const requireItem = async (
  db: Db,
  ids: { clubId: number; menuId: number; sectionId: number; itemId: number },
) => {
  const [row] = await db
    .select({ item: menuItems })
    .from(menuItems)
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(
      and(
        eq(menuItems.id, ids.itemId),
        eq(menuSections.id, ids.sectionId),
        eq(menus.id, ids.menuId),
        eq(menus.clubId, ids.clubId),
      ),
    );
  if (!row) throw notFound();
  return row.item;
};

/** Locks the club's row: writes that count or order a club's menus take turns. */
export const lockClub = (tx: Transaction, clubId: number) =>
  tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');

/** Locks a menu: writes that order its categories or items take turns. */
export const lockMenu = (tx: Transaction, menuId: number) =>
  tx.select({ id: menus.id }).from(menus).where(eq(menus.id, menuId)).for('update');

const SIBLINGS = {
  menus: { table: menus, parent: menus.clubId },
  sections: { table: menuSections, parent: menuSections.menuId },
  items: { table: menuItems, parent: menuItems.sectionId },
} as const;
type Siblings = keyof typeof SIBLINGS;

/** Positions 0, 1, 2... in the current order, whatever gaps a delete or a move left. */
export const renumber = async (tx: Transaction, kind: Siblings, parentId: number) => {
  const { table, parent } = SIBLINGS[kind];
  await tx.execute(sql`
    update ${table} set position = ordered.rank - 1
    from (
      select id, row_number() over (order by position, id) as rank from ${table} where ${parent} = ${parentId}
    ) as ordered
    where ${table}.id = ordered.id and ${table}.position <> ordered.rank - 1`);
};

export const nextPosition = async (tx: Transaction, kind: Siblings, parentId: number) => {
  const { table, parent } = SIBLINGS[kind];
  const [row] = await tx.select({ value: count() }).from(table).where(eq(parent, parentId));
  return row?.value ?? 0;
};

/**
 * Applies a batch of moves and switches to siblings, all or nothing: every id must be a child of
 * `parentId` (else 404 and nothing changes). Rows keep their relative order unless given a position;
 * a row given position p lands at p in the new order. Positions come out contiguous from 0.
 */
export const applyBatch = async <Row extends { id: number; position?: number | undefined }>(
  tx: Transaction,
  kind: Siblings,
  parentId: number,
  rows: Row[],
  changesOf: (row: Row) => Record<string, boolean | undefined>,
) => {
  const { table, parent } = SIBLINGS[kind];
  const siblings = await tx
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(eq(parent, parentId))
    .orderBy(asc(table.position), asc(table.id));
  const known = new Set(siblings.map((sibling) => sibling.id));
  if (new Set(rows.map((row) => row.id)).size !== rows.length || rows.some((row) => !known.has(row.id)))
    throw notFound();

  for (const row of rows) {
    const changes = Object.fromEntries(
      Object.entries(changesOf(row)).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(changes).length > 0) await tx.update(table).set(changes).where(eq(table.id, row.id));
  }
  const moved = rows
    .filter((row) => row.position !== undefined)
    .sort((left, right) => left.position! - right.position!);
  if (moved.length === 0) return;
  const movedIds = new Set(moved.map((row) => row.id));
  const order = siblings.filter((sibling) => !movedIds.has(sibling.id)).map((sibling) => sibling.id);
  for (const row of moved) order.splice(Math.min(row.position!, order.length), 0, row.id);
  for (const [position, id] of order.entries()) {
    await tx.update(table).set({ position }).where(eq(table.id, id));
  }
};

/** Creating a menu on the Free plan: at most FREE_PLAN_MAX_MENUS (spec §5). */
export const assertMenuAllowance = async (tx: Transaction, clubId: number) => {
  const [club] = await tx
    .select({ freeForever: clubs.freeForever, subscription: subscriptions })
    .from(clubs)
    .leftJoin(subscriptions, eq(subscriptions.clubId, clubs.id))
    .where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  if (clubPlan(club).isSmart) return;
  const [menuCount] = await tx.select({ value: count() }).from(menus).where(eq(menus.clubId, clubId));
  if ((menuCount?.value ?? 0) >= FREE_PLAN_MAX_MENUS) throw new AppError(403, 'FREE_PLAN_MENU_LIMIT');
};

export const writeSectionTranslations = async (
  tx: Transaction,
  sectionId: number,
  translations: SectionTranslationsInput,
) => {
  for (const [language, translation] of Object.entries(translations ?? {})) {
    if (!translation?.translatedName) {
      await tx
        .delete(sectionTranslations)
        .where(and(eq(sectionTranslations.sectionId, sectionId), eq(sectionTranslations.language, language)));
      continue;
    }
    await tx
      .insert(sectionTranslations)
      .values({ sectionId, language, translatedName: translation.translatedName })
      .onConflictDoUpdate({
        target: [sectionTranslations.sectionId, sectionTranslations.language],
        set: { translatedName: translation.translatedName },
      });
  }
};

export const writeItemTranslations = async (
  tx: Transaction,
  itemId: number,
  translations: ItemTranslationsInput,
) => {
  for (const [language, translation] of Object.entries(translations ?? {})) {
    const isEmpty =
      !translation ||
      (!translation.translatedName &&
        !translation.translatedDescription &&
        !translation.translatedIngredients);
    if (isEmpty) {
      await tx
        .delete(itemTranslations)
        .where(and(eq(itemTranslations.itemId, itemId), eq(itemTranslations.language, language)));
      continue;
    }
    const values = {
      translatedName: translation.translatedName,
      translatedDescription: translation.translatedDescription,
      translatedIngredients: translation.translatedIngredients,
    };
    await tx
      .insert(itemTranslations)
      .values({ itemId, language, ...values })
      .onConflictDoUpdate({ target: [itemTranslations.itemId, itemTranslations.language], set: values });
  }
};

/** The columns of an item from its request fields. */
export const itemColumns = ({ translations: _translations, ...fields }: ItemFields) => ({
  ...fields,
  brandCode: fields.branded ? fields.brandCode : null,
});

export const insertItem = async (
  tx: Transaction,
  sectionId: number,
  position: number,
  fields: ItemFields,
) => {
  const [row] = await tx
    .insert(menuItems)
    .values({ sectionId, position, ...itemColumns(fields) })
    .returning({ id: menuItems.id });
  await writeItemTranslations(tx, row!.id, fields.translations);
  return row!.id;
};

const isLanguage = (language: string) => isMenuLanguage(language);

/** Sections with items and translations of some menus, in position order. */
export const loadSections = async (
  db: Db,
  menuIds: number[],
  onlySectionId?: number,
): Promise<Map<number, MenuSection[]>> => {
  const bySection = new Map<number, MenuSection[]>();
  if (menuIds.length === 0) return bySection;
  const sectionRows = await db
    .select()
    .from(menuSections)
    .where(
      onlySectionId
        ? and(inArray(menuSections.menuId, menuIds), eq(menuSections.id, onlySectionId))
        : inArray(menuSections.menuId, menuIds),
    )
    .orderBy(asc(menuSections.position), asc(menuSections.id));
  const sectionIds = sectionRows.map((section) => section.id);
  const [itemRows, sectionTranslationRows] = sectionIds.length
    ? await Promise.all([
        db
          .select()
          .from(menuItems)
          .where(inArray(menuItems.sectionId, sectionIds))
          .orderBy(asc(menuItems.position), asc(menuItems.id)),
        db.select().from(sectionTranslations).where(inArray(sectionTranslations.sectionId, sectionIds)),
      ])
    : [[], []];
  const itemIds = itemRows.map((item) => item.id);
  const itemTranslationRows = itemIds.length
    ? await db.select().from(itemTranslations).where(inArray(itemTranslations.itemId, itemIds))
    : [];

  const itemsBySection = new Map<number, MenuItem[]>();
  for (const item of itemRows) {
    const translations = Object.fromEntries(
      itemTranslationRows
        .filter((translation) => translation.itemId === item.id && isLanguage(translation.language))
        .map((translation) => [
          translation.language,
          {
            id: translation.id,
            language: translation.language as MenuLanguage,
            originalName: item.name,
            originalDescription: item.description,
            originalIngredients: item.ingredients,
            translatedName: translation.translatedName,
            translatedDescription: translation.translatedDescription,
            translatedIngredients: translation.translatedIngredients,
          },
        ]),
    );
    const { sectionId, ...fields } = item;
    const list = itemsBySection.get(sectionId) ?? [];
    list.push({ ...fields, allergens: fields.allergens as MenuItem['allergens'], translations });
    itemsBySection.set(sectionId, list);
  }
  for (const section of sectionRows) {
    const translations = Object.fromEntries(
      sectionTranslationRows
        .filter((translation) => translation.sectionId === section.id && isLanguage(translation.language))
        .map((translation) => [
          translation.language,
          {
            id: translation.id,
            language: translation.language as MenuLanguage,
            originalName: section.name,
            translatedName: translation.translatedName,
          },
        ]),
    );
    const list = bySection.get(section.menuId) ?? [];
    list.push({
      id: section.id,
      name: section.name,
      position: section.position,
      disabled: section.disabled,
      items: itemsBySection.get(section.id) ?? [],
      translations,
    });
    bySection.set(section.menuId, list);
  }
  return bySection;
};

/** GET /clubs/{clubId}/menu/{menuId}: spec §3 Full menu, as the owner sees it (everything). */
export const loadFullMenu = async (db: Db, clubId: number, menuId: number): Promise<FullMenu> => {
  const [row] = await db
    .select({ menu: menus, club: clubs, address: addresses, banner: banners })
    .from(menus)
    .innerJoin(clubs, eq(clubs.id, menus.clubId))
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(banners, eq(banners.menuId, menus.id))
    .where(and(eq(menus.id, menuId), eq(menus.clubId, clubId)));
  if (!row) throw notFound();
  const { menu, club, banner } = row;
  const themeId = menu.themeId ?? club.themeId;
  const [[theme], sections, logo] = await Promise.all([
    themeId ? db.select().from(themes).where(eq(themes.id, themeId)) : Promise.resolve([]),
    loadSections(db, [menu.id]),
    clubLogo(db, clubId, club.logo),
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
    banner: banner
      ? {
          id: banner.id,
          title: banner.title,
          subtitle: banner.subtitle,
          description: banner.description,
          price: banner.price,
          imageUrl: banner.imageUrl,
          forYou: banner.forYou,
        }
      : null,
    bannerUrl: banner?.imageUrl ?? null,
    footer: menu.footer,
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

/** The menu list of a club, with the badges and counts of its cards. */
export const loadMenuCards = async (db: Db, clubId: number) => {
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
    .where(eq(menus.clubId, clubId))
    .orderBy(asc(menus.position), asc(menus.id));
  return rows.map((row) => ({
    ...row,
    hasBanner: Boolean(row.hasBanner),
    hasSchedulings: Boolean(row.hasSchedulings),
    sectionCount: Number(row.sectionCount),
    itemCount: Number(row.itemCount),
  }));
};

/** "Cena (copia)" or "Dinner (copy)": the copy's name, in the owner's language, within the name limit. */
export const copyName = (name: string, language: string, max: number) => {
  const suffix = language === 'en' ? ' (copy)' : ' (copia)';
  return `${name.slice(0, max - suffix.length)}${suffix}`;
};

/** A deep, independent copy of a menu at the end of the list: categories, items, translations, schedules, banner. */
export const duplicateMenu = async (tx: Transaction, clubId: number, menuId: number, name: string) => {
  const source = await requireMenu(tx, clubId, menuId);
  const position = await nextPosition(tx, 'menus', clubId);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = source;
  const [copy] = await tx
    .insert(menus)
    // The copy has a new name: the translations of the old one would not match it.
    .values({ ...fields, name, nameTranslations: {}, position })
    .returning({ id: menus.id });
  const copyId = copy!.id;

  const sections = await tx.select().from(menuSections).where(eq(menuSections.menuId, menuId));
  for (const { id: sectionId, ...section } of sections) {
    const [sectionCopy] = await tx
      .insert(menuSections)
      .values({ ...section, menuId: copyId })
      .returning({ id: menuSections.id });
    const translations = await tx
      .select()
      .from(sectionTranslations)
      .where(eq(sectionTranslations.sectionId, sectionId));
    if (translations.length > 0)
      await tx
        .insert(sectionTranslations)
        .values(
          translations.map(({ id: _translationId, ...row }) => ({ ...row, sectionId: sectionCopy!.id })),
        );
    const items = await tx.select().from(menuItems).where(eq(menuItems.sectionId, sectionId));
    for (const { id: itemId, ...item } of items) {
      const [itemCopy] = await tx
        .insert(menuItems)
        .values({ ...item, sectionId: sectionCopy!.id })
        .returning({ id: menuItems.id });
      const itemTranslationRows = await tx
        .select()
        .from(itemTranslations)
        .where(eq(itemTranslations.itemId, itemId));
      if (itemTranslationRows.length > 0)
        await tx
          .insert(itemTranslations)
          .values(
            itemTranslationRows.map(({ id: _translationId, ...row }) => ({ ...row, itemId: itemCopy!.id })),
          );
    }
  }
  const rules = await tx.select().from(schedulings).where(eq(schedulings.menuId, menuId));
  if (rules.length > 0)
    await tx
      .insert(schedulings)
      .values(rules.map(({ id: _ruleId, ...rule }) => ({ ...rule, menuId: copyId })));
  const [banner] = await tx.select().from(banners).where(eq(banners.menuId, menuId));
  if (banner) {
    const { id: _bannerId, createdAt: _bannerCreated, ...bannerFields } = banner;
    await tx.insert(banners).values({ ...bannerFields, menuId: copyId });
  }
  return copyId;
};
