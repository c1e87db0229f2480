import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { eInvoiceAdminRoutes } from '../billing/e-invoice/routes.ts';
import { adminClubRoutes } from './admin-club-routes.ts';
import { adminRefundRoutes } from './admin-refund-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { authenticatorResetRoutes } from './authenticator-reset-routes.ts';
import { brandRoutes } from './brand-routes.ts';
import { phoneDuplicateRoutes } from './phone-duplicate-routes.ts';
import { planCatalogueRoutes } from './plan-catalogue-routes.ts';

/** /admin/...: accounts with the admin flag only (401 without a token, 403 for everyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    if (!callerOf(request).isAdmin) throw new AppError(403, 'FORBIDDEN');
  });
  await app.register(adminClubRoutes);
  await app.register(brandRoutes);
  await app.register(auditRoutes);
  await app.register(phoneDuplicateRoutes);
  await app.register(planCatalogueRoutes);
  await app.register(authenticatorResetRoutes);
  await app.register(eInvoiceAdminRoutes);
  await app.register(adminRefundRoutes);
};
