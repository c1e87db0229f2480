import { createHash } from 'node:crypto';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { GuestMenuSchema } from '@carta/contract/guest';
import { ItemParamsSchema } from '@carta/contract/menus';
import { PublicTableResponseSchema, TableParamsSchema } from '@carta/contract/tables';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { loadGuestMenu, loadGuestTable } from './guest-view.ts';

const GuestMenuParamsSchema = TableParamsSchema.extend({ menuId: ItemParamsSchema.shape.menuId });

/** An answer checked against its schema and serialised once, then sent as kept bytes with an ETag. */
type KeptJson = { body: string; etag: string } | null;
const keep = <Schema extends z.ZodType>(schema: Schema, value: z.input<Schema> | null): KeptJson => {
  if (value === null) return null;
  const body = JSON.stringify(schema.parse(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

const sendKept = (request: FastifyRequest, reply: FastifyReply, kept: KeptJson) => {
  if (!kept) throw new AppError(404, 'NOT_FOUND');
  reply.header('cache-control', 'no-cache').header('etag', kept.etag);
  if (request.headers['if-none-match'] === kept.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(kept.body);
};

/** The guests' calls under /clubs/{clubId}: public (no token), inside clubScope as `isPublic`. */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu/tables/:tableId',
    {
      config: { isPublic: true },
      schema: {
        tags: ['guest'],
        summary:
          'Public: the menus this table has now (spec §3 Table-menu view), or the state of a club that is not open',
        params: TableParamsSchema,
        response: { 200: PublicTableResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      const kept = await app.guestCache.through(`table|${clubId}|${tableId}`, clubId, async () => {
        const table = await loadGuestTable(app.db, clubId, tableId);
        return keep(PublicTableResponseSchema, table.kind === 'notFound' ? null : table.response);
      });
      return sendKept(request, reply, kept);
    },
  );

  app.get(
    '/menu/tables/:tableId/menus/:menuId',
    {
      config: { isPublic: true },
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
        const result = await loadGuestMenu(app.db, clubId, tableId, menuId);
        return keep(GuestMenuSchema, result.kind === 'open' ? result.menu : null);
      });
      return sendKept(request, reply, kept);
    },
  );
};
