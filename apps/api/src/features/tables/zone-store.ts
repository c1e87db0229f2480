import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { type Database, type Executor, readTogether } from '../../db/client.ts';
import { clubTables, schedulings, tableZones } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { conflictOnUnique, firstOrThrow } from '../../lib/db-errors.ts';

/** A zone id the request names is not one of the club's zones. */
const invalidZone = (path: string) =>
  new AppError(400, 'VALIDATION_ERROR', { issues: [{ path, key: 'validation.invalid' }] });

export const listZones = (db: Executor, clubId: number) =>
  db
    .select({ id: tableZones.id, name: tableZones.name })
    .from(tableZones)
    .where(eq(tableZones.clubId, clubId))
    .orderBy(asc(tableZones.name), asc(tableZones.id));

export const requireZone = async (db: Executor, clubId: number, zoneId: number) => {
  const [zone] = await db
    .select()
    .from(tableZones)
    .where(and(eq(tableZones.id, zoneId), eq(tableZones.clubId, clubId)));
  if (!zone) throw notFound();
  return zone;
};

/** Zone ids a request mentions must be the club's own. */
const zonesAreOwn = async (db: Executor, clubId: number, zoneIds: (number | null)[]) => {
  const wanted = [...new Set(zoneIds.filter((zoneId): zoneId is number => zoneId !== null))];
  if (wanted.length === 0) return true;
  const [found] = await db
    .select({ value: count() })
    .from(tableZones)
    .where(and(eq(tableZones.clubId, clubId), inArray(tableZones.id, wanted)));
  return found?.value === wanted.length;
};

/** Refuses (400 at `path`) zones that are not the club's; null stands for no zone and always passes. */
export const requireOwnZones = async (
  db: Executor,
  clubId: number,
  zoneIds: (number | null)[],
  path: string,
) => {
  if (!(await zonesAreOwn(db, clubId, zoneIds))) throw invalidZone(path);
};

/**
 * Creates a zone, or renames the club's zone `zoneId`. Zone names are unique in the club whatever their
 * case; the index says so, and two requests at once get the same answer as two in a row.
 */
export const saveZone = (db: Database, clubId: number, name: string, zoneId?: number) =>
  conflictOnUnique(
    async () => {
      if (!zoneId)
        return firstOrThrow(await db.insert(tableZones).values({ clubId, name }).returning(), 'zone');
      const [zone] = await db
        .update(tableZones)
        .set({ name })
        .where(and(eq(tableZones.id, zoneId), eq(tableZones.clubId, clubId)))
        .returning();
      if (!zone) throw notFound();
      return zone;
    },
    'CONFLICT',
    { path: 'body.name' },
  );

export type ZoneDeletion = {
  tables?: 'unassign' | 'delete' | undefined;
  schedulings?: 'everyZone' | 'delete' | undefined;
};

/**
 * Deletes a zone in one transaction. In use, the request must say what happens to its tables and its
 * schedule rules (409 ZONE_IN_USE naming the missing choice otherwise).
 */
export const deleteZone = (db: Database, clubId: number, zoneId: number, choices: ZoneDeletion) =>
  db.transaction(async (tx) => {
    await requireZone(tx, clubId, zoneId);
    const [[tableCount], [ruleCount]] = await readTogether(tx, [
      () => tx.select({ value: count() }).from(clubTables).where(eq(clubTables.tableZoneId, zoneId)),
      () => tx.select({ value: count() }).from(schedulings).where(eq(schedulings.tableZoneId, zoneId)),
    ]);
    const isTablesChoiceMissing = (tableCount?.value ?? 0) > 0 && !choices.tables;
    const isSchedulingsChoiceMissing = (ruleCount?.value ?? 0) > 0 && !choices.schedulings;
    if (isTablesChoiceMissing || isSchedulingsChoiceMissing)
      throw new AppError(409, 'ZONE_IN_USE', {
        issues: [
          ...(isTablesChoiceMissing ? [{ path: 'query.tables', key: 'errors.ZONE_IN_USE' }] : []),
          ...(isSchedulingsChoiceMissing ? [{ path: 'query.schedulings', key: 'errors.ZONE_IN_USE' }] : []),
        ],
      });
    if (choices.tables === 'delete') await tx.delete(clubTables).where(eq(clubTables.tableZoneId, zoneId));
    else await tx.update(clubTables).set({ tableZoneId: null }).where(eq(clubTables.tableZoneId, zoneId));
    if (choices.schedulings === 'delete')
      await tx.delete(schedulings).where(eq(schedulings.tableZoneId, zoneId));
    else await tx.update(schedulings).set({ tableZoneId: null }).where(eq(schedulings.tableZoneId, zoneId));
    await tx.delete(tableZones).where(eq(tableZones.id, zoneId));
  });
