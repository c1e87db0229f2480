import { ErrorResponseSchema } from '@carta/contract/errors';
import { GuestMenuSchema } from '@carta/contract/guest';
import { ItemParamsSchema } from '@carta/contract/menus';
import { PublicTableResponseSchema, TableParamsSchema } from '@carta/contract/tables';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { GUEST_CACHE_CONTROL, type KeptBody, keepBody, sendKeptBody } from '../../plugins/guest-answers.ts';
import { guestMenuOf, menuAtTable, tableViewOf } from './guest-view.ts';
import { keptClubView, keptMenuContent } from './kept-views.ts';
import { wifiRoutes } from './wifi-routes.ts';

const GuestMenuParamsSchema = TableParamsSchema.extend({ menuId: ItemParamsSchema.shape.menuId });

/**
 * An answer checked against its schema, serialised and compressed once, then sent as kept bytes with
 * an ETag.
 */
const keep = async <Schema extends z.ZodType>(
  schema: Schema,
  value: z.input<Schema> | null,
): Promise<KeptBody | null> => (value === null ? null : keepBody(JSON.stringify(schema.parse(value))));

const sendKept = (request: FastifyRequest, reply: FastifyReply, kept: KeptBody | null) => {
  if (!kept) throw new AppError(404, 'NOT_FOUND');
  reply.header('cache-control', GUEST_CACHE_CONTROL);
  return sendKeptBody(request, reply, 200, 'application/json; charset=utf-8', kept);
};

/** The guests' calls under /clubs/{clubId}: public (no token), inside clubScope as `isPublic`. */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wifiRoutes);
  app.get(
    '/menu/tables/:tableId',
    {
      config: { isPublic: true },
      // Compressed once per render (plugins/guest-answers.ts), not per request.
      compress: false,
      schema: {
        tags: ['guest'],
        summary:
          'Public: the menus this table has now (the table-menu view), or the state of a club that is not open',
        params: TableParamsSchema,
        response: { 200: PublicTableResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      const kept = await app.guestCache.through(`table|${clubId}|${tableId}`, clubId, async () => {
        const { table } = tableViewOf((await keptClubView(app, clubId)).value, tableId, new Date());
        return keep(PublicTableResponseSchema, table.kind === 'notFound' ? null : table.response);
      });
      return sendKept(request, reply, kept);
    },
  );

  app.get(
    '/menu/tables/:tableId/menus/:menuId',
    {
      config: { isPublic: true },
      // Compressed once per render (plugins/guest-answers.ts), not per request.
      compress: false,
      schema: {
        tags: ['guest'],
        summary: 'Public: one menu as a guest reads it, only while it is available at that table',
        params: GuestMenuParamsSchema,
        response: { 200: GuestMenuSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { clubId, tableId, menuId } = request.params;
      const kept = await app.guestCache.through(`menu|${clubId}|${tableId}|${menuId}`, clubId, async () => {
        const now = new Date();
        const view = tableViewOf((await keptClubView(app, clubId)).value, tableId, now);
        const atTable = menuAtTable(view, menuId, now);
        if (atTable.kind !== 'served') return null;
        const content = (await keptMenuContent(app, clubId, menuId)).value;
        return keep(GuestMenuSchema, content ? guestMenuOf(atTable.view, content, now).menu : null);
      });
      return sendKept(request, reply, kept);
    },
  );
};
