import { ClubParamsSchema } from '@carta/contract/clubs';
import { CurrentPaymentStateSchema, PaymentPlanSchema } from '@carta/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { listClubPlans, loadPaymentState } from './payment-store.ts';

/** GET /clubs/{clubId}/payments/plans and .../plans/current: registered inside clubScope. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/plans',
    {
      config: { minRole: 'owner' },
      schema: {
        tags: ['payments'],
        summary:
          "The plans of the club's billing country (monthly and annual) with net, VAT and gross in cents, " +
          'reverse charge for a valid EU VAT number of another member state, and the annual saving; ' +
          'none for a country without plans',
        security,
        params: ClubParamsSchema,
        response: { 200: z.array(PaymentPlanSchema), ...errors },
      },
    },
    async (request) => listClubPlans(app.db, request.params.clubId),
  );

  app.get(
    '/payments/plans/current',
    {
      config: { minRole: 'owner' },
      schema: {
        tags: ['payments'],
        summary:
          "The club's payment state: plan kind, subscription, renewal date, next invoice and the days " +
          'left before deactivation after a failed payment',
        security,
        params: ClubParamsSchema,
        response: { 200: CurrentPaymentStateSchema, ...errors },
      },
    },
    async (request) => loadPaymentState(app.db, request.params.clubId, new Date()),
  );
};
