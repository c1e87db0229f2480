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
    let pending = new Map<string, number>();
    const flush = async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      const rows = [...batch.entries()].map(([key, views]) => {
        const [clubId, tableId, menuId, day] = key.split('|');
        return { clubId: Number(clubId), tableId: Number(tableId), menuId: Number(menuId), day: day!, views };
      });
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
        const key = `${clubId}|${tableId}|${menuId}|${new Date().toISOString().slice(0, 10)}`;
        pending.set(key, (pending.get(key) ?? 0) + 1);
      },
      flush,
    } satisfies PageViewCounter);
  },
  { name: 'page-views', dependencies: ['database'] },
);
