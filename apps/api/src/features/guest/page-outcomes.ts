import { pickLanguage } from '@carta/contract/accept-language';
import {
  guestMenuPath,
  guestMenuPdfPath,
  guestTablePath,
  guestWaiterPath,
  guestWifiPath,
} from '@carta/contract/guest-paths';
import { GUEST_PREVIEW_PARAM } from '@carta/contract/guest-preview';
import { API_BASE_PATH } from '@carta/contract/limits';
import { weekdayName } from '@carta/contract/weekdays';
import { chrome, fill } from '@carta/guest/chrome';
import { GUEST_LANGUAGES, type GuestLanguage, pickGuestLanguage } from '@carta/guest/messages';
import {
  type LanguageChoice,
  type PageSeo,
  type PreparedPage,
  prepareMenuPage,
  prepareNoticePage,
  prepareTablePage,
  type TableBits,
} from '@carta/guest/render';
import type { ClubRow, MenuContent } from './guest-reads.ts';
import { timePricesPageKey } from './guest-time-prices.ts';
import { guestMenuOf, menuAtTable, planOf, type TableView } from './guest-view.ts';

/**
 * What a guest page answers, worked out from a club's kept view without reading the database: a
 * redirect, or a page made for every table of the club at once, under a key that names what it shows
 * (docs/decisions/0061-guest-pages-rendered-once.md). Anything that differs per table is a slot.
 */
export type PageOutcome =
  | { status: 302; location: (table: TableBits) => string }
  | {
      status: 200 | 404;
      key: string;
      make: () => PreparedPage;
      /** A menu or a table's list read by a guest: counted as a view (a notice is not). */
      isView: boolean;
      /** Made from a copy kept while the database could not be read. */
      isStale: boolean;
    };

/** How the page is asked for: its language, the list of menus, the owner's preview (0073). */
export type PageRequest = {
  clubId: number;
  lang: string | undefined;
  list: boolean;
  acceptLanguage: string | undefined;
  /** The owner's signed preview parameter, carried on every link of a preview; null for guests. */
  preview: string | null;
  now: Date;
};

/** What a page is drawn with, the same for every page of the server. */
export type PageAssets = {
  script: string;
  fontUrlOf: (theme: { font: string } | null) => string | undefined;
  /** The site's public address (`PUBLIC_URL`): canonical links and share images are absolute (0087). */
  publicUrl: string;
};

/** The original text of a menu is taken to be Italian; translations add the club's other languages. */
const ORIGINAL_LANGUAGE = 'it';

const isGuestLanguage = (language: string): language is GuestLanguage =>
  (GUEST_LANGUAGES as readonly string[]).includes(language);

/**
 * The reading language: the one asked in the address, else the browser's among those the menu has.
 * A browser that speaks none of them, Italian included (a German phone), reads English when the menu
 * has it: more guests read it than the original. A browser saying nothing reads the original.
 */
const chooseLanguage = (
  available: string[],
  asked: string | undefined,
  acceptLanguage: string | undefined,
) => {
  const languages = [...new Set([ORIGINAL_LANGUAGE, ...available])].filter(isGuestLanguage);
  // The original is always among `languages`: an Italian browser never reaches the fallback.
  const fallback = acceptLanguage?.trim() && languages.includes('en') ? 'en' : ORIGINAL_LANGUAGE;
  const chosen =
    asked && languages.includes(asked as GuestLanguage)
      ? (asked as GuestLanguage)
      : pickLanguage(acceptLanguage, languages, fallback);
  return { language: chosen, languages };
};

const choices = (
  languages: GuestLanguage[],
  current: GuestLanguage,
  path: (table: TableBits) => string,
  extra = '',
): LanguageChoice[] =>
  languages.map((code) => ({
    code,
    href: (table: TableBits) => `${path(table)}?lang=${code}${extra}`,
    isCurrent: code === current,
  }));

/** The preview parameter again, for the links of a preview page: it stays a preview. */
const previewQueryOf = (preview: string | null) =>
  preview ? `&${GUEST_PREVIEW_PARAM}=${encodeURIComponent(preview)}` : '';

const nextOpeningText = (language: GuestLanguage, next: { day: number; time: string } | null) =>
  next
    ? fill(chrome[language].nextOpening, { day: weekdayName(next.day, { language }), time: next.time })
    : undefined;

/** The call-waiter button's two ways: the JSON call for the script, a page for a phone without it. */
const waiterLinks = (clubId: number, back: (table: TableBits) => string) => ({
  call: (table: TableBits) => `${API_BASE_PATH}/clubs/${clubId}/menu/tables/${table.tableId}/waiter-call`,
  form: (table: TableBits) =>
    `${guestWaiterPath(clubId, table.tableId)}?back=${encodeURIComponent(back(table))}`,
});

/** Where a tap on the club's Wi-Fi asks (0087): the JSON call for the script, a page without it. */
const wifiLinks = (clubId: number, language: GuestLanguage, back: (table: TableBits) => string) => ({
  call: (table: TableBits) => `${API_BASE_PATH}/clubs/${clubId}/menu/tables/${table.tableId}/wifi`,
  page: (table: TableBits) =>
    `${guestWifiPath(clubId, table.tableId)}?lang=${language}&back=${encodeURIComponent(back(table))}`,
});

/**
 * What share tags and structured data need beyond the page (0087): the site's address, the page's own
 * address in its reading language (its canonical address) and the club's address in parts.
 */
const seoOf = (
  assets: PageAssets,
  address: ClubRow['address'],
  pageUrl: (table: TableBits) => string,
): PageSeo => ({
  origin: assets.publicUrl,
  pageUrl: (table) => `${assets.publicUrl}${pageUrl(table)}`,
  address: {
    streetAddress: [address.line1, address.line2].filter(Boolean).join(', '),
    postalCode: address.postalCode,
    addressLocality: address.city,
    addressRegion: address.state,
    addressCountry: address.country,
  },
});

const tableName = (table: TableBits) => table.tableName;

/** A page of one message, kept under everything it says. */
const notice = (
  status: 200 | 404,
  props: Parameters<typeof prepareNoticePage>[0],
  linkKey = '',
): PageOutcome => ({
  status,
  key: `notice|${props.language}|${props.kind}|${props.clubName ?? ''}|${props.detail ?? ''}|${linkKey}`,
  isView: false,
  isStale: false,
  make: () => prepareNoticePage(props),
});

const notFound = (request: PageRequest) =>
  notice(404, { language: pickGuestLanguage(request.acceptLanguage), kind: 'notFound' });

/** The table's page: its menus now, one menu straight away when it has only one, or why it has none. */
export const tablePageOutcome = (
  view: TableView,
  viewKey: string,
  request: PageRequest,
  assets: PageAssets,
): PageOutcome => {
  if (view.table.kind === 'notFound') return notFound(request);
  if (view.table.kind === 'closed') {
    const { state, clubName } = view.table.response;
    return notice(200, { language: pickGuestLanguage(request.acceptLanguage), kind: state, clubName });
  }
  const { response } = view.table;
  const { clubId, preview } = request;
  const { language, languages } = chooseLanguage(view.table.languages, request.lang, request.acceptLanguage);
  const previewQuery = previewQueryOf(preview);
  const path = (table: TableBits) => guestTablePath(clubId, table.tableId);
  const menuHref = (menuId: number) => (table: TableBits) =>
    `${guestMenuPath(clubId, table.tableId, menuId)}?lang=${language}${previewQuery}`;
  // With exactly one menu, open it; the list stays one tap back (?list). Not when the plan withholds
  // others: the list says so (0048).
  const [onlyMenu, ...others] = response.menu;
  if (onlyMenu && others.length === 0 && !response.hasMenusWithheld && !request.list)
    return { status: 302, location: menuHref(onlyMenu.id) };
  const nextOpening = nextOpeningText(language, view.table.nextOpening) ?? null;
  const plan = view.isOpen ? planOf(view.row, request.now).kind : '';
  return {
    status: 200,
    key: `table|${viewKey}|${plan}|${language}|${response.menu.map((menu) => menu.id).join(',')}|${response.hasMenusWithheld}|${nextOpening ?? ''}`,
    isView: true,
    isStale: false,
    make: () =>
      prepareTablePage({
        script: assets.script,
        table: response,
        tableName,
        language,
        languages: choices(languages, language, path, previewQuery),
        menuHref,
        nextOpening,
        fontUrl: assets.fontUrlOf(response.theme),
        // A preview calls no waiter.
        waiter: preview ? null : waiterLinks(clubId, (table) => `${path(table)}?list&lang=${language}`),
        wifi: preview ? null : wifiLinks(clubId, language, (table) => `${path(table)}?list&lang=${language}`),
        // A table with one menu shows its list only when asked (?list): that is this page's address.
        seo: view.isOpen
          ? seoOf(assets, view.row.address, (table) =>
              onlyMenu && others.length === 0 && !response.hasMenusWithheld
                ? `${path(table)}?list&lang=${language}`
                : `${path(table)}?lang=${language}`,
            )
          : null,
        isPreview: preview !== null,
      }),
  };
};

/**
 * One menu's page: the menu when the table has it now, else why not. `content` reads the menu's own
 * rows (kept too), only when the table has the menu.
 */
export const menuPageOutcome = async (
  view: TableView,
  viewKey: string,
  menuId: number,
  request: PageRequest,
  assets: PageAssets,
  content: () => Promise<{ value: MenuContent | null; key: string; isStale: boolean }>,
): Promise<PageOutcome> => {
  const { clubId, preview, now } = request;
  const previewQuery = previewQueryOf(preview);
  const tablePath = (table: TableBits) => guestTablePath(clubId, table.tableId);
  const atTable = menuAtTable(view, menuId, now);
  if (atTable.kind === 'notFound') return notFound(request);
  if (atTable.kind === 'closed') {
    const { state, clubName } = atTable.response;
    return notice(200, { language: pickGuestLanguage(request.acceptLanguage), kind: state, clubName });
  }
  if (atTable.kind === 'notAvailable') {
    const language = pickGuestLanguage(request.acceptLanguage);
    const detail = nextOpeningText(language, atTable.nextOpening);
    return notice(
      200,
      {
        language,
        kind: 'menuClosed',
        clubName: atTable.clubName,
        detail,
        link: {
          href: (table) => `${tablePath(table)}?list${previewQuery}`,
          label: chrome[language].allMenus,
        },
      },
      // The link names the club: kept per club.
      `${clubId}|${previewQuery}`,
    );
  }
  const kept = await content();
  if (!kept.value) return notFound(request);
  const menuContent = kept.value;
  const { language, languages } = chooseLanguage(
    atTable.view.table.languages,
    request.lang,
    request.acceptLanguage,
  );
  const menuPath = (table: TableBits) => guestMenuPath(clubId, table.tableId, menuId);
  const plan = planOf(atTable.view.row, now).kind;
  return {
    status: 200,
    // Made again when a price by time starts or stops (0086), as a menu's schedule makes it come and go.
    key: `menu|${viewKey}|${kept.key}|${plan}|${language}${timePricesPageKey(atTable.view.timePrices, atTable.view.row.club, now)}`,
    isView: true,
    isStale: kept.isStale,
    make: () => {
      const result = guestMenuOf(atTable.view, menuContent, now);
      return prepareMenuPage({
        script: assets.script,
        menu: result.menu,
        clubName: result.clubName,
        tableName,
        language,
        languages: choices(languages, language, menuPath, previewQuery),
        listHref: (table) => `${tablePath(table)}?list&lang=${language}${previewQuery}`,
        fontUrl: assets.fontUrlOf(result.menu.theme),
        // A preview calls no waiter and offers no PDF: both are the open club's, for its guests.
        waiter: preview ? null : waiterLinks(clubId, (table) => `${menuPath(table)}?lang=${language}`),
        wifi: preview ? null : wifiLinks(clubId, language, (table) => `${menuPath(table)}?lang=${language}`),
        seo: seoOf(assets, atTable.view.row.address, (table) => `${menuPath(table)}?lang=${language}`),
        pdfHref:
          result.isPdfOffered && !preview
            ? (table) => `${guestMenuPdfPath(clubId, table.tableId, menuId)}?lang=${language}`
            : null,
        isPreview: preview !== null,
      });
    },
  };
};
