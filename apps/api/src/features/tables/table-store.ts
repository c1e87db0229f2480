import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { clubs, clubTables, tableZones } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { conflictOnUnique } from '../../lib/db-errors.ts';
import { requireOwnZones } from './zone-store.ts';

export const listTables = (db: Executor, clubId: number) =>
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

export const requireTable = async (db: Executor, clubId: number, tableId: number) => {
  const [table] = await db
    .select()
    .from(clubTables)
    .where(and(eq(clubTables.id, tableId), eq(clubTables.clubId, clubId)));
  if (!table) throw notFound();
  return table;
};

/** A table as PUT /tables asks for it; `path` is the request field its name came from. */
export type WantedTable = {
  id?: number | undefined;
  name: string;
  premium: boolean;
  tableZoneId: number | null;
  path: string;
};

/** The names the request repeats or takes from another of the club's tables, one issue per field. */
const takenNames = async (tx: Transaction, clubId: number, wanted: WantedTable[]) => {
  const seen = new Map<string, string>();
  const issues: { path: string; key: string }[] = [];
  for (const table of wanted) {
    const key = table.name.toLocaleLowerCase('it');
    if (seen.has(key)) issues.push({ path: table.path, key: 'errors.TABLE_NAME_TAKEN' });
    seen.set(key, table.path);
  }
  const ownIds = wanted.flatMap((table) => (table.id ? [table.id] : []));
  const others = await tx
    .select({ name: clubTables.name })
    .from(clubTables)
    .where(
      ownIds.length
        ? and(eq(clubTables.clubId, clubId), notInArray(clubTables.id, ownIds))
        : eq(clubTables.clubId, clubId),
    );
  for (const other of others) {
    const path = seen.get(other.name.toLocaleLowerCase('it'));
    if (path) issues.push({ path, key: 'errors.TABLE_NAME_TAKEN' });
  }
  return [...new Map(issues.map((issue) => [issue.path, issue])).values()];
};

/** Rows of `(values ...)` for an `update ... from`, each value cast so PostgreSQL knows its type. */
const valuesList = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * PUT /tables: changes and creates the tables in one transaction, a statement for all the changes and
 * one for all the new ones. Names are unique in the club whatever their case: checked here for an
 * answer per field, and by the index when two requests race.
 */
export const saveTables = (db: Database, clubId: number, wanted: WantedTable[]) =>
  conflictOnUnique(
    () =>
      db.transaction(async (tx) => {
        await requireOwnZones(
          tx,
          clubId,
          wanted.map((table) => table.tableZoneId),
          'body',
        );
        const issues = await takenNames(tx, clubId, wanted);
        if (issues.length > 0) throw new AppError(409, 'TABLE_NAME_TAKEN', { issues });
        // The same table twice in a request: the last one wins, as if written one after the other.
        const changes = [
          ...new Map(
            wanted.flatMap((table) => (table.id ? [[table.id, { ...table, id: table.id }]] : [])),
          ).values(),
        ];
        if (changes.length > 0) {
          const [owned] = await tx
            .select({ value: count() })
            .from(clubTables)
            .where(
              and(
                eq(clubTables.clubId, clubId),
                inArray(
                  clubTables.id,
                  changes.map((table) => table.id),
                ),
              ),
            );
          if (owned?.value !== changes.length) throw notFound();
          const rows = valuesList(
            changes.map(
              (table) =>
                sql`(${table.id}::integer, ${table.name}::text, ${table.premium}::boolean, ${table.tableZoneId}::integer)`,
            ),
          );
          await tx
            .update(clubTables)
            .set({
              name: sql`changed.name`,
              premium: sql`changed.premium`,
              tableZoneId: sql`changed.table_zone_id`,
            })
            .from(sql`(values ${rows}) as changed (id, name, premium, table_zone_id)`)
            .where(and(eq(clubTables.id, sql`changed.id`), eq(clubTables.clubId, clubId)));
        }
        const additions = wanted.filter((table) => !table.id);
        if (additions.length > 0)
          await tx
            .insert(clubTables)
            .values(
              additions.map(({ name, premium, tableZoneId }) => ({ clubId, name, premium, tableZoneId })),
            );
        return listTables(tx, clubId);
      }),
    'TABLE_NAME_TAKEN',
  );

/** Answers false when the club has no such table. */
export const deleteTable = async (db: Database, clubId: number, tableId: number) => {
  const deleted = await db
    .delete(clubTables)
    .where(and(eq(clubTables.id, tableId), eq(clubTables.clubId, clubId)))
    .returning({ id: clubTables.id });
  return deleted.length > 0;
};

/** What a sheet of QR codes prints: the club's name and languages, and its tables (all, or those chosen). */
export const loadQrSheet = async (db: Database, clubId: number, chosen: number[] | undefined) => {
  const [[club], tables] = await Promise.all([
    db
      .select({ name: clubs.name, menuLanguages: clubs.menuLanguages })
      .from(clubs)
      .where(eq(clubs.id, clubId)),
    listTables(db, clubId),
  ]);
  const zones = await db
    .select({ id: tableZones.id, name: tableZones.name })
    .from(tableZones)
    .where(eq(tableZones.clubId, clubId));
  const zoneName = new Map(zones.map((zone) => [zone.id, zone.name]));
  return {
    club: club ?? null,
    tables: tables
      .filter((table) => !chosen || chosen.includes(table.id))
      .map((table) => ({
        ...table,
        zoneName: table.tableZoneId ? (zoneName.get(table.tableZoneId) ?? null) : null,
      })),
  };
};
