// The pages a guest's phone asks for; their script, service worker and fonts are served by
// guest-assets.ts, the call-waiter form by guest-waiter-form.ts, the Wi-Fi's page by guest-wifi-page.ts,
// the bench-only routes by guest-bench.ts.
// What a page shows is decided in features/guest (page-outcomes.ts); this file reads the kept views and
// sends the page.
import { id } from '@carta/contract/fields';
import { guestMenuPath, guestTablePath } from '@carta/contract/guest-paths';
import { TableParamsSchema } from '@carta/contract/tables';
import { pickGuestLanguage } from '@carta/guest/messages';
import { renderNoticePage, type TableBits } from '@carta/guest/render';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isClubWaiting, isGuestPreview } from '../features/guest/guest-preview.ts';
import type { TableView } from '../features/guest/guest-view.ts';
import { keptClubView, keptMenuContent, tableViewAt } from '../features/guest/kept-views.ts';
import {
  menuPageOutcome,
  type PageOutcome,
  type PageRequest,
  tablePageOutcome,
} from '../features/guest/page-outcomes.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { type CompressedPage, compressPage, gzipOf, identityOf, tablePageOf } from '../lib/spliced-gzip.ts';
import { chooseEncoding, GUEST_CACHE_CONTROL, isNotModified } from '../plugins/guest-answers.ts';
import { serveGuestAssets } from './guest-assets.ts';
import { serveBenchRoutes } from './guest-bench.ts';
import { serveWaiterForm } from './guest-waiter-form.ts';
import { serveWifiPage } from './guest-wifi-page.ts';

const MenuParams = TableParamsSchema.extend({ menuId: id });
const PageQuery = z.object({
  lang: z.string().max(5).optional(),
  list: z.string().optional(),
  /** The owner's signed preview of a club waiting for activation (0073). */
  preview: z.string().max(100).optional(),
});

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
  const assets = { ...(await serveGuestAssets(app)), publicUrl: app.config.publicUrl };

  /** A page read by a guest; the page's own refreshes and revalidations are not new views. */
  const countView = (request: FastifyRequest, clubId: number, tableId: number, menuId: number) => {
    if (request.headers['x-carta-refresh'] || request.headers['if-none-match']) return;
    app.pageViews.count(clubId, tableId, menuId);
  };

  /**
   * The owner's preview (0073): the signed parameter of a club still waiting for activation. Anything
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

  serveWaiterForm(app);
  serveWifiPage(app);
  // For `npm run bench:guest` only: the routes that measure the guest pages.
  if (process.env.CARTA_BENCH === '1') serveBenchRoutes(app);

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
