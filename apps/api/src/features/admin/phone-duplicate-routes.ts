import { PhoneDuplicatesResponseSchema } from '@carta/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerWriteErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { listPhoneDuplicates } from './phone-duplicate-store.ts';

/** /admin/phone-duplicates: accounts the canonical-phone conversion left for a person to sort out (0050). */
export const phoneDuplicateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/phone-duplicates',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts made before canonical phones that share one number, grouped by it; nothing merged',
        security,
        response: { 200: PhoneDuplicatesResponseSchema, ...errors },
      },
    },
    async () => ({ groups: await listPhoneDuplicates(app.db) }),
  );
};
