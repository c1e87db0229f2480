import {
  AddPaymentMethodRequestSchema,
  ChangePlanPreviewQuerySchema,
  ChangePlanPreviewSchema,
  InvoiceParamsSchema,
  InvoiceSchema,
  PaymentMethodParamsSchema,
  PaymentMethodSchema,
  PaymentSetupSchema,
  SubscribeRequestSchema,
  SubscriptionResultSchema,
} from '@carta/contract/billing';
import { ClubParamsSchema } from '@carta/contract/clubs';
import { CurrentPaymentStateSchema } from '@carta/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../lib/language.ts';
import {
  binaryFile,
  errorResponses,
  NoContent,
  ownerErrors,
  ownerWriteErrors,
  bearerSecurity as security,
} from '../../lib/route-schemas.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { listInvoices, loadInvoice } from './invoice-store.ts';
import { listPaymentMethods } from './payment-method-store.ts';
import {
  cancelRenewal,
  choosePlan,
  choosePrimary,
  deleteCard,
  previewPlanChange,
  saveCard,
  startSetup,
} from './subscription-actions.ts';
import { advanceTestClock } from './test-clock.ts';

/** Subscription, payment methods and invoices of one club (issue 15): registered inside clubScope. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];

  app.get(
    '/payments/setup',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary:
          "A setup for saving a card for later payments: a Stripe SetupIntent's client secret with Stripe, " +
          "the sandbox's own otherwise",
        security,
        params: ClubParamsSchema,
        response: { 200: PaymentSetupSchema, ...ownerErrors, ...errorResponses(503) },
      },
    },
    async (request) => startSetup(app.billing, request.params.clubId),
  );

  app.get(
    '/payment-methods',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary: "The club's saved cards, the primary first",
        security,
        params: ClubParamsSchema,
        response: { 200: z.array(PaymentMethodSchema), ...ownerErrors },
      },
    },
    async (request) => listPaymentMethods(app.db, request.params.clubId),
  );

  app.post(
    '/payment-methods',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary:
          'Saves the card of a setup the browser confirmed (the first becomes primary); after a failed renewal ' +
          'it becomes primary and the payment is made again with it',
        security,
        params: ClubParamsSchema,
        body: AddPaymentMethodRequestSchema,
        response: { 201: PaymentMethodSchema, ...ownerWriteErrors, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const method = await saveCard(app.billing, request.params.clubId, request.body.setupId, new Date());
      return reply.code(201).send(method);
    },
  );

  app.put(
    '/payment-methods/:paymentMethodId/primary',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary: 'Makes a card the primary one (renewals charge it); answers the cards',
        security,
        params: PaymentMethodParamsSchema,
        response: { 200: z.array(PaymentMethodSchema), ...ownerErrors },
      },
    },
    async (request) => {
      const { clubId, paymentMethodId } = request.params;
      await choosePrimary(app.billing, clubId, paymentMethodId);
      return listPaymentMethods(app.db, clubId);
    },
  );

  app.delete(
    '/payment-methods/:paymentMethodId',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary:
          'Removes a card (another becomes primary); the only card of a subscription that renews cannot go: 409',
        security,
        params: PaymentMethodParamsSchema,
        response: { 204: NoContent, ...ownerWriteErrors },
      },
    },
    async (request, reply) => {
      await deleteCard(app.billing, request.params.clubId, request.params.paymentMethodId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/subscription',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary:
          'Chooses a plan: subscribes a Free club (first payment now; 402 when the card fails), changes the plan ' +
          'of a paying one (the days left carried over), reactivates a cancelled renewal, or pays again after a ' +
          'failed payment. `action` is set when the bank asks the owner to confirm the payment',
        security,
        params: ClubParamsSchema,
        body: SubscribeRequestSchema,
        response: { 200: SubscriptionResultSchema, ...ownerWriteErrors, ...errorResponses(402, 503) },
      },
    },
    async (request) => choosePlan(app.billing, request.params.clubId, request.body.paymentPlanId, new Date()),
  );

  app.get(
    '/subscription/preview',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary: 'What changing to a plan gives: the days left carried into it and the new expiration date',
        security,
        params: ClubParamsSchema,
        querystring: ChangePlanPreviewQuerySchema,
        response: { 200: ChangePlanPreviewSchema, ...ownerWriteErrors },
      },
    },
    async (request) =>
      previewPlanChange(app.billing, request.params.clubId, request.query.paymentPlanId, new Date()),
  );

  app.delete(
    '/subscription',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary:
          'Cancels the renewal, until one day before the renewal date: Smart until the period ends, then Free',
        security,
        params: ClubParamsSchema,
        response: { 200: SubscriptionResultSchema, ...ownerWriteErrors },
      },
    },
    async (request) => cancelRenewal(app.billing, request.params.clubId, new Date()),
  );

  app.get(
    '/invoices',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary: "The club's invoices, newest first",
        security,
        params: ClubParamsSchema,
        response: { 200: z.array(InvoiceSchema), ...ownerErrors },
      },
    },
    async (request) => listInvoices(app.db, request.params.clubId),
  );

  app.get(
    '/invoices/:invoiceId/pdf',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary: 'An invoice as PDF, in the caller’s language',
        security,
        params: InvoiceParamsSchema,
        response: { 200: binaryFile('The invoice (application/pdf)'), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const invoice = await loadInvoice(app.db, request.params.clubId, request.params.invoiceId);
      const pdf = await renderInvoicePdf(invoice, languageOf(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="carta-${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/payments/sandbox/advance',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary:
          "Sandbox only (404 with Stripe): the test clock. The club's subscription lives the given days forward " +
          'and what fell due runs (renewal, reminder, countdown, deactivation)',
        security,
        params: ClubParamsSchema,
        body: z.object({ days: z.number().int().min(1).max(400) }).strict(),
        response: { 200: CurrentPaymentStateSchema, ...ownerWriteErrors },
      },
    },
    async (request) => advanceTestClock(app.billing, request.params.clubId, request.body.days, new Date()),
  );
};
