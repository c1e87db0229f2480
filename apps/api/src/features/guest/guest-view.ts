// Over 300 lines: what a guest may see of a club, a table and a menu, and why not, as pure functions of
// what was read (availability, plan, theme, languages); one set of rules for the pages, the calls and the PDF.
import { localMoment, menusAvailable } from '@carta/contract/availability';
import type { MenuSection } from '@carta/contract/entities';
import type { GuestMenu } from '@carta/contract/guest';
import { planAllows, withheldMenuIds } from '@carta/contract/plan-features';
import type { PublicTableResponse } from '@carta/contract/tables';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import { addresses, clubs, clubTables, storedFiles, subscriptions, themes } from '../../db/schema.ts';
import { isMenuLanguage } from '../clubs/club-details.ts';
import { clubPlan } from '../clubs/plan.ts';
import { describeImage } from '../images/images.ts';
import { bannerFields, clubContactsOf } from '../menus/menu-store.ts';
import { guestImageOf, storedFileColumns, storedKeyIn, storedKeyOf } from './guest-images.ts';
import { guestLinksOf } from './guest-links.ts';
import {
  type ClubRow,
  type ClubView,
  loadClubView,
  loadMenuContent,
  type MenuContent,
} from './guest-reads.ts';
import { clubMoment, withTimePrices } from './guest-time-prices.ts';
import { nextOpening } from './next-opening.ts';

type ScheduledMenus = ClubView['scheduled'];

/** The club's table with everything its guest view shows, the logo's stored file included: one statement. */
const loadTableRow = async (db: Database, clubId: number, tableId: number) => {
  const [row] = await db
    .select({
      club: clubs,
      address: addresses,
      table: { id: clubTables.id, name: clubTables.name, tableZoneId: clubTables.tableZoneId },
      subscription: subscriptions,
      theme: themes,
      logoFile: storedFileColumns,
    })
    .from(clubTables)
    .innerJoin(clubs, eq(clubs.id, clubTables.clubId))
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(subscriptions, subscriptionOfClub)
    .leftJoin(themes, eq(themes.id, clubs.themeId))
    .leftJoin(
      storedFiles,
      and(eq(storedFiles.clubId, clubs.id), eq(storedFiles.key, storedKeyOf(clubs.logo))),
    )
    .where(and(eq(clubTables.id, tableId), eq(clubTables.clubId, clubId)));
  return row ?? null;
};
type ClubTable = { id: number; name: string; tableZoneId: number | null };
type TableRow = ClubRow & { table: ClubTable };

/** The logo's address: the largest WebP of the image stored under exactly the club's logo key. */
const logoUrlOf = ({ club, logoFile }: ClubRow) =>
  club.logo && logoFile && storedKeyIn(club.logo) === club.logo
    ? describeImage(club.logo, logoFile.variants, logoFile).url
    : null;

/**
 * A club that is not open says so, and only so: coming soon or disabled. A club whose plan lapsed is
 * open, on Free (0048).
 */
export const closedState = ({ club }: ClubRow) => {
  if (club.status === 'pending') return 'comingSoon' as const;
  if (club.status === 'suspended' || !club.enabled) return 'disabled' as const;
  return null;
};

/** The club's plan now. */
export const planOf = (row: ClubRow, now: Date) => clubPlan({ subscription: row.subscription }, now);

/**
 * The table a guest may call a waiter from: the club is open and has the call on. Null otherwise, so
 * the call answers 404 exactly as an unknown table does.
 */
export const loadCallableTable = async (db: Database, clubId: number, tableId: number) => {
  const row = await loadTableRow(db, clubId, tableId);
  if (!row || closedState(row) || !row.club.callWaiterEnabled) return null;
  return row.table;
};

/** The languages a guest may read the menus in: the original and, when on, the club's translations. */
export const menuLanguagesOf = (club: { translationsEnabled: boolean; menuLanguages: string[] }) =>
  club.translationsEnabled ? club.menuLanguages.filter(isMenuLanguage) : [];

export type GuestTable =
  | { kind: 'notFound' }
  | {
      kind: 'closed';
      response: Extract<PublicTableResponse, { state: 'comingSoon' | 'disabled' }>;
    }
  | {
      kind: 'open';
      response: Extract<PublicTableResponse, { state: 'open' }>;
      languages: string[];
      nextOpening: { day: number; time: string } | null;
    };

export type TableView =
  | { isOpen: false; table: Exclude<GuestTable, { kind: 'open' }> }
  | {
      isOpen: true;
      table: Extract<GuestTable, { kind: 'open' }>;
      row: TableRow;
      /** The club's menus its plan serves, with their schedules: the others are kept from guests. */
      served: ScheduledMenus;
      /** The club's prices by time: which holds is read when a menu is made (guest-time-prices.ts). */
      timePrices: ClubView['timePrices'];
    };

/**
 * How a page is read: `preview` is the owner's preview (0073), where a club still waiting for
 * activation reads as open.
 */
export type GuestViewOptions = { preview?: boolean };

/** The table's view and what it was made from, for a caller that reads on (one menu) without reading it again. */
export const tableViewOf = (
  view: ClubView | null,
  tableId: number,
  now: Date,
  { preview = false }: GuestViewOptions = {},
): TableView => {
  const clubTable = view?.tables.get(tableId);
  if (!view || !clubTable) return { isOpen: false, table: { kind: 'notFound' } };
  const row: TableRow = { ...view.row, table: clubTable };
  const state = closedState(row);
  if (state && !(preview && state === 'comingSoon'))
    return { isOpen: false, table: { kind: 'closed', response: { state, clubName: row.club.name } } };
  const { club } = row;
  const { scheduled } = view;
  // Menus beyond the plan's limit stay stored and come back with the plan; meanwhile guests are not
  // served them, and are told so when this table would have one of them now.
  const withheld = withheldMenuIds(planOf(row, now), scheduled);
  const served = scheduled.filter((menu) => !withheld.has(menu.id));
  const availableOnAnyPlan = menusAvailable(club, row.table, scheduled, now);
  const available = availableOnAnyPlan.filter((menu) => !withheld.has(menu.id));
  const languages = menuLanguagesOf(club);
  const table: Extract<GuestTable, { kind: 'open' }> = {
    kind: 'open',
    languages,
    nextOpening: available.length
      ? null
      : nextOpening(served, null, row.table.tableZoneId, localMoment(now, club.timeZone)),
    response: {
      state: 'open',
      clubName: club.name,
      tableName: row.table.name,
      callWaiterEnabled: club.callWaiterEnabled,
      hasMenusWithheld: available.length < availableOnAnyPlan.length,
      logoImage: guestImageOf(club.logo, row.logoFile),
      clubLinks: guestLinksOf(club),
      ...clubContactsOf(club, row.address),
      logo: logoUrlOf(row),
      menuFooter: available[0]?.footer ?? null,
      refreshTime: available.length ? Math.min(...available.map((menu) => menu.refreshTime)) : 60,
      theme: themeForGuests(row.theme, row, now),
      translationsEnabled: languages.length > 0,
      menu: available.map((menu) => ({
        id: menu.id,
        name: menu.name,
        position: menu.position,
        // Only the languages guests may read now.
        translations: Object.fromEntries(
          languages.flatMap((language) => {
            const name = menu.nameTranslations[language];
            return name ? [[language, name]] : [];
          }),
        ),
      })),
    },
  };
  return { isOpen: true, table, row, served, timePrices: view.timePrices };
};

const withoutOwner = <Row extends { clubId: number | null }>({ clubId: _owner, ...rest }: Row) => rest;

/**
 * The theme guests see: a club's own theme only while its plan allows it (kept stored otherwise, so it
 * comes back with the plan); a standard theme always. Null falls back to the guest pages' default.
 */
const themeForGuests = <Row extends { clubId: number | null }>(theme: Row | null, row: ClubRow, now: Date) =>
  theme && (theme.clubId === null || planAllows(planOf(row, now), 'customTheme'))
    ? withoutOwner(theme)
    : null;

export type GuestMenuResult =
  | { kind: 'notFound' }
  | Extract<GuestTable, { kind: 'closed' }>
  | { kind: 'notAvailable'; clubName: string; nextOpening: { day: number; time: string } | null }
  | {
      kind: 'open';
      menu: GuestMenu;
      languages: string[];
      tableName: string;
      clubName: string;
      /** The club offers the menu as a PDF to guests: its switch is on and its plan allows it. */
      isPdfOffered: boolean;
    };

/**
 * Whether the menu is served at that table now: the open view, or why not (the menu is not served
 * there now, with its next opening, or the table or club is not open). Pure: from a club's view.
 */
export const menuAtTable = (
  view: TableView,
  menuId: number,
  now: Date,
):
  | Exclude<GuestMenuResult, { kind: 'open' }>
  | { kind: 'served'; view: Extract<TableView, { isOpen: true }> } => {
  if (!view.isOpen) return view.table;
  const { table, row, served } = view;
  if (table.response.menu.some((menu) => menu.id === menuId)) return { kind: 'served', view };
  // A menu the plan withholds is answered as one not served now, with no next opening.
  const exists = served.some((menu) => menu.id === menuId && menu.enabled);
  return {
    kind: 'notAvailable',
    clubName: table.response.clubName,
    nextOpening: exists
      ? nextOpening(served, menuId, row.table.tableZoneId, localMoment(now, row.club.timeZone))
      : null,
  };
};

/**
 * One menu as a guest may read it, from the table's open view and the menu's content: without hidden
 * categories and items, hidden notes or owner-only fields. Pure.
 */
export const guestMenuOf = (
  view: Extract<TableView, { isOpen: true }>,
  content: MenuContent,
  now: Date,
): Extract<GuestMenuResult, { kind: 'open' }> => {
  const { table, row } = view;
  const { menuRow, sections } = content;
  const { club, address } = row;
  const { menu } = menuRow;
  const { languages } = table;
  // A banner shows while the owner has it switched on and the plan allows promotions; otherwise it
  // stays stored and comes back with them.
  const plan = planOf(row, now);
  const banner = club.bannerUpdateEnabled && planAllows(plan, 'promotions') ? menuRow.banner : null;
  // Only the languages guests may read now.
  const readable = <Text>(translations: Partial<Record<string, Text>>) =>
    Object.fromEntries(
      Object.entries(translations).filter(
        ([language, text]) => isMenuLanguage(language) && text && languages.includes(language),
      ),
    );
  return {
    kind: 'open',
    tableName: table.response.tableName,
    clubName: table.response.clubName,
    languages,
    isPdfOffered: club.pdfMenuEnabled && planAllows(plan, 'pdfMenu'),
    menu: {
      id: menu.id,
      name: menu.name,
      nameTranslations: readable(menu.nameTranslations),
      position: menu.position,
      banner: banner && { ...bannerFields(banner), translations: readable(banner.translations) },
      bannerUrl: banner?.imageUrl ?? null,
      footer: menu.footer,
      footerTranslations: readable(menu.footerTranslations),
      logo: table.response.logo,
      refreshTime: menu.refreshTime,
      callWaiterEnabled: club.callWaiterEnabled,
      menuLabelEnabled: club.menuLabelEnabled,
      translationsEnabled: club.translationsEnabled,
      // The menu's own theme, else the club's.
      theme: themeForGuests(menuRow.theme, row, now) ?? table.response.theme,
      translations: club.menuLanguages
        .filter(isMenuLanguage)
        .filter((language) => languages.includes(language)),
      ...clubContactsOf(club, address),
      logoImage: table.response.logoImage,
      clubLinks: table.response.clubLinks,
      bannerImage: guestImageOf(banner?.imageUrl ?? null, menuRow.bannerFile),
      sections: withTimePrices(
        visibleSections(sections, { hasPhotos: club.itemPhotosEnabled }),
        view.timePrices,
        clubMoment(club, now),
      ),
    },
  };
};

/**
 * One menu as a guest may read it: only when it is available now at that table. The table's club, logo
 * and schedules are read once, for the table and the menu alike.
 */
export const loadGuestMenu = async (
  db: Database,
  clubId: number,
  tableId: number,
  menuId: number,
  now = new Date(),
  options: GuestViewOptions = {},
): Promise<GuestMenuResult> => {
  const atTable = menuAtTable(
    tableViewOf(await loadClubView(db, clubId), tableId, now, options),
    menuId,
    now,
  );
  if (atTable.kind !== 'served') return atTable;
  const content = await loadMenuContent(db, clubId, menuId);
  return content ? guestMenuOf(atTable.view, content, now) : { kind: 'notFound' };
};

/**
 * What guests see of a menu's categories: no hidden category, no hidden item, no empty category, no
 * owner-only field, and no dish's photo while the club has photos switched off (`hasPhotos`). The
 * printed menu (features/menu-pdf) shows the same.
 */
export const visibleSections = (
  sections: MenuSection[],
  { hasPhotos }: { hasPhotos: boolean },
): GuestMenu['sections'] =>
  sections
    .filter((section) => !section.disabled)
    .map((section) => ({
      ...section,
      items: section.items
        .filter((item) => !item.disabled)
        .map(({ disabled: _disabled, brandCode: _brandCode, ...item }) => ({
          ...item,
          photo: hasPhotos ? item.photo : null,
        })),
    }))
    .filter((section) => section.items.length > 0);
