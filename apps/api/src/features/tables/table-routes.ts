import { ClubParamsSchema } from '@carta/contract/clubs';
import { TableListEntrySchema } from '@carta/contract/entities';
import { SaveTablesRequestSchema, TableParamsSchema, TablesResponseSchema } from '@carta/contract/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import {
  ownerWriteErrors as errors,
  NoContent,
  bearerSecurity as security,
} from '../../lib/route-schemas.ts';
import { deleteTable, listTables, requireTable, saveTables, type WantedTable } from './table-store.ts';

/** GET and PUT /tables: the club's tables, and creating or changing several (or a numbered range) at once. */
export const tableListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tables',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['tables'],
        summary: "The club's tables",
        security,
        params: ClubParamsSchema,
        response: { 200: TablesResponseSchema, ...errors },
      },
    },
    async (request) => ({ tables: await listTables(app.db, request.params.clubId) }),
  );

  app.put(
    '/tables',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['tables'],
        summary:
          'Create or change tables, one by one or as a numbered range ("1 to 20 in Terrace"); names unique in the club',
        security,
        params: ClubParamsSchema,
        body: SaveTablesRequestSchema,
        response: { 200: TablesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { tables, range } = request.body;
      const wanted: WantedTable[] = [
        ...tables.map((table, index) => ({ ...table, path: `body.tables.${index}.name` })),
        ...(range
          ? Array.from({ length: range.to - range.from + 1 }, (_, offset) => ({
              name: `${range.prefix ? `${range.prefix} ` : ''}${range.from + offset}`,
              premium: range.premium,
              tableZoneId: range.tableZoneId,
              path: 'body.range',
            }))
          : []),
      ];
      return { tables: await saveTables(app.db, request.params.clubId, wanted) };
    },
  );
};

/** GET and DELETE /tables/{tableId}. */
export const singleTableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tables/:tableId',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['tables'],
        summary: 'A table',
        security,
        params: TableParamsSchema,
        response: { 200: TableListEntrySchema, ...errors },
      },
    },
    async (request) => {
      const table = await requireTable(app.db, request.params.clubId, request.params.tableId);
      return { id: table.id, name: table.name, premium: table.premium, tableZoneId: table.tableZoneId };
    },
  );

  app.delete(
    '/tables/:tableId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['tables'],
        summary: 'Delete a table (its QR code stops working)',
        security,
        params: TableParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteTable(app.db, request.params.clubId, request.params.tableId))) throw notFound();
      return reply.status(204).send(null);
    },
  );
};
