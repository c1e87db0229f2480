// Over 300 lines: the two statements a guest page is made from are written out here as SQL, with the
// code that turns their JSON back into the contract's shapes; split, each half would be read without the other.
import type { MenuItem, MenuSection } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import type { TimePriceRule } from '@carta/contract/price-in-force';
import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Database } from '../../db/client.ts';
import { addresses, banners, clubs, menus, subscriptions, themes } from '../../db/schema.ts';
import { UNCHANGED } from '../../plugins/guest-cache.ts';
import { isMenuLanguage } from '../clubs/club-details.ts';
import { describeImage } from '../images/images.ts';
import { type StoredFile, storedFileSql } from './guest-images.ts';

// What a guest page is made from, read in one statement each, built as JSON by PostgreSQL: handing
// over one JSON text costs the server a fraction of building tens of kilobytes of rows into objects
// (docs/decisions/0061-guest-pages-rendered-once.md). The shapes are the tables' own ($inferSelect).

/** A column's name in the database: the schema's key in snake_case unless it names itself (db/client.ts). */
const columnName = (column: Column) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/** A table's columns under the schema's keys (`club_id as "clubId"`), for a row sent as JSON. */
const keyed = (table: Table, alias: string) =>
  Object.entries(getTableColumns(table))
    .map(([key, column]) => `${alias}.${columnName(column as Column)} as "${key}"`)
    .join(', ');

/** Timestamp columns come as text in JSON: back to dates, as the rest of the code reads them. */
const timestampKeys = (table: Table) =>
  Object.entries(getTableColumns(table))
    .filter(([, column]) => (column as Column).columnType === 'PgTimestamp')
    .map(([key]) => key);

const DATES = {
  clubs: timestampKeys(clubs),
  addresses: timestampKeys(addresses),
  subscriptions: timestampKeys(subscriptions),
  themes: timestampKeys(themes),
  menus: timestampKeys(menus),
  banners: timestampKeys(banners),
};

const reviveDates = <Row>(row: Row, keys: string[]): Row => {
  if (row)
    for (const key of keys) {
      const record = row as Record<string, unknown>;
      if (typeof record[key] === 'string') record[key] = new Date(record[key] as string);
    }
  return row;
};

const rowOf = (table: Table, alias: string, from: string) =>
  `(select row_to_json(${alias}_row) from (select ${keyed(table, alias)} ${from}) as ${alias}_row)`;

/** The MD5 of the JSON a view was read from: what it is, to tell whether reading it again changed anything. */
const fingerprints = new WeakMap<object, string>();
export const fingerprintOf = (value: object | null) => (value ? (fingerprints.get(value) ?? null) : null);

type ClubTable = { id: number; name: string; tableZoneId: number | null };
type ScheduledMenu = {
  id: number;
  name: string;
  nameTranslations: Record<string, string>;
  position: number;
  enabled: boolean;
  footer: string | null;
  refreshTime: number;
  schedulings: {
    days: number[];
    startTime: string | null;
    endTime: string | null;
    tableZone: number | null;
  }[];
};

export type ClubRow = {
  club: typeof clubs.$inferSelect;
  address: typeof addresses.$inferSelect;
  subscription: typeof subscriptions.$inferSelect | null;
  theme: typeof themes.$inferSelect | null;
  logoFile: StoredFile | null;
};

/**
 * Everything a club's guest pages are made from but the menus' contents: the club, its tables and its
 * menus with their schedules. Kept by the guest pages (plugins/guest-cache.ts) until the club writes;
 * which menus a table has now is worked out from it at each request.
 */
export type ClubView = {
  row: ClubRow;
  tables: Map<number, ClubTable>;
  scheduled: ScheduledMenu[];
  /** The club's prices by time, for every menu (docs/decisions/0086-prices-by-time.md). */
  timePrices: TimePriceRule[];
};

/** The club's view as JSON text, built once: `$1` is the club's id. */
const CLUB_VIEW_SQL = `select (case when c.id is null then null else json_build_object(
  'club', ${rowOf(clubs, 'cl', 'from clubs cl where cl.id = c.id')},
  'address', ${rowOf(addresses, 'a', 'from addresses a where a.id = c.address_id')},
  'subscription', ${rowOf(subscriptions, 's', 'from subscriptions s where s.club_id = c.id')},
  'theme', ${rowOf(themes, 't', 'from themes t where t.id = c.theme_id')},
  'logoFile', ${storedFileSql('c.id', 'c.logo')},
  'tables', (select coalesce(json_agg(json_build_object('id', ct.id, 'name', ct.name, 'tableZoneId', ct.table_zone_id) order by ct.id), '[]'::json) from club_tables ct where ct.club_id = c.id),
  'scheduled', (select coalesce(json_agg(json_build_object(
      'id', m.id, 'name', m.name, 'nameTranslations', m.name_translations, 'position', m.position,
      'enabled', m.enabled, 'footer', m.footer, 'refreshTime', m.refresh_time,
      'schedulings', (select coalesce(json_agg(json_build_object('days', r.days, 'startTime', r.start_time, 'endTime', r.end_time, 'tableZone', r.table_zone_id) order by r.id), '[]'::json) from schedulings r where r.menu_id = m.id)
    ) order by m.id), '[]'::json) from menus m where m.club_id = c.id),
  'timePrices', (select coalesce(json_agg(json_build_object(
      'id', tp.id, 'sectionId', tp.section_id, 'itemId', tp.item_id, 'label', tp.label,
      'labelTranslations', tp.label_translations, 'days', tp.days, 'startTime', tp.start_time,
      'endTime', tp.end_time, 'price', tp.price, 'percentOff', tp.percent_off
    ) order by tp.id), '[]'::json) from time_prices tp where tp.club_id = c.id)
)::text end) as view from (select $1::int as wanted) w left join clubs c on c.id = w.wanted`;

/**
 * What a read answers: the JSON text and its MD5, or only `unchanged` when its MD5 is `known` (the one
 * read before): reading again what did not change costs PostgreSQL the JSON, and this server a few bytes.
 * Nothing: no such row.
 */
type Read =
  | { kind: 'none' }
  | { kind: 'unchanged'; hash: string }
  | { kind: 'read'; hash: string; text: string };

/** Runs one of the statements below with its parameters (`$1`, `$2`) and the MD5 known (`$9`). */
/** Each statement wrapped to answer its MD5 too, split at its parameters once, not at every read. */
const splitStatements = new Map<string, string[]>();
const partsOf = (statement: string) => {
  let parts = splitStatements.get(statement);
  if (!parts) {
    parts =
      `select md5(q.view) as hash, case when md5(q.view) = $9::text then null else q.view end as view from (${statement}) as q`.split(
        /\$(\d)/,
      );
    splitStatements.set(statement, parts);
  }
  return parts;
};

const readJson = async (db: Database, statement: string, parameters: number[], known: string | null) => {
  const chunks: SQL[] = partsOf(statement).map((part, index) =>
    index % 2 === 0 ? sql.raw(part) : sql`${part === '9' ? (known ?? '') : parameters[Number(part) - 1]}`,
  );
  const result = await db.execute(sql.join(chunks));
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  const [row] = rows as { hash: string | null; view: string | null }[];
  if (!row?.hash) return { kind: 'none' } satisfies Read;
  if (row.view === null) return { kind: 'unchanged', hash: row.hash } satisfies Read;
  return { kind: 'read', hash: row.hash, text: row.view } satisfies Read;
};

/**
 * The club's guest view, or null when there is no such club: one statement. With the fingerprint of the
 * view read before (`fingerprintOf`), `UNCHANGED` when it is the same.
 */
export function loadClubView(db: Database, clubId: number): Promise<ClubView | null>;
export function loadClubView(
  db: Database,
  clubId: number,
  known: string | null,
): Promise<ClubView | null | typeof UNCHANGED>;
export async function loadClubView(db: Database, clubId: number, known: string | null = null) {
  const read = await readJson(db, CLUB_VIEW_SQL, [clubId], known);
  if (read.kind === 'none') return null;
  if (read.kind === 'unchanged') return UNCHANGED;
  const { text } = read;
  const parsed = JSON.parse(text) as ClubRow &
    Pick<ClubView, 'scheduled' | 'timePrices'> & { tables: ClubTable[] };
  const { tables, scheduled, timePrices, ...row } = parsed;
  reviveDates(row.club, DATES.clubs);
  reviveDates(row.address, DATES.addresses);
  reviveDates(row.subscription, DATES.subscriptions);
  reviveDates(row.theme, DATES.themes);
  const view = { row, tables: new Map(tables.map((table) => [table.id, table])), scheduled, timePrices };
  fingerprints.set(view, read.hash);
  return view;
}

/** A menu's own rows (the menu, its banner and theme, its categories and visible dishes), as stored. */
export type MenuContent = {
  menuRow: {
    menu: typeof menus.$inferSelect;
    banner: typeof banners.$inferSelect | null;
    theme: typeof themes.$inferSelect | null;
    bannerFile: StoredFile | null;
  };
  sections: MenuSection[];
};

/**
 * A visible dish as the statement sends it: without its null fields (`json_strip_nulls`), its
 * translations without the original texts, which are the dish's own; both are filled in here.
 */
type StoredItem = {
  id: number;
  name: string;
  description?: string;
  ingredients?: string;
  allergens: MenuItem['allergens'];
  additionalNotes?: string;
  price?: number;
  priceText?: string;
  position: number;
  outOfStock: boolean;
  bestSeller: boolean;
  suggested: boolean;
  branded: boolean;
  brandCode?: string;
  translateName: boolean;
  photo?: string;
  photoFile?: StoredFile;
  translations?: Record<
    string,
    {
      id: number;
      name?: string;
      description?: string;
      ingredients?: string;
      priceText?: string;
      additionalNotes?: string;
    }
  >;
  /** Its variants in their order, when it has any. */
  variants?: { id: number; name: string; nameTranslations: Record<string, string>; price: number }[];
};

/** Translations in the menu languages only (kept in place). */
const onlyMenuLanguages = <Value>(translations: Record<string, Value>) => {
  for (const language of Object.keys(translations))
    if (!isMenuLanguage(language)) delete translations[language];
  return translations as Partial<Record<MenuLanguage, Value>>;
};

const menuItemOf = (item: StoredItem): MenuItem => {
  const translations: MenuItem['translations'] = {};
  for (const [language, translation] of Object.entries(item.translations ?? {}))
    if (isMenuLanguage(language))
      translations[language] = {
        id: translation.id,
        language,
        originalName: item.name,
        originalDescription: item.description ?? null,
        originalIngredients: item.ingredients ?? null,
        originalPriceText: item.priceText ?? null,
        originalAdditionalNotes: item.additionalNotes ?? null,
        translatedName: translation.name ?? null,
        translatedDescription: translation.description ?? null,
        translatedIngredients: translation.ingredients ?? null,
        translatedPriceText: translation.priceText ?? null,
        translatedAdditionalNotes: translation.additionalNotes ?? null,
      };
  return {
    id: item.id,
    name: item.name,
    description: item.description ?? null,
    ingredients: item.ingredients ?? null,
    allergens: item.allergens,
    additionalNotes: item.additionalNotes ?? null,
    price: item.price ?? null,
    priceText: item.priceText ?? null,
    position: item.position,
    // Hidden dishes are not read: every dish here is visible.
    disabled: false,
    outOfStock: item.outOfStock,
    bestSeller: item.bestSeller,
    suggested: item.suggested,
    branded: item.branded,
    brandCode: item.brandCode ?? null,
    translateName: item.translateName,
    // A key that names none of the club's stored images shows no photo.
    photo:
      item.photo && item.photoFile
        ? describeImage(item.photo, item.photoFile.variants, item.photoFile)
        : null,
    translations,
    variants: (item.variants ?? []).map((variant) => ({
      ...variant,
      nameTranslations: onlyMenuLanguages(variant.nameTranslations),
    })),
  };
};

/** A menu's content as JSON text, built once: `$1` is the menu's id, `$2` its club's. */
const MENU_CONTENT_SQL = `select (case when m.id is null then null else json_build_object(
  'menu', ${rowOf(menus, 'mm', 'from menus mm where mm.id = m.id')},
  'banner', ${rowOf(banners, 'b', 'from banners b where b.menu_id = m.id')},
  'theme', ${rowOf(themes, 't', 'from themes t where t.id = m.theme_id')},
  'bannerFile', ${storedFileSql('m.club_id', '(select b.image_url from banners b where b.menu_id = m.id)')},
  'sections', (select coalesce(json_agg(section order by section.position, section.id), '[]'::json) from (
    select s.id, s.name, s.position, s.disabled,
      (select coalesce(json_object_agg(st.language, json_build_object('id', st.id, 'language', st.language, 'originalName', s.name, 'translatedName', st.translated_name) order by st.id), '{}'::json)
        from section_translations st where st.section_id = s.id) as translations,
      (select coalesce(json_agg(json_strip_nulls(json_build_object(
          'id', i.id, 'name', i.name, 'description', i.description, 'ingredients', i.ingredients,
          'allergens', i.allergens, 'additionalNotes', i.additional_notes, 'price', i.price,
          'priceText', i.price_text, 'position', i.position, 'outOfStock', i.out_of_stock,
          'bestSeller', i.best_seller, 'suggested', i.suggested, 'branded', i.branded,
          'brandCode', i.brand_code, 'translateName', i.translate_name, 'photo', i.photo,
          'photoFile', ${storedFileSql('m.club_id', 'i.photo')},
          'translations', (select json_object_agg(it.language, json_build_object(
              'id', it.id, 'name', it.translated_name, 'description', it.translated_description,
              'ingredients', it.translated_ingredients, 'priceText', it.translated_price_text,
              'additionalNotes', it.translated_additional_notes) order by it.id)
            from item_translations it where it.item_id = i.id),
          'variants', (select json_agg(json_build_object('id', v.id, 'name', v.name,
              'nameTranslations', v.name_translations, 'price', v.price) order by v.position, v.id)
            from item_variants v where v.item_id = i.id)
        )) order by i.position, i.id), '[]'::json)
        from menu_items i where i.section_id = s.id and not i.disabled) as items
    from menu_sections s where s.menu_id = m.id and not s.disabled) as section)
)::text end) as view from (select $1::int as wanted) w left join menus m on m.id = w.wanted and m.club_id = $2::int`;

/** A menu's content, or null when the club has no such menu: one statement; `UNCHANGED` as above. */
export function loadMenuContent(db: Database, clubId: number, menuId: number): Promise<MenuContent | null>;
export function loadMenuContent(
  db: Database,
  clubId: number,
  menuId: number,
  known: string | null,
): Promise<MenuContent | null | typeof UNCHANGED>;
export async function loadMenuContent(
  db: Database,
  clubId: number,
  menuId: number,
  known: string | null = null,
) {
  const read = await readJson(db, MENU_CONTENT_SQL, [menuId, clubId], known);
  if (read.kind === 'none') return null;
  if (read.kind === 'unchanged') return UNCHANGED;
  const { text } = read;
  const parsed = JSON.parse(text) as MenuContent['menuRow'] & {
    sections: (Omit<MenuSection, 'items'> & { items: StoredItem[] })[];
  };
  const { sections, ...menuRow } = parsed;
  reviveDates(menuRow.menu, DATES.menus);
  reviveDates(menuRow.banner, DATES.banners);
  reviveDates(menuRow.theme, DATES.themes);
  const content = {
    menuRow,
    sections: sections.map((section) => ({
      ...section,
      translations: onlyMenuLanguages(section.translations),
      items: section.items.map(menuItemOf),
    })),
  };
  fingerprints.set(content, read.hash);
  return content;
}
