import {
  AdminPaymentPlanSchema,
  CreatePaymentPlanRequestSchema,
  PaymentPlanParamsSchema,
  UpdatePaymentPlanRequestSchema,
} from '@carta/contract/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { auditedChange } from '../../lib/audit.ts';
import { conflictOnUnique } from '../../lib/db-errors.ts';
import { ownerWriteErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { insertPlan, listCatalogue, updatePlan } from './plan-catalogue-store.ts';

/** /admin/payment-plans: the plan catalogue per country (issue 15), every change audited. */
export const planCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment-plans',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every catalogue plan, enabled or not, with how many clubs it bills',
        security,
        response: { 200: z.array(AdminPaymentPlanSchema), ...errors },
      },
    },
    async () => listCatalogue(app.db),
  );

  app.post(
    '/payment-plans',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Add a country's monthly or annual plan (net cents, VAT in basis points); 409 while another plan " +
          'for that country and duration is enabled',
        security,
        body: CreatePaymentPlanRequestSchema,
        response: { 201: AdminPaymentPlanSchema, ...errors },
      },
    },
    async (request, reply) => {
      const plan = await conflictOnUnique(
        () =>
          auditedChange(app, callerOf(request).accountId, async (tx) => {
            const created = await insertPlan(tx, request.body);
            if (!created) throw notFound();
            return {
              audit: {
                action: 'plan.create',
                target: { type: 'paymentPlan', id: created.id },
                details: request.body,
              },
              result: created,
            };
          }),
        'CONFLICT',
        { path: 'body.months' },
      );
      return reply.status(201).send(plan);
    },
  );

  app.patch(
    '/payment-plans/:paymentPlanId',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change a plan: price and VAT reach new subscriptions and plan changes (renewals keep the amount ' +
          'subscribed at); a disabled plan is no longer offered. 409 when enabling it would make two',
        security,
        params: PaymentPlanParamsSchema,
        body: UpdatePaymentPlanRequestSchema,
        response: { 200: AdminPaymentPlanSchema, ...errors },
      },
    },
    async (request) => {
      const { paymentPlanId } = request.params;
      return conflictOnUnique(
        () =>
          auditedChange(app, callerOf(request).accountId, async (tx) => {
            const plan = await updatePlan(tx, paymentPlanId, request.body);
            if (!plan) throw notFound();
            return {
              audit: {
                action: 'plan.update',
                target: { type: 'paymentPlan', id: paymentPlanId },
                details: request.body,
              },
              result: plan,
            };
          }),
        'CONFLICT',
        { path: 'body.enabled' },
      );
    },
  );
};
