import { ClubParamsSchema } from '@carta/contract/clubs';
import { GuestPreviewLinkSchema, GuestPreviewQuerySchema } from '@carta/contract/guest-preview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { guestPreviewUrl, previewTable, signGuestPreview } from './guest-preview.ts';

/** GET /guest-preview: inside clubScope, so only the club's owner gets one. */
export const guestPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guest-preview',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['guest'],
        summary:
          "A short-lived address of a table's guest page (the club's first table without `tableId`) as its owner's preview: the page of a club waiting for activation, marked as a preview",
        security,
        params: ClubParamsSchema,
        querystring: GuestPreviewQuerySchema,
        response: { 200: GuestPreviewLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      const { tableId } = request.query;
      const table = await previewTable(app.db, clubId, tableId);
      if (!table) throw notFound();
      const preview = signGuestPreview(app.appSecret, clubId);
      // The address is a secret for a while: nobody keeps it.
      reply.header('cache-control', 'no-store');
      return {
        tableId: table.id,
        url: guestPreviewUrl(clubId, table.id, preview.value),
        expiresAt: preview.expiresAt.toISOString(),
      };
    },
  );
};
