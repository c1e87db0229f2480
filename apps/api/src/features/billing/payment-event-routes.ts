import {
  SandboxConfirmPaymentRequestSchema,
  SandboxConfirmSetupRequestSchema,
  SandboxPaymentParamsSchema,
  SandboxSetupParamsSchema,
} from '@carta/contract/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { errorResponses, NoContent } from '../../lib/route-schemas.ts';
import { handleProviderEvent } from './billing-service.ts';
import { handleRefundEvent } from './refund-retries.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

/** The provider's side of payments (issue 15): Stripe's webhook, and the sandbox's two confirmations. */
export const paymentEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];

  // The webhook's signature is over the exact bytes sent: this route reads its body unparsed.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/payments/webhook',
      {
        schema: {
          tags,
          summary:
            "Stripe's events, verified with STRIPE_WEBHOOK_SECRET and acted on once per event id " +
            '(payment_intent.succeeded, payment_intent.payment_failed, refund.updated, refund.failed); 404 with the sandbox',
          body: z.any().meta({ type: 'object', description: 'A Stripe event, signed (Stripe-Signature)' }),
          response: { 200: z.object({ received: z.boolean() }), ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        if (app.billing.provider.name !== 'stripe') throw notFound();
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError(400, 'WEBHOOK_SIGNATURE_INVALID');
        const signature = request.headers['stripe-signature'];
        let event: ReturnType<typeof app.billing.provider.parseWebhook>;
        try {
          event = app.billing.provider.parseWebhook(
            body,
            typeof signature === 'string' ? signature : undefined,
          );
        } catch (error) {
          request.log.warn({ err: error }, 'webhook refused: signature');
          throw new AppError(400, 'WEBHOOK_SIGNATURE_INVALID');
        }
        // Refund events settle a refund (0063); the others a charge.
        if (event.type === 'refundUpdated') await handleRefundEvent(app.billing, event, new Date());
        else await handleProviderEvent(app.billing, event, new Date());
        return { received: true };
      },
    );
  });

  const sandbox = (): SandboxProvider => {
    const provider = app.billing.provider;
    if (provider.name !== 'sandbox' || !('confirmSetup' in provider)) throw notFound();
    return provider as SandboxProvider;
  };

  app.post(
    '/payments/sandbox/setups/:setupId/confirm',
    {
      schema: {
        tags,
        summary:
          "The sandbox's test card form (in place of Stripe.js): saves the card on the setup named by its client " +
          'secret; 404 with Stripe',
        params: SandboxSetupParamsSchema,
        body: SandboxConfirmSetupRequestSchema,
        response: { 204: NoContent, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      await sandbox().confirmSetup(request.params.setupId, request.body, new Date());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/payments/sandbox/payments/:paymentId/confirm',
    {
      schema: {
        tags,
        summary:
          "The sandbox's authentication screen: the owner approves or refuses a payment the bank asked to " +
          'confirm; the outcome arrives as the event Stripe would send. 404 with Stripe',
        params: SandboxPaymentParamsSchema,
        body: SandboxConfirmPaymentRequestSchema,
        response: { 204: NoContent, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { clientSecret, approve } = request.body;
      const event = await sandbox().confirmPayment(request.params.paymentId, clientSecret, approve);
      await handleProviderEvent(app.billing, event, new Date());
      return reply.code(204).send(null);
    },
  );
};
