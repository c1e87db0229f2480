// Over 300 lines: every address a guest's phone asks for (pages, script, service worker, fonts, the
// call-waiter form) and the bench-only routes that measure them; what a page shows is in features/guest.
import { id } from '@carta/contract/fields';
import { guestMenuPath, guestTablePath, guestWaiterPath } from '@carta/contract/guest-paths';
import { TableParamsSchema } from '@carta/contract/tables';
import type { ThemeFont } from '@carta/contract/themes';
import { bundleGuestScript, bundleServiceWorker } from '@carta/guest/bundle';
import { chrome } from '@carta/guest/chrome';
import { LATIN_RANGE, loadThemeFonts } from '@carta/guest/fonts';
import { pickGuestLanguage } from '@carta/guest/messages';
import { renderNoticePage, type TableBits } from '@carta/guest/render';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubTables } from '../db/schema.ts';
import { isClubWaiting, isGuestPreview } from '../features/guest/guest-preview.ts';
import { loadCallableTable, type TableView } from '../features/guest/guest-view.ts';
import { keptClubView, keptMenuContent, tableViewAt } from '../features/guest/kept-views.ts';
import {
  menuPageOutcome,
  type PageOutcome,
  type PageRequest,
  tablePageOutcome,
} from '../features/guest/page-outcomes.ts';
import { limitWaiterCalls } from '../features/waiter-calls/waiter-call-limit.ts';
import { callWaiter } from '../features/waiter-calls/waiter-call-store.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { type CompressedPage, compressPage, gzipOf, identityOf, tablePageOf } from '../lib/spliced-gzip.ts';
import {
  chooseEncoding,
  GUEST_CACHE_CONTROL,
  isNotModified,
  type KeptBody,
  keepBody,
  sendKeptBody,
} from '../plugins/guest-cache.ts';

const MenuParams = TableParamsSchema.extend({ menuId: id });
const PageQuery = z.object({
  lang: z.string().max(5).optional(),
  list: z.string().optional(),
  /** The owner's signed preview of a club waiting for activation (0053). */
  preview: z.string().max(100).optional(),
});
const WaiterQuery = z.object({ back: z.string().max(200).optional() });

/** Headers of every guest page: revalidated each time, never sniffed, no referrer. */
const pageHeaders = (reply: FastifyReply, isPreview: boolean) =>
  isPreview
    ? // A preview is the owner's alone: never kept by any cache, never indexed, never a view.
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
    : reply
        .header('cache-control', GUEST_CACHE_CONTROL)
        .header('vary', 'accept-language')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer');

/**
 * Sends one table's copy of a kept page: gzip spliced from the shared parts (lib/spliced-gzip.ts), or
 * plain; an empty 304 when the browser's copy is current. A copy kept from before the database went
 * away is marked stale and kept by no cache.
 */
const sendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: CompressedPage,
  table: TableBits,
  isStale: boolean,
) => {
  const tablePage = tablePageOf(page, table);
  // Browsers that take brotli take gzip too: pages are spliced in gzip only (0061).
  const encoding = chooseEncoding(request.headers['accept-encoding']) === 'identity' ? 'identity' : 'gzip';
  reply.header('etag', encoding === 'identity' ? `"${tablePage.etag}"` : `"${tablePage.etag}.gzip"`);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  if (isStale) reply.header('cache-control', 'no-store').header('warning', '110 - "Response is Stale"');
  if (status === 200 && isNotModified(request.headers['if-none-match'], tablePage.etag))
    return reply.status(304).send();
  if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(encoding === 'gzip' ? gzipOf(page, tablePage) : identityOf(page, tablePage));
};

/**
 * The pages a guest reaches from a table's QR code, rendered on the server and readable without
 * JavaScript: the table's menus now, one menu, or a page that says why there is nothing to read.
 */
export const guestPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const [script, serviceWorker, fonts] = await Promise.all([
    bundleGuestScript(),
    bundleServiceWorker(),
    loadThemeFonts(),
  ]);
  const fontFiles = new Map([...fonts.values()].map((font) => [font.name, font]));
  /** The address of a theme's font file. */
  const fontUrlOf = (theme: { font: string } | null) => {
    const file = theme ? fonts.get(theme.font as ThemeFont) : undefined;
    return file ? `/public/fonts/${file.name}` : undefined;
  };
  // Every theme font at once, for the owner app's theme preview; a browser downloads only the fonts
  // a page uses. Named "Carta <font>" so the owner app's own text never changes font because of it.
  const fontsCss = [...fonts.values()]
    .map(
      (font) =>
        `@font-face{font-family:"Carta ${font.family}";src:url(/public/fonts/${font.name}) format("woff2");font-weight:100 900;font-display:swap;unicode-range:${LATIN_RANGE}}`,
    )
    .join('\n');
  app.get('/public/fonts.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(fontsCss),
  );
  app.get(
    '/public/fonts/:name',
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const file = fontFiles.get(request.params.name);
      if (!file) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .send(file.body);
    },
  );
  app.get('/public/sw.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(serviceWorker),
  );
  const scriptPath = `/public/assets/${script.name}`;
  const scriptBody = await keepBody(script.body);
  app.get(
    '/public/assets/:name',
    { compress: false, schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      if (request.params.name !== script.name) return reply.status(404).type('text/plain').send('Not found');
      // Named by content hash: cached for a year, never stale.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return sendKeptBody(request, reply, 200, 'text/javascript; charset=utf-8', scriptBody);
    },
  );

  const assets = { script: scriptPath, fontUrlOf };

  /** A page read by a guest; the page's own refreshes and revalidations are not new views. */
  const countView = (request: FastifyRequest, clubId: number, tableId: number, menuId: number) => {
    if (request.headers['x-carta-refresh'] || request.headers['if-none-match']) return;
    app.pageViews.count(clubId, tableId, menuId);
  };

  /**
   * The owner's preview (0053): the signed parameter of a club still waiting for activation. Anything
   * else (no parameter, forged, expired, another club's, a club already open) is an ordinary guest.
   */
  const previewOf = async (clubId: number, value: string | undefined) =>
    value && isGuestPreview(app.appSecret, clubId, value) && (await isClubWaiting(app.db, clubId))
      ? value
      : null;

  /**
   * Answers a guest page: works out from the club's kept view what this table sees now, then sends the
   * page made for every table that sees the same (made once, compressed once), filled in with this
   * table's name and addresses. Previews are made for the owner alone and kept nowhere.
   */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: z.infer<typeof PageQuery>,
    place: { clubId: number; tableId: number; menuId: number | null },
    outcomeOf: (view: TableView, viewKey: string, pageRequest: PageRequest) => Promise<PageOutcome>,
  ) => {
    const { clubId, tableId } = place;
    const preview = await previewOf(clubId, query.preview);
    const now = new Date();
    const pageRequest: PageRequest = {
      clubId,
      lang: query.lang,
      list: query.list !== undefined,
      acceptLanguage: request.headers['accept-language'],
      preview,
      now,
    };
    try {
      const kept = await keptClubView(app, clubId);
      const view = tableViewAt(kept.value, tableId, now, { preview: preview !== null });
      const table: TableBits = { tableId, tableName: view.isOpen ? view.row.table.name : '' };
      const outcome = await outcomeOf(view, `${clubId}:${kept.revision}`, pageRequest);
      pageHeaders(reply, preview !== null);
      if (outcome.status === 302) return reply.redirect(outcome.location(table), 302);
      const page = preview
        ? compressPage(outcome.make())
        : app.guestCache.page(outcome.key, () => compressPage(outcome.make()));
      // A menu read is a view; a redirect, a notice, a preview and the page's own refreshes are not.
      if (outcome.isView && !preview) countView(request, clubId, tableId, place.menuId ?? 0);
      return sendPage(request, reply, outcome.status, page, table, outcome.isStale || kept.isStale);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // Nothing kept to show: a readable "try again", not a raw error.
      request.log.warn({ err: error }, 'guest page without its data: database unavailable');
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .header('retry-after', '5')
        .type('text/html; charset=utf-8')
        .send(
          renderNoticePage({
            language: pickGuestLanguage(request.headers['accept-language']),
            kind: 'unavailable',
          }),
        );
    }
  };

  // The call-waiter form of a page read without JavaScript: its fields are not needed, only accepted.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post(
    guestWaiterPath(':clubId', ':tableId'),
    {
      preHandler: limitWaiterCalls(app),
      schema: { hide: true, params: TableParamsSchema, querystring: WaiterQuery },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      const language = pickGuestLanguage(request.headers['accept-language']);
      // Back to a guest page only, never elsewhere.
      const back = request.query.back?.startsWith('/public/') ? request.query.back : null;
      const link = back ? { href: back, label: chrome[language].backToMenu } : undefined;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!(await loadCallableTable(app.db, clubId, tableId)))
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(renderNoticePage({ language, kind: 'notFound' }));
      const outcome = await callWaiter(app.db, clubId, tableId);
      if (outcome.kind === 'created') await app.waiterCallSignals.changed(clubId);
      const kind =
        outcome.kind === 'coolingDown'
          ? 'waiterTooSoon'
          : outcome.state.status === 'acknowledged'
            ? 'waiterOnTheWay'
            : 'waiterCalled';
      return reply
        .status(outcome.kind === 'coolingDown' ? 429 : 200)
        .type('text/html; charset=utf-8')
        .send(renderNoticePage({ language, kind, ...(link ? { link } : {}) }));
    },
  );

  // For `npm run bench:guest` only: the same bytes sent from memory, the upper bound to compare with.
  if (process.env.CARTA_BENCH === '1') {
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
  }

  app.get(
    guestTablePath(':clubId', ':tableId'),
    { compress: false, schema: { hide: true, params: TableParamsSchema, querystring: PageQuery } },
    async (request, reply) =>
      answer(
        request,
        reply,
        request.query,
        { ...request.params, menuId: null },
        async (view, viewKey, pageRequest) => tablePageOutcome(view, viewKey, pageRequest, assets),
      ),
  );

  app.get(
    guestMenuPath(':clubId', ':tableId', ':menuId'),
    { compress: false, schema: { hide: true, params: MenuParams, querystring: PageQuery } },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      return answer(request, reply, request.query, request.params, (view, viewKey, pageRequest) =>
        menuPageOutcome(view, viewKey, menuId, pageRequest, assets, async () => {
          const kept = await keptMenuContent(app, clubId, menuId);
          return { value: kept.value, key: `${menuId}:${kept.revision}`, isStale: kept.isStale };
        }),
      );
    },
  );
};
