import { MenuItemSchema } from '@carta/contract/entities';
import {
  ItemBatchRequestSchema,
  ItemParamsSchema,
  ItemStockRequestSchema,
  SaveItemRequestSchema,
  SectionParamsSchema,
} from '@carta/contract/menus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerErrors as errors, NoContent, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { removeReleasedImages } from '../images/image-store.ts';
import { changeItems, deleteItem, readItem, saveItem, setItemStock } from './item-store.ts';

/** A category's items. */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/menu/:menuId/sections/:sectionId/items',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['items'],
        summary:
          "Create an item (no id) or change one, with its translations and its photo (a key of the club's uploads with purpose photo; a photo no longer used is released)",
        security,
        params: SectionParamsSchema,
        body: SaveItemRequestSchema,
        response: { 200: MenuItemSchema, 201: MenuItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { result, released } = await saveItem(app.db, request.params, request.body);
      await removeReleasedImages(app.db, app.storage, request.log, released);
      return reply.status(request.body.id ? 200 : 201).send(result);
    },
  );

  app.put(
    '/menu/:menuId/sections/:sectionId/items/batch',
    {
      config: { minRole: 'manager' },
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
    async (request) => changeItems(app.db, request.params, request.body.items),
  );

  app.patch(
    '/menu/:menuId/sections/:sectionId/items/:itemId/stock',
    {
      // What staff change during service: the rest of the item is the managers' (0083).
      config: { minRole: 'staff' },
      schema: {
        tags: ['items'],
        summary: 'Mark an item out of stock or back in stock; nothing else of it changes',
        security,
        params: ItemParamsSchema,
        body: ItemStockRequestSchema,
        response: { 200: MenuItemSchema, ...errors },
      },
    },
    async (request) => setItemStock(app.db, request.params, request.body.outOfStock),
  );

  app.get(
    '/menu/:menuId/sections/:sectionId/items/:itemId',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['items'],
        summary: 'An item with its translations',
        security,
        params: ItemParamsSchema,
        response: { 200: MenuItemSchema, ...errors },
      },
    },
    async (request) => readItem(app.db, request.params),
  );

  app.delete(
    '/menu/:menuId/sections/:sectionId/items/:itemId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['items'],
        summary: 'Delete an item',
        security,
        params: ItemParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const released = await deleteItem(app.db, request.params);
      await removeReleasedImages(app.db, app.storage, request.log, released);
      return reply.status(204).send(null);
    },
  );
};
