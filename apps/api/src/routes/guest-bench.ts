import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clubTables } from '../db/schema.ts';
import { GUEST_CACHE_CONTROL, type KeptBody, keepBody, sendKeptBody } from '../plugins/guest-answers.ts';

// For `npm run bench:guest` only (CARTA_BENCH=1): the same bytes sent from memory, the upper bound to
// compare the guest pages with, and the writes a measured run needs.

type App = Parameters<FastifyPluginAsyncZod>[0];

export const serveBenchRoutes = (app: App) => {
  const echoes = new Map<string, { type: string; body: KeptBody }>();
  app.put('/__bench/echo/:name', { schema: { hide: true } }, async (request) => {
    const { body, type } = request.body as { body: string; type: string };
    echoes.set((request.params as { name: string }).name, { type, body: await keepBody(body) });
    return { length: body.length };
  });
  // The first scans after a start: nothing kept, as in a new process.
  app.post('/__bench/forget', { schema: { hide: true } }, async () => {
    app.guestCache.forget();
    return { forgotten: true };
  });
  // An owner's save: one dish of the club's first menu changes price, and the club's pages are dropped.
  app.post('/__bench/touch/:clubId', { schema: { hide: true } }, async (request) => {
    const clubId = Number((request.params as { clubId: string }).clubId);
    await app.db.execute(
      sql`update menu_items set price = coalesce(price, 0) + 0.01 where id = (select menu_items.id from menu_items join menu_sections on menu_sections.id = menu_items.section_id join menus on menus.id = menu_sections.menu_id where menus.club_id = ${clubId} order by menus.position, menus.id, menu_sections.position, menu_items.position limit 1)`,
    );
    await app.guestCache.changed(clubId);
    return { touched: clubId };
  });
  // A venue of 30 tables in two zones, as docs/capacity.md assumes: the demo club's four and more.
  app.post('/__bench/tables/:clubId', { schema: { hide: true } }, async (request) => {
    const clubId = Number((request.params as { clubId: string }).clubId);
    await app.db.execute(sql`insert into table_zones (club_id, name) values (${clubId}, 'Sala')`);
    await app.db.execute(
      sql`insert into club_tables (club_id, name, table_zone_id) select ${clubId}, 'Tavolo ' || n, (select max(id) from table_zones where club_id = ${clubId}) from generate_series((select count(*) + 1 from club_tables where club_id = ${clubId})::int, 30) as n`,
    );
    await app.guestCache.changed(clubId);
    const rows = await app.db
      .select({ id: clubTables.id })
      .from(clubTables)
      .where(eq(clubTables.clubId, clubId))
      .orderBy(clubTables.id);
    return { tables: rows.map((row) => row.id) };
  });
  app.get('/__bench/echo/:name', { schema: { hide: true } }, async (request, reply) => {
    const echo = echoes.get((request.params as { name: string }).name);
    if (!echo) return reply.status(404).send();
    // The same encoding choice and headers as the guest routes, without the cache lookup.
    return sendKeptBody(
      request,
      reply.header('cache-control', GUEST_CACHE_CONTROL),
      200,
      echo.type,
      echo.body,
    );
  });
};
