import { ClubParamsSchema } from '@carta/contract/clubs';
import { TableZoneSchema } from '@carta/contract/entities';
import {
  DeleteZoneQuerySchema,
  SaveZoneRequestSchema,
  ZoneParamsSchema,
  ZonesResponseSchema,
} from '@carta/contract/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ownerWriteErrors as errors,
  NoContent,
  bearerSecurity as security,
} from '../../lib/route-schemas.ts';
import { deleteZone, listZones, saveZone } from './zone-store.ts';

/** The club's table zones: list, create, rename, delete. */
export const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/zones',
    {
      config: { minRole: 'staff' },
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

  app.post(
    '/zones',
    {
      config: { minRole: 'manager' },
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
      const zone = await saveZone(app.db, request.params.clubId, request.body.name);
      return reply.status(201).send({ id: zone.id, name: zone.name });
    },
  );

  app.put(
    '/zones/:zoneId',
    {
      config: { minRole: 'manager' },
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
      const zone = await saveZone(app.db, request.params.clubId, request.body.name, request.params.zoneId);
      return { id: zone.id, name: zone.name };
    },
  );

  app.delete(
    '/zones/:zoneId',
    {
      config: { minRole: 'manager' },
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
      await deleteZone(app.db, request.params.clubId, request.params.zoneId, request.query);
      return reply.status(204).send(null);
    },
  );
};
