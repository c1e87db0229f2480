import { MenuSectionSchema } from '@carta/contract/entities';
import {
  MenuParamsSchema,
  SaveSectionRequestSchema,
  SectionBatchRequestSchema,
  SectionParamsSchema,
} from '@carta/contract/menus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerErrors as errors, NoContent, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { removeReleasedImages } from '../images/image-store.ts';
import { changeSections, deleteSection, readSection, saveSection } from './section-store.ts';

/** A menu's categories. */
export const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/menu/:menuId/sections',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['sections'],
        summary: 'Create a category (no id), or rename, switch or translate one',
        security,
        params: MenuParamsSchema,
        body: SaveSectionRequestSchema,
        response: { 200: MenuSectionSchema, 201: MenuSectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      const section = await saveSection(app.db, clubId, menuId, request.body);
      return reply.status(request.body.id ? 200 : 201).send(section);
    },
  );

  app.put(
    '/menu/:menuId/sections/batch',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['sections'],
        summary: "Move and switch many of a menu's categories at once, all or nothing",
        security,
        params: MenuParamsSchema,
        body: SectionBatchRequestSchema,
        response: { 200: z.array(MenuSectionSchema), ...errors },
      },
    },
    async (request) =>
      changeSections(app.db, request.params.clubId, request.params.menuId, request.body.sections),
  );

  app.get(
    '/menu/:menuId/sections/:sectionId',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['sections'],
        summary: 'A category with its items and translations',
        security,
        params: SectionParamsSchema,
        response: { 200: MenuSectionSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId, menuId, sectionId } = request.params;
      return readSection(app.db, clubId, menuId, sectionId);
    },
  );

  app.delete(
    '/menu/:menuId/sections/:sectionId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['sections'],
        summary: 'Delete a category with its items',
        security,
        params: SectionParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId, sectionId } = request.params;
      const released = await deleteSection(app.db, clubId, menuId, sectionId);
      await removeReleasedImages(app.db, app.storage, request.log, released);
      return reply.status(204).send(null);
    },
  );
};
