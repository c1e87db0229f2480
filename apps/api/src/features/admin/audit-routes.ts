import { AuditPageQuerySchema, AuditPageSchema } from '@carta/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerWriteErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { auditPage } from './audit-page.ts';

/** /admin/audit: who did what, for the console. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first',
        security,
        querystring: AuditPageQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) => auditPage(app.db, request.query.page, request.query.pageSize),
  );
};
