import { ErrorResponseSchema } from '@carta/contract/errors';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brands, clubMessages, clubs, subscriptions } from '../db/schema.ts';
import { callerOf } from '../plugins/auth.ts';

// TODO(contract): replace with OwnedClubSummarySchema from @carta/contract/entities once it lands.
const OwnedClubSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.object({ id: z.number(), name: z.string(), enabled: z.boolean() }).nullable(),
  freeForever: z.boolean(),
  subscriptionEnabled: z.boolean(),
  subscriptionExpiration: z.string().nullable(),
  message: z
    .object({ id: z.number(), severity: z.number(), summary: z.string(), fullMessage: z.string() })
    .nullable(),
});

export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clubs',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['clubs'],
        summary: "The caller's clubs",
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(OwnedClubSummarySchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await app.db
        .select({
          id: clubs.id,
          name: clubs.name,
          freeForever: clubs.freeForever,
          brand: { id: brands.id, name: brands.name, enabled: brands.enabled },
          subscriptionEnd: subscriptions.currentPeriodEnd,
          message: {
            id: clubMessages.id,
            severity: clubMessages.severity,
            summary: clubMessages.summary,
            fullMessage: clubMessages.fullMessage,
          },
        })
        .from(clubs)
        .leftJoin(brands, eq(brands.id, clubs.brandId))
        .leftJoin(subscriptions, eq(subscriptions.clubId, clubs.id))
        .leftJoin(clubMessages, eq(clubMessages.clubId, clubs.id))
        .where(eq(clubs.ownerId, caller.accountId))
        .orderBy(asc(clubs.name), asc(clubs.id));
      const now = Date.now();
      return rows.map(({ subscriptionEnd, ...row }) => ({
        ...row,
        subscriptionEnabled: subscriptionEnd !== null && subscriptionEnd.getTime() > now,
        subscriptionExpiration: subscriptionEnd ? subscriptionEnd.toISOString().slice(0, 10) : null,
      }));
    },
  );
};
