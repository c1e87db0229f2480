import { localMoment, menusAvailable, menusAvailableAt } from '@carta/contract/availability';
import type { GuestMenu } from '@carta/contract/guest';
import type { PublicTableResponse } from '@carta/contract/tables';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { addresses, clubs, clubTables, subscriptions, themes } from '../../db/schema.ts';
import { clubLogo, formatAddress, guestImage, isMenuLanguage } from '../clubs/club-details.ts';
import { loadFullMenu } from '../menus/menu-store.ts';
import { loadScheduledMenus } from '../tables/table-store.ts';

type ScheduledMenus = Awaited<ReturnType<typeof loadScheduledMenus>>;

const loadTableRow = async (db: Database, clubId: number, tableId: number) => {
  const [row] = await db
    .select({
      club: clubs,
      address: addresses,
      table: clubTables,
      subscription: subscriptions,
      theme: themes,
    })
    .from(clubTables)
    .innerJoin(clubs, eq(clubs.id, clubTables.clubId))
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(subscriptions, eq(subscriptions.clubId, clubs.id))
    .leftJoin(themes, eq(themes.id, clubs.themeId))
    .where(and(eq(clubTables.id, tableId), eq(clubTables.clubId, clubId)));
  return row ?? null;
};
type TableRow = NonNullable<Awaited<ReturnType<typeof loadTableRow>>>;

/** A club that is not open says so, and only so: coming soon, disabled, or its payment lapsed. */
const closedState = ({ club, subscription }: TableRow, now: Date) => {
  const isLapsed =
    !club.freeForever &&
    subscription !== null &&
    subscription.paymentErrorCode !== null &&
    subscription.currentPeriodEnd.getTime() < now.getTime();
  if (club.status === 'pending') return 'comingSoon' as const;
  if (club.status === 'suspended' || !club.enabled) return 'disabled' as const;
  if (isLapsed) return 'lapsed' as const;
  return null;
};

/**
 * The table a guest may call a waiter from: the club is open and has the call on. Null otherwise, so
 * the call answers 404 exactly as an unknown table does.
 */
export const loadCallableTable = async (db: Database, clubId: number, tableId: number, now = new Date()) => {
  const row = await loadTableRow(db, clubId, tableId);
  if (!row || closedState(row, now) || !row.club.callWaiterEnabled) return null;
  return row.table;
};

/** The languages a guest may read the menus in: the original and, when on, the club's translations. */
export const menuLanguagesOf = (club: { translationsEnabled: boolean; menuLanguages: string[] }) =>
  club.translationsEnabled ? club.menuLanguages.filter(isMenuLanguage) : [];

/** The next moment (weekday and time, club's wall clock) a menu opens for a zone, within a week. */
const nextOpening = (
  menus: ScheduledMenus,
  menuId: number | null,
  tableZone: number | null,
  from: { day: number; minutes: number },
) => {
  for (let step = 1; step <= (7 * 24 * 60) / 15; step += 1) {
    const total = (from.day - 1) * 1440 + from.minutes + step * 15;
    const moment = {
      day: (Math.floor(total / 1440) % 7) + 1,
      minutes: (total % 1440) - ((total % 1440) % 15),
    };
    const open = menusAvailableAt(menus, tableZone, moment);
    if (menuId === null ? open.length > 0 : open.some((menu) => menu.id === menuId)) {
      const hours = String(Math.floor(moment.minutes / 60)).padStart(2, '0');
      const minutes = String(moment.minutes % 60).padStart(2, '0');
      return { day: moment.day, time: `${hours}:${minutes}` };
    }
  }
  return null;
};

export type GuestTable =
  | { kind: 'notFound' }
  | {
      kind: 'closed';
      response: Extract<PublicTableResponse, { state: 'comingSoon' | 'disabled' | 'lapsed' }>;
    }
  | {
      kind: 'open';
      response: Extract<PublicTableResponse, { state: 'open' }>;
      languages: string[];
      nextOpening: { day: number; time: string } | null;
    };

/** What a table's guests may see now (spec §3 Table-menu view), or why they see nothing. */
export const loadGuestTable = async (
  db: Database,
  clubId: number,
  tableId: number,
  now = new Date(),
): Promise<GuestTable> => {
  const row = await loadTableRow(db, clubId, tableId);
  if (!row) return { kind: 'notFound' };
  const state = closedState(row, now);
  if (state) return { kind: 'closed', response: { state, clubName: row.club.name } };
  const { club } = row;
  const scheduled = await loadScheduledMenus(db, clubId);
  const available = menusAvailable(club, row.table, scheduled, now);
  const [{ logo }, logoImage] = await Promise.all([
    clubLogo(db, clubId, club.logo),
    guestImage(db, clubId, club.logo),
  ]);
  return {
    kind: 'open',
    languages: menuLanguagesOf(club),
    nextOpening: available.length
      ? null
      : nextOpening(scheduled, null, row.table.tableZoneId, localMoment(now, club.timeZone)),
    response: {
      state: 'open',
      clubName: club.name,
      tableName: row.table.name,
      callWaiterEnabled: club.callWaiterEnabled,
      logoImage,
      clubAddress: formatAddress(row.address),
      clubDisplayEmail: club.displayEmail,
      clubDisplayPhone: club.displayPhone,
      clubFacebook: club.facebook,
      clubInstagram: club.instagram,
      clubWebsite: club.website,
      clubWhatsapp: club.whatsapp,
      logo,
      menuFooter: available[0]?.footer ?? null,
      refreshTime: available.length ? Math.min(...available.map((menu) => menu.refreshTime)) : 60,
      theme: row.theme ? (({ clubId: _owner, ...theme }) => theme)(row.theme) : null,
      translationsEnabled: menuLanguagesOf(club).length > 0,
      menu: available.map((menu) => ({
        id: menu.id,
        name: menu.name,
        position: menu.position,
        // Only the languages guests may read now.
        translations: Object.fromEntries(
          menuLanguagesOf(club).flatMap((language) => {
            const name = menu.nameTranslations[language];
            return name ? [[language, name]] : [];
          }),
        ),
      })),
    },
  };
};

export type GuestMenuResult =
  | { kind: 'notFound' }
  | Extract<GuestTable, { kind: 'closed' }>
  | { kind: 'notAvailable'; clubName: string; nextOpening: { day: number; time: string } | null }
  | { kind: 'open'; menu: GuestMenu; languages: string[]; tableName: string; clubName: string };

/**
 * One menu as a guest may read it: only when it is available now at that table, and without hidden
 * categories and items, hidden notes or owner-only fields.
 */
export const loadGuestMenu = async (
  db: Database,
  clubId: number,
  tableId: number,
  menuId: number,
  now = new Date(),
): Promise<GuestMenuResult> => {
  const table = await loadGuestTable(db, clubId, tableId, now);
  if (table.kind !== 'open') return table;
  if (!table.response.menu.some((menu) => menu.id === menuId)) {
    const row = (await loadTableRow(db, clubId, tableId))!;
    const scheduled = await loadScheduledMenus(db, clubId);
    const exists = scheduled.some((menu) => menu.id === menuId && menu.enabled);
    return {
      kind: 'notAvailable',
      clubName: table.response.clubName,
      nextOpening: exists
        ? nextOpening(scheduled, menuId, row.table.tableZoneId, localMoment(now, row.club.timeZone))
        : null,
    };
  }
  const {
    adminDisplayName: _note,
    enabled: _enabled,
    themeId: _themeId,
    ...full
  } = await loadFullMenu(db, clubId, menuId);
  const languages = table.languages;
  const bannerImage = await guestImage(db, clubId, full.banner?.imageUrl ?? null);
  return {
    kind: 'open',
    tableName: table.response.tableName,
    clubName: table.response.clubName,
    languages,
    menu: {
      ...full,
      theme: full.theme ?? table.response.theme,
      logoImage: table.response.logoImage,
      bannerImage,
      translations: full.translations.filter((language) => languages.includes(language)),
      nameTranslations: Object.fromEntries(
        Object.entries(full.nameTranslations).filter(([language]) => languages.includes(language)),
      ),
      sections: full.sections
        .filter((section) => !section.disabled)
        .map((section) => ({
          ...section,
          items: section.items
            .filter((item) => !item.disabled)
            .map(({ disabled: _disabled, brandCode: _brandCode, ...item }) => item),
        }))
        .filter((section) => section.items.length > 0),
    },
  };
};
