import {
  AdminBrandParamsSchema,
  AdminBrandSchema,
  CreateBrandRequestSchema,
  UpdateBrandRequestSchema,
} from '@carta/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { auditedChange } from '../../lib/audit.ts';
import { conflictOnUnique } from '../../lib/db-errors.ts';
import { ownerWriteErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { insertBrand, listBrands, updateBrand } from './brand-store.ts';

/** /admin/brands/...: the brands clubs can work with, as the platform manages them. */
export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/brands',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every brand, enabled or not, with how many clubs work with it',
        security,
        response: { 200: z.array(AdminBrandSchema), ...errors },
      },
    },
    async () => listBrands(app.db),
  );

  app.post(
    '/brands',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a brand (enabled)',
        security,
        body: CreateBrandRequestSchema,
        response: { 201: AdminBrandSchema, ...errors },
      },
    },
    async (request, reply) => {
      const brand = await conflictOnUnique(
        () =>
          auditedChange(app, callerOf(request).accountId, async (tx) => {
            const created = await insertBrand(tx, request.body.name);
            return {
              audit: {
                action: 'brand.create',
                target: { type: 'brand', id: created.id },
                details: request.body,
              },
              result: created,
            };
          }),
        'CONFLICT',
        { path: 'body.name' },
      );
      return reply.status(201).send(brand);
    },
  );

  app.patch(
    '/brands/:brandId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a brand, or enable or disable it (disabled brands are not offered at sign-up)',
        security,
        params: AdminBrandParamsSchema,
        body: UpdateBrandRequestSchema,
        response: { 200: AdminBrandSchema, ...errors },
      },
    },
    async (request) => {
      const { brandId } = request.params;
      return conflictOnUnique(
        () =>
          auditedChange(app, callerOf(request).accountId, async (tx) => {
            const updated = await updateBrand(tx, brandId, request.body);
            if (!updated) throw notFound();
            return {
              audit: {
                action: 'brand.update',
                target: { type: 'brand', id: brandId },
                details: request.body,
              },
              result: updated,
            };
          }),
        'CONFLICT',
        { path: 'body.name' },
      );
    },
  );
};
