import { ClubParamsSchema } from '@carta/contract/clubs';
import { PromoteRequestSchema, PromoteResponseSchema, PromotionStateSchema } from '@carta/contract/promote';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { promote, readPromotion } from './promote-store.ts';

/** GET and PATCH /clubs/{clubId}/promote: registered inside clubScope. */
export const promoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promote',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['clubs'],
        summary: "The club's sponsoring brand and its branded items, each with whether it is promoted",
        security,
        params: ClubParamsSchema,
        response: { 200: PromotionStateSchema, ...errors },
      },
    },
    async (request) => readPromotion(app.db, request.params.clubId),
  );

  app.patch(
    '/promote',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['clubs'],
        summary:
          'Promote the branded items (Smart plan): Suggested and first in their category; `enabled: false` puts back their places and markers',
        description:
          'Idempotent: promoting what is promoted already changes nothing. `brandCodes` limits it to those product codes. One transaction.',
        security,
        params: ClubParamsSchema,
        body: PromoteRequestSchema,
        response: { 200: PromoteResponseSchema, ...errors },
      },
    },
    async (request) => promote(app.db, request.params.clubId, request.body),
  );
};
