import { ErrorResponseSchema } from '@carta/contract/errors';
import { GuestWifiSchema } from '@carta/contract/guest';
import { TableParamsSchema } from '@carta/contract/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { guestWifiAt, limitWifiReveals } from './guest-wifi.ts';

/**
 * The guest's tap on "Wi-Fi" (inside clubScope as `isPublic`): the network and its password, kept by
 * no cache and indexed by no search engine (0087).
 */
export const wifiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu/tables/:tableId/wifi',
    {
      config: { isPublic: true, keepsGuestPages: true },
      preHandler: async (request) => limitWifiReveals(app, request),
      schema: {
        tags: ['guest'],
        summary:
          "Public: the club's Wi-Fi name and password for a guest at an open table; 404 without one; 429 this address asked too often",
        params: TableParamsSchema,
        response: { 200: GuestWifiSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      const found = await guestWifiAt(app, clubId, tableId);
      if (!found) throw notFound();
      return found.wifi;
    },
  );
};
