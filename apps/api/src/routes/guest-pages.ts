import { pickLanguage } from '@carta/contract/accept-language';
import { id } from '@carta/contract/fields';
import {
  guestMenuPath,
  guestMenuPdfPath,
  guestTablePath,
  guestWaiterPath,
} from '@carta/contract/guest-paths';
import { GUEST_PREVIEW_PARAM } from '@carta/contract/guest-preview';
import { API_BASE_PATH } from '@carta/contract/limits';
import { TableParamsSchema } from '@carta/contract/tables';
import type { ThemeFont } from '@carta/contract/themes';
import { weekdayName } from '@carta/contract/weekdays';
import { bundleGuestScript, bundleServiceWorker } from '@carta/guest/bundle';
import { chrome, fill } from '@carta/guest/chrome';
import { LATIN_RANGE, loadThemeFonts } from '@carta/guest/fonts';
import { GUEST_LANGUAGES, type GuestLanguage, pickGuestLanguage } from '@carta/guest/messages';
import { type LanguageChoice, renderMenuPage, renderNoticePage, renderTablePage } from '@carta/guest/render';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isClubWaiting, isGuestPreview } from '../features/guest/guest-preview.ts';
import { loadCallableTable, loadGuestMenu, loadGuestTable } from '../features/guest/guest-view.ts';
import { limitWaiterCalls } from '../features/waiter-calls/waiter-call-limit.ts';
import { callWaiter } from '../features/waiter-calls/waiter-call-store.ts';
import {
  type CachedPage,
  GUEST_CACHE_CONTROL,
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

/** The original text of a menu is taken to be Italian; translations add the club's other languages. */
const ORIGINAL_LANGUAGE = 'it';

const isGuestLanguage = (language: string): language is GuestLanguage =>
  (GUEST_LANGUAGES as readonly string[]).includes(language);

/** The reading language: the one asked in the address, else the browser's among those the menu has. */
const chooseLanguage = (
  available: string[],
  asked: string | undefined,
  acceptLanguage: string | undefined,
) => {
  const languages = [...new Set([ORIGINAL_LANGUAGE, ...available])].filter(isGuestLanguage);
  const chosen =
    asked && languages.includes(asked as GuestLanguage)
      ? (asked as GuestLanguage)
      : pickLanguage(acceptLanguage, languages, ORIGINAL_LANGUAGE);
  return { language: chosen, languages };
};

const choices = (
  languages: GuestLanguage[],
  current: GuestLanguage,
  path: string,
  extra = '',
): LanguageChoice[] =>
  languages.map((code) => ({ code, href: `${path}?lang=${code}${extra}`, isCurrent: code === current }));

/** Browsers revalidate every time: an unchanged page costs an empty 304 (ETag of its bytes). */
const send = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
  reply
    .header('cache-control', GUEST_CACHE_CONTROL)
    .header('vary', 'accept-language')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
  if ('location' in page) return reply.redirect(page.location, page.status);
  return sendKeptBody(request, reply, page.status, 'text/html; charset=utf-8', page.body);
};

const page = async (status: number, html: string): Promise<CachedPage> => ({
  status,
  body: await keepBody(html),
});

/** The cache key: the address and the languages the browser asks for, which pick the page's language. */
const keyOf = (request: FastifyRequest) =>
  `${request.url}|${(request.headers['accept-language'] ?? '').slice(0, 100)}`;

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

  const nextOpeningText = (language: GuestLanguage, next: { day: number; time: string } | null) =>
    next
      ? fill(chrome[language].nextOpening, { day: weekdayName(next.day, { language }), time: next.time })
      : undefined;

  /** A page read by a guest; the page's own refreshes and revalidations are not new views. */
  const countView = (request: FastifyRequest, clubId: number, tableId: number, menuId: number) => {
    if (request.headers['x-carta-refresh'] || request.headers['if-none-match']) return;
    app.pageViews.count(clubId, tableId, menuId);
  };

  /** Answers from the cache when the club and the minute are unchanged; renders and keeps it otherwise. */
  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    place: { clubId: number; tableId: number; menuId: number },
    render: () => Promise<CachedPage>,
  ) => {
    const answer = await app.guestCache.through(`page|${keyOf(request)}`, place.clubId, render);
    // A menu read is a view; a redirect, a missing table and the page's own refreshes are not.
    if (answer.status === 200) countView(request, place.clubId, place.tableId, place.menuId);
    return send(request, reply, answer);
  };

  /** The preview parameter again, for the links of a preview page: it stays a preview. */
  const previewQueryOf = (preview: string | null) =>
    preview ? `&${GUEST_PREVIEW_PARAM}=${encodeURIComponent(preview)}` : '';

  /**
   * The owner's preview (0053): the signed parameter of a club still waiting for activation. Anything
   * else (no parameter, forged, expired, another club's, a club already open) is an ordinary guest.
   */
  const previewOf = async (clubId: number, value: string | undefined) =>
    value && isGuestPreview(app.appSecret, clubId, value) && (await isClubWaiting(app.db, clubId))
      ? value
      : null;

  /** A preview is the owner's alone: never kept by any cache, never indexed, never a view. */
  const sendPreview = async (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    if ('location' in page) return reply.redirect(page.location, page.status);
    return sendKeptBody(request, reply, page.status, 'text/html; charset=utf-8', page.body);
  };

  const renderTable = async (
    { clubId, tableId }: z.infer<typeof TableParamsSchema>,
    query: z.infer<typeof PageQuery>,
    acceptLanguage: string | undefined,
    preview: string | null = null,
  ): Promise<CachedPage> => {
    const table = await loadGuestTable(app.db, clubId, tableId, new Date(), { preview: preview !== null });
    const previewQuery = previewQueryOf(preview);
    if (table.kind === 'notFound')
      return page(404, renderNoticePage({ language: pickGuestLanguage(acceptLanguage), kind: 'notFound' }));
    if (table.kind === 'closed') {
      const language = pickGuestLanguage(acceptLanguage);
      return page(
        200,
        renderNoticePage({ language, kind: table.response.state, clubName: table.response.clubName }),
      );
    }
    const { language, languages } = chooseLanguage(table.languages, query.lang, acceptLanguage);
    const path = guestTablePath(clubId, tableId);
    const menuHref = (menuId: number) =>
      `${guestMenuPath(clubId, tableId, menuId)}?lang=${language}${previewQuery}`;
    // With exactly one menu, open it; the list stays one tap back (?list). Not when the plan withholds
    // others: the list says so (0048).
    const [onlyMenu, ...others] = table.response.menu;
    if (onlyMenu && others.length === 0 && !table.response.hasMenusWithheld && query.list === undefined)
      return { status: 302, location: menuHref(onlyMenu.id) };
    return page(
      200,
      renderTablePage({
        script: scriptPath,
        table: table.response,
        language,
        languages: choices(languages, language, path, previewQuery),
        menuHref,
        nextOpening: nextOpeningText(language, table.nextOpening) ?? null,
        fontUrl: fontUrlOf(table.response.theme),
        // A preview calls no waiter.
        waiter: preview ? null : waiterLinks(clubId, tableId, `${path}?list&lang=${language}`),
        isPreview: preview !== null,
      }),
    );
  };

  const renderMenu = async (
    { clubId, tableId, menuId }: z.infer<typeof MenuParams>,
    query: z.infer<typeof PageQuery>,
    acceptLanguage: string | undefined,
    preview: string | null = null,
  ): Promise<CachedPage> => {
    const result = await loadGuestMenu(app.db, clubId, tableId, menuId, new Date(), {
      preview: preview !== null,
    });
    const previewQuery = previewQueryOf(preview);
    if (result.kind === 'notFound')
      return page(404, renderNoticePage({ language: pickGuestLanguage(acceptLanguage), kind: 'notFound' }));
    if (result.kind === 'closed') {
      return page(
        200,
        renderNoticePage({
          language: pickGuestLanguage(acceptLanguage),
          kind: result.response.state,
          clubName: result.response.clubName,
        }),
      );
    }
    const tablePath = guestTablePath(clubId, tableId);
    if (result.kind === 'notAvailable') {
      const language = pickGuestLanguage(acceptLanguage);
      const detail = nextOpeningText(language, result.nextOpening);
      return page(
        200,
        renderNoticePage({
          language,
          kind: 'menuClosed',
          clubName: result.clubName,
          ...(detail ? { detail } : {}),
          link: { href: `${tablePath}?list${previewQuery}`, label: chrome[language].allMenus },
        }),
      );
    }
    const { language, languages } = chooseLanguage(result.languages, query.lang, acceptLanguage);
    const menuPath = guestMenuPath(clubId, tableId, menuId);
    return page(
      200,
      renderMenuPage({
        script: scriptPath,
        menu: result.menu,
        clubName: result.clubName,
        tableName: result.tableName,
        language,
        languages: choices(languages, language, menuPath, previewQuery),
        listHref: `${tablePath}?list&lang=${language}${previewQuery}`,
        fontUrl: fontUrlOf(result.menu.theme),
        // A preview calls no waiter and offers no PDF: both are the open club's, for its guests.
        waiter: preview ? null : waiterLinks(clubId, tableId, `${menuPath}?lang=${language}`),
        pdfHref:
          result.isPdfOffered && !preview
            ? `${guestMenuPdfPath(clubId, tableId, menuId)}?lang=${language}`
            : null,
        isPreview: preview !== null,
      }),
    );
  };

  /** The call-waiter button's two ways: the JSON call for the script, a page for a phone without it. */
  const waiterLinks = (clubId: number, tableId: number, back: string) => ({
    call: `${API_BASE_PATH}/clubs/${clubId}/menu/tables/${tableId}/waiter-call`,
    form: `${guestWaiterPath(clubId, tableId)}?back=${encodeURIComponent(back)}`,
  });

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
    async (request, reply) => {
      const preview = await previewOf(request.params.clubId, request.query.preview);
      if (preview)
        return sendPreview(
          request,
          reply,
          await renderTable(request.params, request.query, request.headers['accept-language'], preview),
        );
      return cached(request, reply, { ...request.params, menuId: 0 }, () =>
        renderTable(request.params, request.query, request.headers['accept-language']),
      );
    },
  );

  app.get(
    guestMenuPath(':clubId', ':tableId', ':menuId'),
    { compress: false, schema: { hide: true, params: MenuParams, querystring: PageQuery } },
    async (request, reply) => {
      const preview = await previewOf(request.params.clubId, request.query.preview);
      if (preview)
        return sendPreview(
          request,
          reply,
          await renderMenu(request.params, request.query, request.headers['accept-language'], preview),
        );
      return cached(request, reply, request.params, () =>
        renderMenu(request.params, request.query, request.headers['accept-language']),
      );
    },
  );
};
