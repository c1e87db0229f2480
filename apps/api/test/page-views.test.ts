import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clubs, pageViewDays, pageViews } from '../src/db/schema.ts';
import { viewCounts } from '../src/features/clubs/club-store.ts';
import { detailCutoff, rollUpPageViews } from '../src/features/clubs/page-view-rollup.ts';
import { FLUSH_BATCH_ROWS } from '../src/plugins/page-views.ts';
import { seedOwnerWithClub } from './fixtures.ts';
import { present, seedClub, seedOwner, testDatabaseKind, useTestApp } from './helpers.ts';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number, from = new Date()) => dayOf(new Date(from.getTime() - days * DAY_MS));

describe('page view flushes', () => {
  const context = useTestApp();

  const threeClubs = async () => {
    const owner = await seedOwner(context.database);
    const seeded = await Promise.all([1, 2, 3].map(() => seedClub(context.database, owner.account.id)));
    return seeded.sort((left, right) => left.id - right.id);
  };

  const rowsOf = (clubIds: number[]) =>
    context.database.db
      .select({
        clubId: pageViews.clubId,
        tableId: pageViews.tableId,
        menuId: pageViews.menuId,
        views: pageViews.views,
      })
      .from(pageViews)
      .where(inArray(pageViews.clubId, clubIds))
      .orderBy(pageViews.clubId, pageViews.tableId, pageViews.menuId);

  /** Flushes and answers the statements the flush sent. */
  const flush = async () => {
    const before = context.database.statements();
    await context.app.pageViews.flush();
    return context.database.statements() - before;
  };

  it('writes the counts of three clubs in one statement, and adds to them in one more', async () => {
    const [first, second, third] = (await threeClubs()).map((club) => club.id) as [number, number, number];
    const { pageViews: counter } = context.app;
    counter.count(first, 1, 0);
    counter.count(first, 1, 5);
    counter.count(first, 1, 5);
    counter.count(second, 2, 0);
    counter.count(third, 3, 7);
    counter.count(third, 4, 7);
    expect(await flush()).toBe(1);
    counter.count(first, 1, 5);
    counter.count(third, 3, 7);
    expect(await flush()).toBe(1);
    expect(await rowsOf([first, second, third])).toEqual([
      { clubId: first, tableId: 1, menuId: 0, views: 1 },
      { clubId: first, tableId: 1, menuId: 5, views: 3 },
      { clubId: second, tableId: 2, menuId: 0, views: 1 },
      { clubId: third, tableId: 3, menuId: 7, views: 2 },
      { clubId: third, tableId: 4, menuId: 7, views: 1 },
    ]);
    // Nothing counted: no statement.
    expect(await flush()).toBe(0);
  });

  it('writes 1,000 rows a statement', async () => {
    const [club] = await threeClubs();
    const { id } = present(club, 'a club');
    for (let table = 1; table <= FLUSH_BATCH_ROWS + 1; table += 1) context.app.pageViews.count(id, table, 0);
    expect(await flush()).toBe(2);
    expect(await rowsOf([id])).toHaveLength(FLUSH_BATCH_ROWS + 1);
  });

  it("drops a deleted club's counts and keeps the others'", async () => {
    const [first, gone, third] = (await threeClubs()).map((club) => club.id) as [number, number, number];
    for (const clubId of [first, gone, third]) context.app.pageViews.count(clubId, 1, 0);
    await context.database.db.delete(clubs).where(eq(clubs.id, gone));
    expect(await flush()).toBe(1);
    expect((await rowsOf([first, gone, third])).map((row) => row.clubId)).toEqual([first, third]);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    "drops the counts of a club deleted while the statement runs, and keeps the others'",
    async () => {
      const [first, gone, third] = (await threeClubs()).map((club) => club.id) as [number, number, number];
      for (const clubId of [first, gone, third]) context.app.pageViews.count(clubId, 1, 0);
      const deleter = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await deleter.connect();
      // Another session watches: pg_stat_activity is read once per transaction, so the deleter's own
      // transaction would keep seeing the moment before the flush began.
      const watcher = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await watcher.connect();
      try {
        await deleter.query('begin');
        await deleter.query('delete from clubs where id = $1', [gone]);
        const before = context.database.statements();
        const flushed = context.app.pageViews.flush();
        // The insert reads the club as still there, then waits on the deletion for its foreign key check.
        for (let waited = 0; ; waited += 1) {
          const { rows } = await watcher.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where wait_event_type = 'Lock' and query like '%insert into "page_views"%'`,
          );
          if (rows[0]?.waiting) break;
          if (waited > 200) throw new Error('the flush never waited for the deletion');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await deleter.query('commit');
        await flushed;
        // The first statement failed on the deleted club's foreign key; the second left it out.
        expect(context.database.statements() - before).toBe(2);
      } finally {
        await deleter.end();
        await watcher.end();
      }
      expect((await rowsOf([first, gone, third])).map((row) => row.clubId)).toEqual([first, third]);
    },
  );
});

describe('page view rollup', () => {
  const context = useTestApp();

  const setUp = async () => {
    const { club, call } = await seedOwnerWithClub(context, { club: { freeForever: true } });
    const dinner: { id: number } = (await call('POST', '/menu', { name: 'Cena' })).json();
    const drinks: { id: number } = (await call('POST', '/menu', { name: 'Drink' })).json();
    return { club, call, dinner, drinks };
  };

  const detailOf = (clubId: number) =>
    context.database.db
      .select({ day: pageViews.day })
      .from(pageViews)
      .where(eq(pageViews.clubId, clubId))
      .orderBy(pageViews.day);

  const daysOf = (clubId: number) =>
    context.database.db
      .select({ menuId: pageViewDays.menuId, day: pageViewDays.day, views: pageViewDays.views })
      .from(pageViewDays)
      .where(eq(pageViewDays.clubId, clubId))
      .orderBy(pageViewDays.day, pageViewDays.menuId);

  it('keeps 90 days of per-table detail, one row per menu and day before them, and the same answers', async () => {
    const { club, call, dinner, drinks } = await setUp();
    const other = await seedClub(context.database, club.ownerId);
    const now = new Date();
    const views = (day: string, tableId: number, menuId: number, count: number, clubId = club.id) => ({
      clubId,
      tableId,
      menuId,
      day,
      views: count,
    });
    await context.database.db
      .insert(pageViews)
      .values([
        views(daysAgo(120, now), 1, dinner.id, 4),
        views(daysAgo(120, now), 2, dinner.id, 3),
        views(daysAgo(120, now), 2, 0, 1),
        views(daysAgo(91, now), 1, drinks.id, 2),
        views(daysAgo(91, now), 3, drinks.id, 5),
        views(daysAgo(70, now), 1, dinner.id, 6),
        views(daysAgo(70, now), 2, dinner.id, 1),
        views(daysAgo(10, now), 1, drinks.id, 8),
        views(dayOf(now), 4, dinner.id, 9),
        views(daysAgo(100, now), 1, 0, 11, other.id),
      ]);
    const statsOf = async () => (await call('GET', '/stats/views?days=90')).json();
    const everything = () => viewCounts(context.database.db, club.id, '2000-01-01');
    const sorted = (counts: Awaited<ReturnType<typeof everything>>) => ({
      perDay: [...counts.perDay].sort((left, right) => left.day.localeCompare(right.day)),
      perMenu: [...counts.perMenu].sort((left, right) => left.menuId - right.menuId),
    });
    const stats = await statsOf();
    expect(stats.total).toBe(6 + 1 + 8 + 9);
    const all = sorted(await everything());
    expect(all.perDay.reduce((sum, day) => sum + day.views, 0)).toBe(4 + 3 + 1 + 2 + 5 + 6 + 1 + 8 + 9);

    const clubsBefore = await context.database.db.$count(clubs);
    const before = context.database.statements();
    expect(await rollUpPageViews(context.database.db, now)).toBeGreaterThanOrEqual(5 + 1);
    const statements = context.database.statements() - before;
    // One statement per 1,000 clubs (other test files may add clubs on a shared PostgreSQL meanwhile).
    expect(statements).toBeGreaterThanOrEqual(Math.floor(clubsBefore / 1_000) + 1);
    expect(statements).toBeLessThanOrEqual(Math.floor((await context.database.db.$count(clubs)) / 1_000) + 1);

    const cutoff = detailCutoff(now);
    expect(cutoff).toBe(daysAgo(90, now));
    expect((await detailOf(club.id)).map((row) => row.day)).toEqual([
      daysAgo(70, now),
      daysAgo(70, now),
      daysAgo(10, now),
      dayOf(now),
    ]);
    expect(await daysOf(club.id)).toEqual([
      { menuId: 0, day: daysAgo(120, now), views: 1 },
      { menuId: dinner.id, day: daysAgo(120, now), views: 7 },
      { menuId: drinks.id, day: daysAgo(91, now), views: 7 },
    ]);
    expect(await daysOf(other.id)).toEqual([{ menuId: 0, day: daysAgo(100, now), views: 11 }]);
    expect(await statsOf()).toEqual(stats);
    expect(sorted(await everything())).toEqual(all);

    // Again: nothing left to move. A month later the 70-day-old detail goes too: two processes at once,
    // in statements of 2 clubs and 1 row.
    await rollUpPageViews(context.database.db, now);
    expect(await daysOf(club.id)).toHaveLength(3);
    const later = new Date(now.getTime() + 30 * DAY_MS);
    const small = { clubs: 2, rows: 1 };
    await Promise.all([
      rollUpPageViews(context.database.db, later, small),
      rollUpPageViews(context.database.db, later, small),
    ]);
    expect((await detailOf(club.id)).map((row) => row.day)).toEqual([daysAgo(10, now), dayOf(now)]);
    expect(await daysOf(club.id)).toContainEqual({ menuId: dinner.id, day: daysAgo(70, now), views: 7 });
    expect(await statsOf()).toEqual(stats);
    expect(sorted(await everything())).toEqual(all);

    // Detail that arrives for a day already rolled up is added to it.
    await context.database.db.insert(pageViews).values(views(daysAgo(120, now), 5, dinner.id, 10));
    await rollUpPageViews(context.database.db, now);
    expect(await daysOf(club.id)).toContainEqual({ menuId: dinner.id, day: daysAgo(120, now), views: 17 });
    expect(
      await context.database.db
        .select()
        .from(pageViews)
        .where(and(eq(pageViews.clubId, club.id), eq(pageViews.day, daysAgo(120, now)))),
    ).toEqual([]);

    // A deleted club takes its rolled-up days with it.
    await context.database.db.delete(clubs).where(eq(clubs.id, other.id));
    expect(await daysOf(other.id)).toEqual([]);
  });
});
