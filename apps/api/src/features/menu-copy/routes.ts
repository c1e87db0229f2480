import { CopyMenuRequestSchema, CopyMenuResponseSchema } from '@carta/contract/menu-copy';
import { MenuParamsSchema } from '@carta/contract/menus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { copyMenuToClub } from './menu-copy-store.ts';

/** POST /clubs/{clubId}/menu/{menuId}/copy: registered inside clubScope. */
export const menuCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/menu/:menuId/copy',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary:
          "Copy a menu to another of the caller's clubs (owner or manager of both), in one transaction",
        description:
          "A deep, independent copy at the end of the target club's menus: categories, dishes, translations, variants, prices by time, banner and photos, with the same name. Schedules follow zones of the same name in the target (others are left out); a club's own theme becomes the target's default. Answers the copy's id and notes on what it could not take as it was. A target the caller neither owns nor manages answers 404; the target's Free plan limit applies.",
        security,
        params: MenuParamsSchema,
        body: CopyMenuRequestSchema,
        response: { 201: CopyMenuResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      const { targetClubId } = request.body;
      const copy = await copyMenuToClub(app.db, {
        accountId: callerOf(request).accountId,
        sourceClubId: clubId,
        menuId,
        targetClubId,
      });
      // The scope drops the source club's kept guest pages after any write; the target's are dropped here.
      await app.guestCache.changed(targetClubId);
      return reply.status(201).send(copy);
    },
  );
};
