import { AdminClubParamsSchema } from '@carta/contract/admin';
import {
  AdminChargeParamsSchema,
  AdminClubPaymentsSchema,
  AdminRefundSchema,
  RefundRequestSchema,
} from '@carta/contract/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerWriteErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { listClubPayments } from '../billing/club-payments-store.ts';
import { requestRefund, sendRefund } from '../billing/refund-store.ts';

/**
 * /admin/clubs/{clubId}/payments and refunds (docs/decisions/0063-refunds-and-credit-notes.md): registered
 * under the admin guard. A refund does not change the subscription: the admin cancels it separately.
 */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clubs/:clubId/payments',
    {
      schema: {
        tags: ['admin'],
        summary:
          "A club's charges, newest first: status, amount, invoice, what was refunded and how, credit notes",
        security,
        params: AdminClubParamsSchema,
        response: { 200: AdminClubPaymentsSchema, ...errors },
      },
    },
    async (request) => listClubPayments(app.db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/charges/:chargeId/refunds',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Refunds a paid charge whole or in part (at most what is left; one refund at a time per charge), ' +
          'audited; the answer says whether the provider made it (pending while it cannot be reached). A credit note follows for an invoiced ' +
          'charge, and the owner is emailed. The subscription does not change',
        security,
        params: AdminChargeParamsSchema,
        body: RefundRequestSchema,
        response: { 201: AdminRefundSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, chargeId } = request.params;
      const refundId = await requestRefund(app.billing, {
        clubId,
        chargeId,
        amountCents: request.body.amountCents,
        note: request.body.note,
        adminAccountId: callerOf(request).accountId,
      });
      await sendRefund(app.billing, refundId, new Date());
      const payments = await listClubPayments(app.db, clubId);
      const refund = payments.charges
        .flatMap((charge) => charge.refunds)
        .find((candidate) => candidate.id === refundId);
      if (!refund) throw new Error(`refund ${refundId} not listed`);
      return reply.code(201).send(refund);
    },
  );
};
