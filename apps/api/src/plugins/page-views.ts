import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { columnNames, recordColumnsOf, recordsetOf, recordValues } from '../db/records.ts';
import { clubs, pageViews } from '../db/schema.ts';

const FLUSH_INTERVAL_MS = 10_000;
/** Rows per statement: a flush of ~3,000 clubs' rows takes a few statements, not one per club. */
export const FLUSH_BATCH_ROWS = 1_000;

export type PageViewCounter = {
  /** One guest page read at a table (menuId 0: the list of menus). */
  count: (clubId: number, tableId: number, menuId: number) => void;
  /** Writes what was counted (also every 10 seconds and at shutdown). */
  flush: () => Promise<void>;
};

/** The views of one page on one day, counted since the last flush. */
export type PendingViews = { clubId: number; tableId: number; menuId: number; day: string; views: number };

declare module 'fastify' {
  interface FastifyInstance {
    pageViews: PageViewCounter;
  }
}

const COLUMNS = recordColumnsOf(pageViews, ['clubId', 'tableId', 'menuId', 'day', 'views']);

/**
 * Adds counted views to `page_views` in one statement. Rows of a club deleted before the statement began
 * are left out by the join (`page_views.club_id` is its one foreign key), so they cannot fail the others.
 * Rows go in key order: two processes adding to the same rows lock them in the same order, never in a
 * deadlock.
 */
const addPageViews = (db: Database, rows: PendingViews[]) =>
  db.execute(sql`
    insert into ${pageViews} (${columnNames(COLUMNS)})
    select ${recordValues('counted', COLUMNS)}
    from ${recordsetOf('counted', COLUMNS, rows)}
    join ${clubs} on ${clubs.id} = counted."clubId"
    order by counted."clubId", counted."tableId", counted."menuId", counted.day
    on conflict (club_id, table_id, menu_id, day) do update set views = ${pageViews.views} + excluded.views`);

/** A foreign key refused the row (PostgreSQL 23503), as node-postgres or PGlite report it, wrapped or not. */
const isForeignKeyViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23503' || isForeignKeyViolation(cause);
};

/**
 * Adds `rows` in statements of up to FLUSH_BATCH_ROWS rows. A club deleted while a statement runs makes
 * its foreign key check fail: the statement is sent once more, and the join then leaves that club out.
 * Any other failure loses that statement's rows only, with a warning.
 */
export const savePageViews = async (
  db: Database,
  rows: PendingViews[],
  log: { warn: (details: object, message: string) => void },
) => {
  const sorted = [...rows].sort(
    (left, right) =>
      left.clubId - right.clubId ||
      left.tableId - right.tableId ||
      left.menuId - right.menuId ||
      (left.day < right.day ? -1 : left.day > right.day ? 1 : 0),
  );
  for (let start = 0; start < sorted.length; start += FLUSH_BATCH_ROWS) {
    const batch = sorted.slice(start, start + FLUSH_BATCH_ROWS);
    try {
      await addPageViews(db, batch).catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error;
        return addPageViews(db, batch);
      });
    } catch (error) {
      log.warn({ err: error, rows: batch.length }, 'page views not saved');
    }
  }
};

/**
 * Page views counted in memory and added to `page_views` now and then, a statement per 1,000 rows, so a
 * busy guest page never waits for a write. Numbers only: no cookie, no address, nothing about the guest.
 */
export const pageViewsPlugin = fp(
  async (app: FastifyInstance, { isRunning = true }: { isRunning?: boolean }) => {
    let pending = new Map<string, PendingViews>();
    const flush = async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      await savePageViews(app.db, [...batch.values()], app.log);
    };
    // Tests flush when they say (`isRunningJobs: false`): a timed flush between their counts and their
    // own would write what they are about to check.
    const timer = isRunning ? setInterval(() => void flush(), FLUSH_INTERVAL_MS) : undefined;
    timer?.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
    app.decorate('pageViews', {
      count: (clubId, tableId, menuId) => {
        const day = new Date().toISOString().slice(0, 10);
        const key = `${clubId}|${tableId}|${menuId}|${day}`;
        const counted = pending.get(key);
        if (counted) counted.views += 1;
        else pending.set(key, { clubId, tableId, menuId, day, views: 1 });
      },
      flush,
    } satisfies PageViewCounter);
  },
  { name: 'page-views', dependencies: ['database'] },
);
