import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { itemRoutes } from './item-routes.ts';
import { menuOwnRoutes } from './menu-routes.ts';
import { sectionRoutes } from './section-routes.ts';

/**
 * Menus, categories and items under /clubs/{clubId}: registered inside clubScope. The three are added
 * to this same instance, not registered as plugins of their own, so they keep clubScope's hooks and
 * the order (and so the OpenAPI document) they always had.
 */
export const menuRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await menuOwnRoutes(app, options);
  await sectionRoutes(app, options);
  await itemRoutes(app, options);
};
