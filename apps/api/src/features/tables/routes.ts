import { menusAvailableAt } from '@carta/contract/availability';
import { ClubParamsSchema } from '@carta/contract/clubs';
import { TableListEntrySchema, TableZoneSchema } from '@carta/contract/entities';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { MenuParamsSchema } from '@carta/contract/menus';
import {
  DeleteZoneQuerySchema,
  PreviewQuerySchema,
  PreviewResponseSchema,
  SaveSchedulingsRequestSchema,
  SaveTablesRequestSchema,
  SaveZoneRequestSchema,
  SchedulingParamsSchema,
  SchedulingsResponseSchema,
  TableParamsSchema,
  TablesResponseSchema,
  ZoneParamsSchema,
  ZonesResponseSchema,
} from '@carta/contract/tables';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { clubs, clubTables, schedulings, tableZones } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { requireMenu } from '../menus/menu-store.ts';
import { guestTableUrl, qrPng, qrSheetPdf, qrSvg } from './qr.ts';
import {
  listTables,
  listZones,
  loadScheduledMenus,
  requireTable,
  requireZone,
  zonesAreOwn,
} from './table-store.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const NoContent = z.null();

const invalidZone = (path: string) =>
  new AppError(400, 'VALIDATION_ERROR', { issues: [{ path, key: 'validation.invalid' }] });

/** Tables, zones, menu schedules, the owner's preview and QR codes: registered inside clubScope. */
export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tables',
    {
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
      const { clubId } = request.params;
      const { tables, range } = request.body;
      const wanted = [
        ...tables.map((table, index) => ({ ...table, path: `body.tables.${index}.name` })),
        ...(range
          ? Array.from({ length: range.to - range.from + 1 }, (_, offset) => ({
              id: undefined,
              name: `${range.prefix ? `${range.prefix} ` : ''}${range.from + offset}`,
              premium: range.premium,
              tableZoneId: range.tableZoneId,
              path: 'body.range',
            }))
          : []),
      ];
      try {
        return await app.db.transaction(async (tx) => {
          if (
            !(await zonesAreOwn(
              tx,
              clubId,
              wanted.map((table) => table.tableZoneId),
            ))
          )
            throw invalidZone('body');
          const seen = new Map<string, string>();
          const issues: { path: string; key: string }[] = [];
          for (const table of wanted) {
            const key = table.name.toLocaleLowerCase('it');
            if (seen.has(key)) issues.push({ path: table.path, key: 'errors.TABLE_NAME_TAKEN' });
            seen.set(key, table.path);
          }
          const ownIds = wanted.flatMap((table) => (table.id ? [table.id] : []));
          const others = await tx
            .select({ name: clubTables.name })
            .from(clubTables)
            .where(
              ownIds.length
                ? and(eq(clubTables.clubId, clubId), notInArray(clubTables.id, ownIds))
                : eq(clubTables.clubId, clubId),
            );
          for (const other of others) {
            const path = seen.get(other.name.toLocaleLowerCase('it'));
            if (path) issues.push({ path, key: 'errors.TABLE_NAME_TAKEN' });
          }
          if (issues.length > 0)
            throw new AppError(409, 'TABLE_NAME_TAKEN', {
              issues: [...new Map(issues.map((issue) => [issue.path, issue])).values()],
            });
          for (const { id, path: _path, ...fields } of wanted) {
            if (id) {
              await requireTable(tx, clubId, id);
              await tx.update(clubTables).set(fields).where(eq(clubTables.id, id));
            } else {
              await tx.insert(clubTables).values({ clubId, ...fields });
            }
          }
          return { tables: await listTables(tx, clubId) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'TABLE_NAME_TAKEN');
        throw error;
      }
    },
  );

  app.get(
    '/tables/qrcodes.pdf',
    {
      schema: {
        tags: ['tables'],
        summary:
          'A printable A4 sheet: one card per table (all, or those listed) with the club, the table and its QR code',
        security,
        params: ClubParamsSchema,
        querystring: z.object({
          tables: z
            .string()
            .regex(/^\d+(,\d+)*$/)
            .optional(),
        }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      const chosen = request.query.tables?.split(',').map(Number);
      const [club] = await app.db
        .select({ name: clubs.name, menuLanguages: clubs.menuLanguages })
        .from(clubs)
        .where(eq(clubs.id, clubId));
      const tables = (await listTables(app.db, clubId)).filter(
        (table) => !chosen || chosen.includes(table.id),
      );
      if (!club || tables.length === 0) throw notFound();
      const pdf = await qrSheetPdf(
        { name: club.name, languages: club.menuLanguages },
        tables.map((table) => ({
          name: table.name,
          url: guestTableUrl(app.config.publicUrl, clubId, table.id),
        })),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="qr-${clubId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/tables/:tableId',
    {
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
      schema: {
        tags: ['tables'],
        summary: 'Delete a table (its QR code stops working)',
        security,
        params: TableParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      await requireTable(app.db, clubId, tableId);
      await app.db.delete(clubTables).where(eq(clubTables.id, tableId));
      return reply.status(204).send(null);
    },
  );

  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/tables/:tableId/qrcode.${format}`,
      {
        schema: {
          tags: ['tables'],
          summary: `The table's QR code as ${format.toUpperCase()}: the guest address, error correction H`,
          security,
          params: TableParamsSchema,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const { clubId, tableId } = request.params;
        const table = await requireTable(app.db, clubId, tableId);
        const url = guestTableUrl(app.config.publicUrl, clubId, tableId);
        const fileName = `qr-${table.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.${format}`;
        reply
          .header('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}"`)
          .header('cache-control', 'no-store');
        return format === 'png'
          ? reply.type('image/png').send(await qrPng(url))
          : reply.type('image/svg+xml').send(await qrSvg(url));
      },
    );
  }

  app.get(
    '/tables/:tableId/preview',
    {
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
      const table = await requireTable(app.db, clubId, tableId);
      const [hours = 0, minutes = 0] = request.query.time.split(':').map(Number);
      const available = menusAvailableAt(await loadScheduledMenus(app.db, clubId), table.tableZoneId, {
        day: request.query.day,
        minutes: hours * 60 + minutes,
      });
      return { menus: available.map(({ id, name, position }) => ({ id, name, position })) };
    },
  );

  // Zones.

  app.get(
    '/zones',
    {
      schema: {
        tags: ['tables'],
        summary: "The club's table zones",
        security,
        params: ClubParamsSchema,
        response: { 200: ZonesResponseSchema, ...errors },
      },
    },
    async (request) => ({ tableZones: await listZones(app.db, request.params.clubId) }),
  );

  const saveZone = async (clubId: number, name: string, zoneId?: number) => {
    try {
      return await app.db.transaction(async (tx) => {
        if (zoneId) {
          await requireZone(tx, clubId, zoneId);
          const [zone] = await tx
            .update(tableZones)
            .set({ name })
            .where(eq(tableZones.id, zoneId))
            .returning();
          return zone!;
        }
        const [zone] = await tx.insert(tableZones).values({ clubId, name }).returning();
        return zone!;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(409, 'CONFLICT', { issues: [{ path: 'body.name', key: 'errors.CONFLICT' }] });
      throw error;
    }
  };

  app.post(
    '/zones',
    {
      schema: {
        tags: ['tables'],
        summary: 'Create a zone',
        security,
        params: ClubParamsSchema,
        body: SaveZoneRequestSchema,
        response: { 201: TableZoneSchema, ...errors },
      },
    },
    async (request, reply) => {
      const zone = await saveZone(request.params.clubId, request.body.name);
      return reply.status(201).send({ id: zone.id, name: zone.name });
    },
  );

  app.put(
    '/zones/:zoneId',
    {
      schema: {
        tags: ['tables'],
        summary: 'Rename a zone',
        security,
        params: ZoneParamsSchema,
        body: SaveZoneRequestSchema,
        response: { 200: TableZoneSchema, ...errors },
      },
    },
    async (request) => {
      const zone = await saveZone(request.params.clubId, request.body.name, request.params.zoneId);
      return { id: zone.id, name: zone.name };
    },
  );

  app.delete(
    '/zones/:zoneId',
    {
      schema: {
        tags: ['tables'],
        summary:
          'Delete a zone; in use, say what happens to its tables (unassign or delete) and schedules (every zone or delete)',
        security,
        params: ZoneParamsSchema,
        querystring: DeleteZoneQuerySchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, zoneId } = request.params;
      const { tables: tablesChoice, schedulings: schedulingsChoice } = request.query;
      await app.db.transaction(async (tx) => {
        await requireZone(tx, clubId, zoneId);
        const [[tableCount], [ruleCount]] = await Promise.all([
          tx.select({ value: count() }).from(clubTables).where(eq(clubTables.tableZoneId, zoneId)),
          tx.select({ value: count() }).from(schedulings).where(eq(schedulings.tableZoneId, zoneId)),
        ]);
        const usedBy = { tables: tableCount?.value ?? 0, schedulings: ruleCount?.value ?? 0 };
        if ((usedBy.tables > 0 && !tablesChoice) || (usedBy.schedulings > 0 && !schedulingsChoice)) {
          throw new AppError(409, 'ZONE_IN_USE', {
            issues: [
              ...(usedBy.tables > 0 && !tablesChoice
                ? [{ path: 'query.tables', key: 'errors.ZONE_IN_USE' }]
                : []),
              ...(usedBy.schedulings > 0 && !schedulingsChoice
                ? [{ path: 'query.schedulings', key: 'errors.ZONE_IN_USE' }]
                : []),
            ],
          });
        }
        if (tablesChoice === 'delete') await tx.delete(clubTables).where(eq(clubTables.tableZoneId, zoneId));
        else await tx.update(clubTables).set({ tableZoneId: null }).where(eq(clubTables.tableZoneId, zoneId));
        if (schedulingsChoice === 'delete')
          await tx.delete(schedulings).where(eq(schedulings.tableZoneId, zoneId));
        else
          await tx.update(schedulings).set({ tableZoneId: null }).where(eq(schedulings.tableZoneId, zoneId));
        await tx.delete(tableZones).where(eq(tableZones.id, zoneId));
      });
      return reply.status(204).send(null);
    },
  );

  // Menu schedules.

  const loadRules = async (db: Database | Transaction, menuId: number) =>
    (
      await db.select().from(schedulings).where(eq(schedulings.menuId, menuId)).orderBy(asc(schedulings.id))
    ).map((rule) => ({
      id: rule.id,
      days: rule.days,
      startTime: rule.startTime,
      endTime: rule.endTime,
      tableZone: rule.tableZoneId,
    }));

  app.get(
    '/menu/:menuId/schedulings',
    {
      schema: {
        tags: ['schedulings'],
        summary: "A menu's schedule rules",
        security,
        params: MenuParamsSchema,
        response: { 200: SchedulingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireMenu(app.db, request.params.clubId, request.params.menuId);
      return { schedulings: await loadRules(app.db, request.params.menuId) };
    },
  );

  app.put(
    '/menu/:menuId/schedulings',
    {
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
      const rules = request.body.schedulings;
      return app.db.transaction(async (tx) => {
        await requireMenu(tx, clubId, menuId);
        if (
          !(await zonesAreOwn(
            tx,
            clubId,
            rules.map((rule) => rule.tableZone),
          ))
        )
          throw invalidZone('body.schedulings');
        const keptIds = rules.flatMap((rule) => (rule.id ? [rule.id] : []));
        if (keptIds.length) {
          const [owned] = await tx
            .select({ value: count() })
            .from(schedulings)
            .where(and(eq(schedulings.menuId, menuId), inArray(schedulings.id, keptIds)));
          if (owned?.value !== new Set(keptIds).size) throw notFound();
        }
        await tx
          .delete(schedulings)
          .where(
            keptIds.length
              ? and(eq(schedulings.menuId, menuId), notInArray(schedulings.id, keptIds))
              : eq(schedulings.menuId, menuId),
          );
        for (const { id, tableZone, ...rule } of rules) {
          const values = { ...rule, tableZoneId: tableZone };
          if (id) await tx.update(schedulings).set(values).where(eq(schedulings.id, id));
          else await tx.insert(schedulings).values({ menuId, ...values });
        }
        return { schedulings: await loadRules(tx, menuId) };
      });
    },
  );

  app.delete(
    '/menu/:menuId/schedulings/:schedulingId',
    {
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
      await requireMenu(app.db, clubId, menuId);
      const deleted = await app.db
        .delete(schedulings)
        .where(and(eq(schedulings.id, schedulingId), eq(schedulings.menuId, menuId)))
        .returning({ id: schedulings.id });
      if (deleted.length === 0) throw notFound();
      return reply.status(204).send(null);
    },
  );
};
