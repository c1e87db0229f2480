import { id } from '@carta/contract/fields';
import { pickGuestLanguage } from '@carta/guest/messages';
import { renderNoticePage } from '@carta/guest/render';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubs, clubTables } from '../db/schema.ts';

const TableParams = z.object({ clubId: id, tableId: id });
const MenuParams = TableParams.extend({ menuId: id });

/**
 * The pages a guest reaches from a table's QR code, rendered on the server. An unknown club or table
 * answers 404; a known one says its menu is coming until menus and schedules can be shown.
 */
export const guestPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const renderTable = async (clubId: number, tableId: number, acceptLanguage: string | undefined) => {
    const language = pickGuestLanguage(acceptLanguage);
    const [table] = await app.db
      .select({ clubName: clubs.name })
      .from(clubTables)
      .innerJoin(clubs, eq(clubs.id, clubTables.clubId))
      .where(and(eq(clubTables.id, tableId), eq(clubTables.clubId, clubId)))
      .limit(1);
    if (!table) return { status: 404, html: renderNoticePage({ language, kind: 'notFound' }) };
    return { status: 200, html: renderNoticePage({ language, kind: 'notReady', clubName: table.clubName }) };
  };

  const send = async (
    params: { clubId: number; tableId: number },
    acceptLanguage: string | undefined,
    reply: import('fastify').FastifyReply,
  ) => {
    const { status, html } = await renderTable(params.clubId, params.tableId, acceptLanguage);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .send(html);
  };

  app.get(
    '/public/qrcodemenu/:clubId/:tableId',
    { schema: { hide: true, params: TableParams } },
    async (request, reply) => send(request.params, request.headers['accept-language'], reply),
  );
  app.get(
    '/public/menu/:clubId/:tableId/:menuId',
    { schema: { hide: true, params: MenuParams } },
    async (request, reply) => send(request.params, request.headers['accept-language'], reply),
  );
};
