import { ClubParamsSchema } from '@carta/contract/clubs';
import { FullMenuSchema } from '@carta/contract/entities';
import {
  CreateMenuRequestSchema,
  MENU_NAME_MAX,
  MenuBatchRequestSchema,
  MenuCardSchema,
  MenuParamsSchema,
  MenuTranslationsSchema,
  SaveMenuRequestSchema,
  SaveTranslationsRequestSchema,
} from '@carta/contract/menus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerErrors as errors, NoContent, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { removeReleasedImages } from '../images/image-store.ts';
import { copyName, duplicateMenu } from './menu-duplicate.ts';
import { loadFullMenu, loadMenuCards } from './menu-store.ts';
import { changeMenus, createMenu, deleteMenu, saveMenu } from './menu-writes.ts';
import { changeMenuTranslations, readMenuTranslations } from './translations.ts';

/** A club's menus: the list, whole menus, their copies and their translations. */
export const menuOwnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['menus'],
        summary: "The club's menus in position order, each its list entry with counts",
        security,
        params: ClubParamsSchema,
        response: { 200: z.array(MenuCardSchema), ...errors },
      },
    },
    async (request) => loadMenuCards(app.db, request.params.clubId),
  );

  app.post(
    '/menu',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary: 'Create a whole menu with its categories and items, in one transaction',
        security,
        params: ClubParamsSchema,
        body: CreateMenuRequestSchema,
        response: { 201: FullMenuSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMenu(app.db, request.params.clubId, request.body)),
  );

  app.put(
    '/menu',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary: "Create a menu (no id) or change a menu's own fields",
        security,
        params: ClubParamsSchema,
        body: SaveMenuRequestSchema,
        response: { 200: FullMenuSchema, 201: FullMenuSchema, ...errors },
      },
    },
    async (request, reply) => {
      const menu = await saveMenu(app.db, request.params.clubId, request.body);
      return reply.status(request.body.id ? 200 : 201).send(menu);
    },
  );

  app.put(
    '/menu/batch',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary: 'Move and switch many menus at once, all or nothing',
        security,
        params: ClubParamsSchema,
        body: MenuBatchRequestSchema,
        response: { 200: z.array(MenuCardSchema), ...errors },
      },
    },
    async (request) => changeMenus(app.db, request.params.clubId, request.body.menus),
  );

  app.get(
    '/menu/:menuId',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['menus'],
        summary: 'A full menu: categories, items, translations, theme and the club contacts',
        security,
        params: MenuParamsSchema,
        response: { 200: FullMenuSchema, ...errors },
      },
    },
    async (request) => loadFullMenu(app.db, request.params.clubId, request.params.menuId),
  );

  app.delete(
    '/menu/:menuId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary: 'Delete a menu with its categories, items, schedules and banner',
        security,
        params: MenuParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const released = await deleteMenu(app.db, request.params.clubId, request.params.menuId);
      await removeReleasedImages(app.db, app.storage, request.log, released);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/menu/:menuId/duplicate',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary:
          'A deep, independent copy of a menu, named "... (copy)" in the owner\'s language; answers its list card',
        security,
        params: MenuParamsSchema,
        response: { 201: MenuCardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      const { language } = callerOf(request);
      const copy = await duplicateMenu(app.db, clubId, menuId, (name) =>
        copyName(name, language, MENU_NAME_MAX),
      );
      return reply.status(201).send(copy);
    },
  );

  app.get(
    '/menu/:menuId/translations',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary: "Every text of a menu with its translation in each of the club's languages, and progress",
        security,
        params: MenuParamsSchema,
        response: { 200: MenuTranslationsSchema, ...errors },
      },
    },
    async (request) => readMenuTranslations(app.db, request.params.clubId, request.params.menuId),
  );

  app.put(
    '/menu/:menuId/translations',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary: 'Edit many translated texts of a menu in place (blank removes one), all or nothing',
        security,
        params: MenuParamsSchema,
        body: SaveTranslationsRequestSchema,
        response: { 200: MenuTranslationsSchema, ...errors },
      },
    },
    async (request) =>
      changeMenuTranslations(app.db, request.params.clubId, request.params.menuId, request.body.texts),
  );
};
