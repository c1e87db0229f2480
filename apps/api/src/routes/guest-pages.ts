import { createHash } from 'node:crypto';
import { pickLanguage } from '@carta/contract/accept-language';
import { id } from '@carta/contract/fields';
import { bundleGuestScript } from '@carta/guest/bundle';
import { chrome, fill, weekday } from '@carta/guest/chrome';
import { GUEST_LANGUAGES, type GuestLanguage, pickGuestLanguage } from '@carta/guest/messages';
import { type LanguageChoice, renderMenuPage, renderNoticePage, renderTablePage } from '@carta/guest/render';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadGuestMenu, loadGuestTable } from '../features/guest/guest-view.ts';

const TableParams = z.object({ clubId: id, tableId: id });
const MenuParams = TableParams.extend({ menuId: id });
const PageQuery = z.object({ lang: z.string().max(5).optional(), list: z.string().optional() });

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

/** HTML is revalidated every time: an unchanged page costs an empty 304 (ETag of its bytes). */
const send = (request: FastifyRequest, reply: FastifyReply, status: number, html: string) => {
  const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-language')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('etag', etag);
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.status(status).type('text/html; charset=utf-8').send(html);
};

/**
 * The pages a guest reaches from a table's QR code, rendered on the server and readable without
 * JavaScript: the table's menus now, one menu, or a page that says why there is nothing to read.
 */
export const guestPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const script = await bundleGuestScript();
  const scriptPath = `/public/assets/${script.name}`;
  app.get(
    '/public/assets/:name',
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      if (request.params.name !== script.name) return reply.status(404).type('text/plain').send('Not found');
      // Named by content hash: cached for a year, never stale.
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(script.body);
    },
  );

  const nextOpeningText = (language: GuestLanguage, next: { day: number; time: string } | null) =>
    next
      ? fill(chrome[language].nextOpening, { day: weekday(language, next.day), time: next.time })
      : undefined;

  app.get(
    '/public/qrcodemenu/:clubId/:tableId',
    { schema: { hide: true, params: TableParams, querystring: PageQuery } },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      const acceptLanguage = request.headers['accept-language'];
      const table = await loadGuestTable(app.db, clubId, tableId);
      if (table.kind === 'notFound')
        return send(
          request,
          reply,
          404,
          renderNoticePage({ language: pickGuestLanguage(acceptLanguage), kind: 'notFound' }),
        );
      if (table.kind === 'closed') {
        const language = pickGuestLanguage(acceptLanguage);
        return send(
          request,
          reply,
          200,
          renderNoticePage({ language, kind: table.response.state, clubName: table.response.clubName }),
        );
      }
      const { language, languages } = chooseLanguage(table.languages, request.query.lang, acceptLanguage);
      const path = `/public/qrcodemenu/${clubId}/${tableId}`;
      const menuHref = (menuId: number) => `/public/menu/${clubId}/${tableId}/${menuId}?lang=${language}`;
      // With exactly one menu, open it; the list stays one tap back (?list).
      const [onlyMenu, ...others] = table.response.menu;
      if (onlyMenu && others.length === 0 && request.query.list === undefined)
        return reply.redirect(menuHref(onlyMenu.id), 302);
      return send(
        request,
        reply,
        200,
        renderTablePage({
          script: scriptPath,
          table: table.response,
          language,
          languages: choices(languages, language, path),
          menuHref,
          nextOpening: nextOpeningText(language, table.nextOpening) ?? null,
        }),
      );
    },
  );

  app.get(
    '/public/menu/:clubId/:tableId/:menuId',
    { schema: { hide: true, params: MenuParams, querystring: PageQuery } },
    async (request, reply) => {
      const { clubId, tableId, menuId } = request.params;
      const acceptLanguage = request.headers['accept-language'];
      const result = await loadGuestMenu(app.db, clubId, tableId, menuId);
      if (result.kind === 'notFound')
        return send(
          request,
          reply,
          404,
          renderNoticePage({ language: pickGuestLanguage(acceptLanguage), kind: 'notFound' }),
        );
      if (result.kind === 'closed') {
        return send(
          request,
          reply,
          200,
          renderNoticePage({
            language: pickGuestLanguage(acceptLanguage),
            kind: result.response.state,
            clubName: result.response.clubName,
          }),
        );
      }
      const tablePath = `/public/qrcodemenu/${clubId}/${tableId}`;
      if (result.kind === 'notAvailable') {
        const language = pickGuestLanguage(acceptLanguage);
        const detail = nextOpeningText(language, result.nextOpening);
        return send(
          request,
          reply,
          200,
          renderNoticePage({
            language,
            kind: 'menuClosed',
            clubName: result.clubName,
            ...(detail ? { detail } : {}),
            link: { href: `${tablePath}?list`, label: chrome[language].allMenus },
          }),
        );
      }
      const { language, languages } = chooseLanguage(result.languages, request.query.lang, acceptLanguage);
      return send(
        request,
        reply,
        200,
        renderMenuPage({
          script: scriptPath,
          menu: result.menu,
          clubName: result.clubName,
          tableName: result.tableName,
          language,
          languages: choices(languages, language, `/public/menu/${clubId}/${tableId}/${menuId}`),
          listHref: `${tablePath}?list&lang=${language}`,
        }),
      );
    },
  );
};
