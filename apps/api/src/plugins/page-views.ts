import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pageViews } from '../db/schema.ts';

const FLUSH_INTERVAL_MS = 10_000;

export type PageViewCounter = {
  /** One guest page read at a table (menuId 0: the list of menus). */
  count: (clubId: number, tableId: number, menuId: number) => void;
  /** Writes what was counted (also every 10 seconds and at shutdown). */
  flush: () => Promise<void>;
};

/** The views of one page on one day, counted since the last flush. */
type PendingViews = { clubId: number; tableId: number; menuId: number; day: string; views: number };

declare module 'fastify' {
  interface FastifyInstance {
    pageViews: PageViewCounter;
  }
}

/**
 * Page views counted in memory and added to `page_views` in one statement now and then, so a busy guest
 * page never waits for a write. Numbers only: no cookie, no address, nothing about the guest.
 */
export const pageViewsPlugin = fp(
  async (app: FastifyInstance) => {
    let pending = new Map<string, PendingViews>();
    const flush = async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      const rows = [...batch.values()];
      // One statement per club: a club deleted meanwhile loses only its own counts.
      const byClub = new Map<number, typeof rows>();
      for (const row of rows) byClub.set(row.clubId, [...(byClub.get(row.clubId) ?? []), row]);
      for (const clubRows of byClub.values()) {
        try {
          await app.db
            .insert(pageViews)
            .values(clubRows)
            .onConflictDoUpdate({
              target: [pageViews.clubId, pageViews.tableId, pageViews.menuId, pageViews.day],
              set: { views: sql`${pageViews.views} + excluded.views` },
            });
        } catch (error) {
          app.log.warn({ err: error }, 'page views not saved');
        }
      }
    };
    const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    timer.unref();
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
