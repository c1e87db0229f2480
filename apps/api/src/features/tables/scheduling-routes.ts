import { menusAvailableAt } from '@carta/contract/availability';
import { MenuParamsSchema } from '@carta/contract/menus';
import {
  PreviewQuerySchema,
  PreviewResponseSchema,
  SaveSchedulingsRequestSchema,
  SchedulingParamsSchema,
  SchedulingsResponseSchema,
  TableParamsSchema,
} from '@carta/contract/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import {
  ownerWriteErrors as errors,
  NoContent,
  bearerSecurity as security,
} from '../../lib/route-schemas.ts';
import {
  deleteScheduling,
  listSchedulings,
  loadScheduledMenus,
  replaceSchedulings,
} from './scheduling-store.ts';
import { requireTable } from './table-store.ts';

/** GET /tables/{tableId}/preview: the owner's "who sees what", from the same rules guests are served by. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tables/:tableId/preview',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['tables'],
        summary: 'The menus this table would see on a weekday at a time (the owner\'s "who sees what")',
        security,
        params: TableParamsSchema,
        querystring: PreviewQuerySchema,
        response: { 200: PreviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId, tableId } = request.params;
      const [table, scheduled] = await Promise.all([
        requireTable(app.db, clubId, tableId),
        loadScheduledMenus(app.db, clubId),
      ]);
      const [hours = 0, minutes = 0] = request.query.time.split(':').map(Number);
      const available = menusAvailableAt(scheduled, table.tableZoneId, {
        day: request.query.day,
        minutes: hours * 60 + minutes,
      });
      return { menus: available.map(({ id, name, position }) => ({ id, name, position })) };
    },
  );
};

/** A menu's schedule rules: read, replace as a set, delete one. */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu/:menuId/schedulings',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['schedulings'],
        summary: "A menu's schedule rules",
        security,
        params: MenuParamsSchema,
        response: { 200: SchedulingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      schedulings: await listSchedulings(app.db, request.params.clubId, request.params.menuId),
    }),
  );

  app.put(
    '/menu/:menuId/schedulings',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['schedulings'],
        summary:
          "Replace a menu's schedule rules (with id: changed; without: created; left out: deleted), all or nothing",
        security,
        params: MenuParamsSchema,
        body: SaveSchedulingsRequestSchema,
        response: { 200: SchedulingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId, menuId } = request.params;
      return { schedulings: await replaceSchedulings(app.db, clubId, menuId, request.body.schedulings) };
    },
  );

  app.delete(
    '/menu/:menuId/schedulings/:schedulingId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['schedulings'],
        summary: 'Delete one schedule rule',
        security,
        params: SchedulingParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId, schedulingId } = request.params;
      if (!(await deleteScheduling(app.db, clubId, menuId, schedulingId))) throw notFound();
      return reply.status(204).send(null);
    },
  );
};
