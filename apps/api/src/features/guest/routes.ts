import { ErrorResponseSchema } from '@carta/contract/errors';
import { GuestMenuSchema } from '@carta/contract/guest';
import { ItemParamsSchema } from '@carta/contract/menus';
import { PublicTableResponseSchema, TableParamsSchema } from '@carta/contract/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { loadGuestMenu, loadGuestTable } from './guest-view.ts';

const GuestMenuParamsSchema = TableParamsSchema.extend({ menuId: ItemParamsSchema.shape.menuId });

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
      const table = await loadGuestTable(app.db, request.params.clubId, request.params.tableId);
      if (table.kind === 'notFound') throw new AppError(404, 'NOT_FOUND');
      reply.header('cache-control', 'no-cache');
      return table.response;
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
      const result = await loadGuestMenu(app.db, clubId, tableId, menuId);
      if (result.kind !== 'open') throw new AppError(404, 'NOT_FOUND');
      reply.header('cache-control', 'no-cache');
      return result.menu;
    },
  );
};
