// A club's menus for their owner: the checks that the ids of a path belong together, the locks writes
// take, the plan's and the theme's checks, the full menu and the list's cards. The categories and
// dishes themselves are read in section-reads.ts.

import type { FullMenu } from '@carta/contract/entities';
import { FREE_PLAN_MAX_MENUS } from '@carta/contract/limits';
import type { MenuCard } from '@carta/contract/menus';
import { planAllows } from '@carta/contract/plan-features';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, readTogether, type Transaction } from '../../db/client.ts';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import {
  addresses,
  banners,
  clubs,
  menuItems,
  menuSections,
  menus,
  subscriptions,
  themes,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { clubLogo, formatAddress, isMenuLanguage } from '../clubs/club-details.ts';
import { clubPlan } from '../clubs/plan.ts';
import { loadSections } from './section-reads.ts';

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

/** Creating a menu on the Free plan: at most FREE_PLAN_MAX_MENUS (docs/product.md, Plans; 0014). Run under lockClub. */
export const assertMenuAllowance = async (tx: Transaction, clubId: number) => {
  const [club] = await tx
    .select({
      freeForever: clubs.freeForever,
      subscription: subscriptions,
      menuCount: sql<number>`(select count(*)::int from ${menus} where ${menus.clubId} = ${clubId})`,
    })
    .from(clubs)
    .leftJoin(subscriptions, subscriptionOfClub)
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

/** A menu's banner as owners and guests read it (docs/product.md, Banners). */
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

/** The club's address and contacts as a menu shows them, to its owner and to guests. */
export const clubContactsOf = (
  club: Pick<
    typeof clubs.$inferSelect,
    'displayEmail' | 'displayPhone' | 'facebook' | 'instagram' | 'website' | 'whatsapp'
  >,
  address: Parameters<typeof formatAddress>[0],
) => ({
  clubAddress: formatAddress(address),
  clubDisplayEmail: club.displayEmail,
  clubDisplayPhone: club.displayPhone,
  clubFacebook: club.facebook,
  clubInstagram: club.instagram,
  clubWebsite: club.website,
  clubWhatsapp: club.whatsapp,
});

/** GET /clubs/{clubId}/menu/{menuId}: the Full menu (docs/product.md, Menus), as the owner sees it (everything). */
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
    ...clubContactsOf(club, row.address),
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
