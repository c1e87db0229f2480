import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/records.ts';
import { clubs, pageViewDays, pageViews } from '../../db/schema.ts';
import { repeatWhileOpen } from '../../lib/repeat.ts';

/** Days of per-table detail kept in `page_views`, today's excepted; older days live on in `page_view_days`. */
export const PAGE_VIEW_DETAIL_DAYS = 90;
/** Clubs a statement looks at: ~50 detail rows a club a day (docs/capacity.md), ~50,000 rows a day's move. */
const ROLLUP_BATCH_CLUBS = 1_000;
/**
 * Detail rows a statement moves at most, so that a backlog (the first run over a year of detail) is moved
 * in statements of bounded length, each well inside the statement timeout: 100,000 rows took ~0.4 s on
 * the 2-core development machine.
 */
const ROLLUP_BATCH_ROWS = 100_000;
const ROLLUP_INTERVAL_MS = 60 * 60 * 1000;

/** The first UTC day whose per-table detail is kept on `now`: earlier days are rolled up. */
export const detailCutoff = (now: Date) =>
  new Date(now.getTime() - PAGE_VIEW_DETAIL_DAYS * 86_400_000).toISOString().slice(0, 10);

const BatchResultSchema = z.object({
  clubs: z.number(),
  lastClubId: z.number().nullable(),
  moved: z.number(),
});

type BatchSize = { clubs: number; rows: number };

/**
 * Moves up to `size.rows` page views of days before `cutoff`, of the `size.clubs` clubs after
 * `afterClubId`, into `page_view_days`, summed over the tables: one statement, so one transaction.
 *
 * Safe with several processes at once: the rows to move are locked, skipping rows another process has
 * locked, so two processes move different rows, and the insert adds to a day already there. The clubs
 * are locked (`for key share`) before their rows, in the order a club's deletion takes them (the club,
 * then its rows by cascade), so a deletion at that moment waits or is waited for, never deadlocks.
 */
const rollUpBatch = async (db: Database, cutoff: string, afterClubId: number, size: BatchSize) => {
  const result = await db.execute(sql`
    with batch as (
      select ${clubs.id} as id from ${clubs} where ${clubs.id} > ${afterClubId}
      order by ${clubs.id} limit ${size.clubs}
    ), owners as (
      select ${clubs.id} as id from ${clubs}
      where ${clubs.id} in (select id from batch)
        and exists (
          select from ${pageViews} where ${pageViews.clubId} = ${clubs.id} and ${pageViews.day} < ${cutoff}
        )
      for key share
    ), doomed as (
      select ${pageViews.clubId} as club_id, ${pageViews.tableId} as table_id,
        ${pageViews.menuId} as menu_id, ${pageViews.day} as day
      from ${pageViews}
      where ${pageViews.clubId} in (select id from owners) and ${pageViews.day} < ${cutoff}
      limit ${size.rows}
      for update skip locked
    ), moved as (
      delete from ${pageViews} using doomed
      where ${pageViews.clubId} = doomed.club_id and ${pageViews.tableId} = doomed.table_id
        and ${pageViews.menuId} = doomed.menu_id and ${pageViews.day} = doomed.day
      returning ${pageViews.clubId} as club_id, ${pageViews.menuId} as menu_id, ${pageViews.day} as day,
        ${pageViews.views} as views
    ), rolled as (
      insert into ${pageViewDays} (club_id, menu_id, day, views)
      select club_id, menu_id, day, sum(views) from moved
      group by club_id, menu_id, day
      order by club_id, menu_id, day
      on conflict (club_id, menu_id, day) do update set views = ${pageViewDays.views} + excluded.views
    )
    select (select count(*) from batch)::int as clubs, (select max(id) from batch) as "lastClubId",
      (select count(*) from moved)::int as moved`);
  const [row] = rowsOf(result, BatchResultSchema);
  return row ?? { clubs: 0, lastClubId: null, moved: 0 };
};

/**
 * Rolls the page views of days before the detail cutoff up to one row per club, menu and day: every club,
 * 1,000 clubs a statement (100,000 clubs: 100 statements), and more statements for clubs with more than
 * 100,000 rows to move. Answers how many detail rows were moved. `size`: smaller batches (tests).
 */
export const rollUpPageViews = async (
  db: Database,
  now = new Date(),
  size: BatchSize = { clubs: ROLLUP_BATCH_CLUBS, rows: ROLLUP_BATCH_ROWS },
): Promise<number> => {
  const cutoff = detailCutoff(now);
  let afterClubId = 0;
  let moved = 0;
  for (;;) {
    const batch = await rollUpBatch(db, cutoff, afterClubId, size);
    moved += batch.moved;
    // A full load: these clubs may have more to move.
    if (batch.moved === size.rows) continue;
    if (batch.lastClubId === null || batch.clubs < size.clubs) return moved;
    afterClubId = batch.lastClubId;
  }
};

/**
 * Rolls old page views up once the server is ready, then every hour until it closes (docs/decisions/
 * 0059-page-view-rollup.md). The cutoff moves once a day: a process that has rolled up to today's cutoff
 * skips the walk until the next.
 */
export const pageViewRollupPlugin = fp(
  async (app: FastifyInstance, { isRunning }: { isRunning: boolean }) => {
    if (!isRunning) return;
    let doneForCutoff: string | undefined;
    repeatWhileOpen(app, {
      name: 'page-view-rollup',
      everyMs: ROLLUP_INTERVAL_MS,
      task: async () => {
        const now = new Date();
        const cutoff = detailCutoff(now);
        if (cutoff === doneForCutoff) return;
        const moved = await rollUpPageViews(app.db, now);
        doneForCutoff = cutoff;
        if (moved > 0) app.log.info({ moved, before: cutoff }, 'page views rolled up');
      },
      // The next hour tries again; the rows stay where they are until then.
      onError: (error) => app.log.warn({ err: error }, 'page views not rolled up'),
    });
  },
  { name: 'page-view-rollup', dependencies: ['database', 'metrics'] },
);
