import { ClubParamsSchema } from '@carta/contract/clubs';
import { FullMenuSchema, MenuItemSchema, MenuSectionSchema } from '@carta/contract/entities';
import { ErrorResponseSchema } from '@carta/contract/errors';
import {
  CreateMenuRequestSchema,
  ItemBatchRequestSchema,
  ItemParamsSchema,
  MENU_NAME_MAX,
  MenuBatchRequestSchema,
  MenuCardSchema,
  MenuParamsSchema,
  MenuTranslationsSchema,
  SaveItemRequestSchema,
  SaveMenuRequestSchema,
  SaveSectionRequestSchema,
  SaveTranslationsRequestSchema,
  SectionBatchRequestSchema,
  SectionParamsSchema,
} from '@carta/contract/menus';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuItems, menuSections, menus, themes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import {
  applyBatch,
  assertMenuAllowance,
  copyName,
  duplicateMenu,
  insertItem,
  itemColumns,
  loadFullMenu,
  loadMenuCards,
  loadSections,
  lockClub,
  lockMenu,
  nextPosition,
  renumber,
  requireItem,
  requireMenu,
  requireSection,
  writeItemTranslations,
  writeSectionTranslations,
} from './menu-store.ts';
import { loadMenuTranslations, saveMenuTranslations } from './translations.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const NoContent = z.null();

/** Menus, categories and items under /clubs/{clubId}: registered inside clubScope. */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A theme a menu may use: a standard one or the club's own. */
  const assertThemeOf = async (clubId: number, themeId: number | null) => {
    if (!themeId) return;
    const [theme] = await app.db.select({ clubId: themes.clubId }).from(themes).where(eq(themes.id, themeId));
    if (!theme || (theme.clubId !== null && theme.clubId !== clubId))
      throw new AppError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'body.themeId', key: 'validation.invalid' }],
      });
  };

  app.get(
    '/menu',
    {
      schema: {
        tags: ['menus'],
        summary: "The club's menus in position order (spec §3 Menu list entry, with counts)",
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
      schema: {
        tags: ['menus'],
        summary: 'Create a whole menu with its categories and items, in one transaction',
        security,
        params: ClubParamsSchema,
        body: CreateMenuRequestSchema,
        response: { 201: FullMenuSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      const { sections, ...fields } = request.body;
      await assertThemeOf(clubId, fields.themeId);
      const menu = await app.db.transaction(async (tx) => {
        await lockClub(tx, clubId);
        await assertMenuAllowance(tx, clubId);
        const [row] = await tx
          .insert(menus)
          .values({ clubId, ...fields, position: await nextPosition(tx, 'menus', clubId) })
          .returning({ id: menus.id });
        for (const [sectionPosition, { items, translations, ...section }] of sections.entries()) {
          const [sectionRow] = await tx
            .insert(menuSections)
            .values({ menuId: row!.id, position: sectionPosition, ...section })
            .returning({ id: menuSections.id });
          await writeSectionTranslations(tx, sectionRow!.id, translations);
          for (const [itemPosition, item] of items.entries())
            await insertItem(tx, sectionRow!.id, itemPosition, item);
        }
        return loadFullMenu(tx, clubId, row!.id);
      });
      return reply.status(201).send(menu);
    },
  );

  app.put(
    '/menu',
    {
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
      const { clubId } = request.params;
      const { id, ...fields } = request.body;
      await assertThemeOf(clubId, fields.themeId);
      const menu = await app.db.transaction(async (tx) => {
        if (id) {
          await requireMenu(tx, clubId, id);
          await tx
            .update(menus)
            .set({ ...fields, updatedAt: new Date() })
            .where(eq(menus.id, id));
          return loadFullMenu(tx, clubId, id);
        }
        await lockClub(tx, clubId);
        await assertMenuAllowance(tx, clubId);
        const [row] = await tx
          .insert(menus)
          .values({ clubId, ...fields, position: await nextPosition(tx, 'menus', clubId) })
          .returning({ id: menus.id });
        return loadFullMenu(tx, clubId, row!.id);
      });
      return reply.status(id ? 200 : 201).send(menu);
    },
  );

  app.put(
    '/menu/batch',
    {
      schema: {
        tags: ['menus'],
        summary: 'Move and switch many menus at once, all or nothing',
        security,
        params: ClubParamsSchema,
        body: MenuBatchRequestSchema,
        response: { 200: z.array(MenuCardSchema), ...errors },
      },
    },
    async (request) => {
      const { clubId } = request.params;
      return app.db.transaction(async (tx) => {
        await lockClub(tx, clubId);
        await applyBatch(tx, 'menus', clubId, request.body.menus, ({ enabled }) => ({ enabled }));
        return loadMenuCards(tx, clubId);
      });
    },
  );

  app.get(
    '/menu/:menuId',
    {
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
      schema: {
        tags: ['menus'],
        summary: 'Delete a menu with its categories, items, schedules and banner',
        security,
        params: MenuParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      await app.db.transaction(async (tx) => {
        await lockClub(tx, clubId);
        await requireMenu(tx, clubId, menuId);
        await tx.delete(menus).where(eq(menus.id, menuId));
        await renumber(tx, 'menus', clubId);
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/menu/:menuId/duplicate',
    {
      schema: {
        tags: ['menus'],
        summary: 'A deep, independent copy of a menu, named "... (copy)" in the owner\'s language',
        security,
        params: MenuParamsSchema,
        response: { 201: FullMenuSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      const menu = await app.db.transaction(async (tx) => {
        await lockClub(tx, clubId);
        const source = await requireMenu(tx, clubId, menuId);
        await assertMenuAllowance(tx, clubId);
        const copyId = await duplicateMenu(
          tx,
          clubId,
          menuId,
          copyName(source.name, callerOf(request).language, MENU_NAME_MAX),
        );
        return loadFullMenu(tx, clubId, copyId);
      });
      return reply.status(201).send(menu);
    },
  );

  app.get(
    '/menu/:menuId/translations',
    {
      schema: {
        tags: ['menus'],
        summary: "Every text of a menu with its translation in each of the club's languages, and progress",
        security,
        params: MenuParamsSchema,
        response: { 200: MenuTranslationsSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId, menuId } = request.params;
      await requireMenu(app.db, clubId, menuId);
      return loadMenuTranslations(app.db, clubId, menuId);
    },
  );

  app.put(
    '/menu/:menuId/translations',
    {
      schema: {
        tags: ['menus'],
        summary: 'Edit many translated texts of a menu in place (blank removes one), all or nothing',
        security,
        params: MenuParamsSchema,
        body: SaveTranslationsRequestSchema,
        response: { 200: MenuTranslationsSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId, menuId } = request.params;
      return app.db.transaction(async (tx) => {
        await requireMenu(tx, clubId, menuId);
        await lockMenu(tx, menuId);
        await saveMenuTranslations(tx, menuId, request.body.texts);
        return loadMenuTranslations(tx, clubId, menuId);
      });
    },
  );

  // Categories.

  const loadSection = async (db: Parameters<typeof loadSections>[0], menuId: number, sectionId: number) => {
    const [section] = (await loadSections(db, [menuId], sectionId)).get(menuId) ?? [];
    if (!section) throw new AppError(404, 'NOT_FOUND');
    return section;
  };

  app.put(
    '/menu/:menuId/sections',
    {
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
      const { id, name, disabled, translations } = request.body;
      const section = await app.db.transaction(async (tx) => {
        await requireMenu(tx, clubId, menuId);
        await lockMenu(tx, menuId);
        if (id) {
          const current = await requireSection(tx, clubId, menuId, id);
          if (name !== undefined && name === current.name)
            throw new AppError(400, 'VALIDATION_ERROR', {
              issues: [{ path: 'body.name', key: 'validation.nameUnchanged' }],
            });
          const changes = {
            ...(name === undefined ? {} : { name }),
            ...(disabled === undefined ? {} : { disabled }),
          };
          if (Object.keys(changes).length > 0)
            await tx.update(menuSections).set(changes).where(eq(menuSections.id, id));
          await writeSectionTranslations(tx, id, translations);
          return loadSection(tx, menuId, id);
        }
        const [row] = await tx
          .insert(menuSections)
          .values({
            menuId,
            name: name!,
            disabled: disabled ?? false,
            position: await nextPosition(tx, 'sections', menuId),
          })
          .returning({ id: menuSections.id });
        await writeSectionTranslations(tx, row!.id, translations);
        return loadSection(tx, menuId, row!.id);
      });
      return reply.status(id ? 200 : 201).send(section);
    },
  );

  app.put(
    '/menu/:menuId/sections/batch',
    {
      schema: {
        tags: ['sections'],
        summary: "Move and switch many of a menu's categories at once, all or nothing",
        security,
        params: MenuParamsSchema,
        body: SectionBatchRequestSchema,
        response: { 200: z.array(MenuSectionSchema), ...errors },
      },
    },
    async (request) => {
      const { clubId, menuId } = request.params;
      return app.db.transaction(async (tx) => {
        await requireMenu(tx, clubId, menuId);
        await lockMenu(tx, menuId);
        await applyBatch(tx, 'sections', menuId, request.body.sections, ({ disabled }) => ({ disabled }));
        return (await loadSections(tx, [menuId])).get(menuId) ?? [];
      });
    },
  );

  app.get(
    '/menu/:menuId/sections/:sectionId',
    {
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
      await requireSection(app.db, clubId, menuId, sectionId);
      return loadSection(app.db, menuId, sectionId);
    },
  );

  app.delete(
    '/menu/:menuId/sections/:sectionId',
    {
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
      await app.db.transaction(async (tx) => {
        await requireSection(tx, clubId, menuId, sectionId);
        await lockMenu(tx, menuId);
        await tx.delete(menuSections).where(eq(menuSections.id, sectionId));
        await renumber(tx, 'sections', menuId);
      });
      return reply.status(204).send(null);
    },
  );

  // Items.

  const loadItem = async (
    db: Parameters<typeof loadSections>[0],
    menuId: number,
    sectionId: number,
    itemId: number,
  ) => {
    const section = await loadSection(db, menuId, sectionId);
    const item = section.items.find((candidate) => candidate.id === itemId);
    if (!item) throw new AppError(404, 'NOT_FOUND');
    return item;
  };

  app.put(
    '/menu/:menuId/sections/:sectionId/items',
    {
      schema: {
        tags: ['items'],
        summary: 'Create an item (no id) or change one, with its translations',
        security,
        params: SectionParamsSchema,
        body: SaveItemRequestSchema,
        response: { 200: MenuItemSchema, 201: MenuItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId, sectionId } = request.params;
      const { id, ...fields } = request.body;
      const item = await app.db.transaction(async (tx) => {
        await requireSection(tx, clubId, menuId, sectionId);
        await lockMenu(tx, menuId);
        if (id) {
          await requireItem(tx, { clubId, menuId, sectionId, itemId: id });
          await tx.update(menuItems).set(itemColumns(fields)).where(eq(menuItems.id, id));
          await writeItemTranslations(tx, id, fields.translations);
          return loadItem(tx, menuId, sectionId, id);
        }
        const itemId = await insertItem(tx, sectionId, await nextPosition(tx, 'items', sectionId), fields);
        return loadItem(tx, menuId, sectionId, itemId);
      });
      return reply.status(id ? 200 : 201).send(item);
    },
  );

  app.put(
    '/menu/:menuId/sections/:sectionId/items/batch',
    {
      schema: {
        tags: ['items'],
        summary:
          'Move items and set hidden, out of stock, best seller and suggested on many at once, all or nothing',
        security,
        params: SectionParamsSchema,
        body: ItemBatchRequestSchema,
        response: { 200: z.array(MenuItemSchema), ...errors },
      },
    },
    async (request) => {
      const { clubId, menuId, sectionId } = request.params;
      return app.db.transaction(async (tx) => {
        await requireSection(tx, clubId, menuId, sectionId);
        await lockMenu(tx, menuId);
        await applyBatch(
          tx,
          'items',
          sectionId,
          request.body.items,
          ({ disabled, outOfStock, bestSeller, suggested }) => ({
            disabled,
            outOfStock,
            bestSeller,
            suggested,
          }),
        );
        return (await loadSection(tx, menuId, sectionId)).items;
      });
    },
  );

  app.get(
    '/menu/:menuId/sections/:sectionId/items/:itemId',
    {
      schema: {
        tags: ['items'],
        summary: 'An item with its translations',
        security,
        params: ItemParamsSchema,
        response: { 200: MenuItemSchema, ...errors },
      },
    },
    async (request) => {
      const { menuId, sectionId, itemId } = request.params;
      await requireItem(app.db, request.params);
      return loadItem(app.db, menuId, sectionId, itemId);
    },
  );

  app.delete(
    '/menu/:menuId/sections/:sectionId/items/:itemId',
    {
      schema: {
        tags: ['items'],
        summary: 'Delete an item',
        security,
        params: ItemParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { menuId, sectionId, itemId } = request.params;
      await app.db.transaction(async (tx) => {
        await requireItem(tx, request.params);
        await lockMenu(tx, menuId);
        await tx.delete(menuItems).where(and(eq(menuItems.id, itemId), eq(menuItems.sectionId, sectionId)));
        await renumber(tx, 'items', sectionId);
      });
      return reply.status(204).send(null);
    },
  );
};
