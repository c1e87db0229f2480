import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { clubTables, menus, schedulings, tableZones } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';

type Db = Database | Transaction;

export const listTables = (db: Db, clubId: number) =>
  db
    .select({
      id: clubTables.id,
      name: clubTables.name,
      premium: clubTables.premium,
      tableZoneId: clubTables.tableZoneId,
    })
    .from(clubTables)
    .where(eq(clubTables.clubId, clubId))
    .orderBy(asc(clubTables.id));

export const listZones = (db: Db, clubId: number) =>
  db
    .select({ id: tableZones.id, name: tableZones.name })
    .from(tableZones)
    .where(eq(tableZones.clubId, clubId))
    .orderBy(asc(tableZones.name), asc(tableZones.id));

export const requireTable = async (db: Db, clubId: number, tableId: number) => {
  const [table] = await db
    .select()
    .from(clubTables)
    .where(and(eq(clubTables.id, tableId), eq(clubTables.clubId, clubId)));
  if (!table) throw notFound();
  return table;
};

export const requireZone = async (db: Db, clubId: number, zoneId: number) => {
  const [zone] = await db
    .select()
    .from(tableZones)
    .where(and(eq(tableZones.id, zoneId), eq(tableZones.clubId, clubId)));
  if (!zone) throw notFound();
  return zone;
};

/** Zone ids a request mentions must be the club's own. */
export const zonesAreOwn = async (db: Db, clubId: number, zoneIds: (number | null)[]) => {
  const wanted = [...new Set(zoneIds.filter((zoneId): zoneId is number => zoneId !== null))];
  if (wanted.length === 0) return true;
  const [found] = await db
    .select({ value: count() })
    .from(tableZones)
    .where(and(eq(tableZones.clubId, clubId), inArray(tableZones.id, wanted)));
  return found?.value === wanted.length;
};

/** Every menu of the club with its schedule rules, as the availability function takes them. */
export const loadScheduledMenus = async (db: Db, clubId: number) => {
  const menuRows = await db
    .select({
      id: menus.id,
      name: menus.name,
      nameTranslations: menus.nameTranslations,
      position: menus.position,
      enabled: menus.enabled,
      footer: menus.footer,
      refreshTime: menus.refreshTime,
    })
    .from(menus)
    .where(eq(menus.clubId, clubId));
  const rules = menuRows.length
    ? await db
        .select()
        .from(schedulings)
        .where(
          inArray(
            schedulings.menuId,
            menuRows.map((menu) => menu.id),
          ),
        )
    : [];
  return menuRows.map((menu) => ({
    ...menu,
    schedulings: rules
      .filter((rule) => rule.menuId === menu.id)
      .map((rule) => ({
        days: rule.days,
        startTime: rule.startTime,
        endTime: rule.endTime,
        tableZone: rule.tableZoneId,
      })),
  }));
};
