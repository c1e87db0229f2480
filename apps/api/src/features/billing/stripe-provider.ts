import Stripe from 'stripe';
import { type ChargeOutcome, type PaymentProvider, ProviderUnavailableError } from './provider.ts';
import { paymentErrorCode, providerEventOf, refundOutcome } from './stripe-translation.ts';

// The Stripe payment provider (0047), through the official SDK. Stripe's answers are translated into the
// provider interface's terms here and in stripe-translation.ts only: the rest of billing never sees a
// Stripe object.

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local fake; unset, the SDK talks to api.stripe.com over HTTPS. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** A webhook whose signature header is missing, malformed, stale or not Stripe's: answer 400, act on nothing. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

const { errors } = Stripe;

/**
 * Stripe could not be reached or answered an error of its own (an outage, a rate limit, a key it refuses,
 * a request still running under the same idempotency key): the caller may send the same request again
 * later. Anything else (a card's answer, our own invalid request) is not unavailability.
 */
const isUnavailable = (error: unknown) =>
  error instanceof errors.StripeConnectionError ||
  error instanceof errors.StripeAPIError ||
  error instanceof errors.StripeRateLimitError ||
  error instanceof errors.StripeAuthenticationError ||
  error instanceof errors.StripePermissionError ||
  (error instanceof errors.StripeInvalidRequestError && error.statusCode === 409);

const providerError = (error: unknown) =>
  isUnavailable(error)
    ? new ProviderUnavailableError(`Stripe is unavailable: ${(error as Error).message}`, { cause: error })
    : error;

const isMissing = (error: unknown) =>
  error instanceof errors.StripeInvalidRequestError && error.code === 'resource_missing';

const idOf = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export const createStripeProvider = (options: StripeProviderOptions): PaymentProvider => {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    // One resend after a dropped connection or a 5xx, always with the request's idempotency key; past
    // that the caller gets ProviderUnavailableError and sends the same charge again later.
    maxNetworkRetries: 1,
    timeout: 20_000,
  });

  const paymentOutcome = (intent: Stripe.PaymentIntent, isOnSession: boolean): ChargeOutcome => {
    const paymentId = intent.id;
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', paymentId };
      case 'processing':
        return { status: 'processing', paymentId };
      case 'requires_action':
        // Off session Stripe answers authentication_required instead; were it to ask anyway, nobody is
        // at the screen to authenticate.
        return isOnSession && intent.client_secret
          ? { status: 'requiresAction', paymentId, clientSecret: intent.client_secret }
          : { status: 'failed', paymentId, code: 'authenticationRequired' };
      case 'requires_payment_method':
      case 'canceled':
        return {
          status: 'failed',
          paymentId,
          code: intent.last_payment_error ? paymentErrorCode(intent.last_payment_error) : 'declined',
        };
      default:
        // requires_confirmation or requires_capture cannot follow confirm=true with automatic capture.
        throw new Error(`Stripe answered PaymentIntent ${paymentId} with status ${intent.status}`);
    }
  };

  const cardErrorOutcome = (
    error: InstanceType<typeof errors.StripeCardError>,
    isOnSession: boolean,
  ): ChargeOutcome => {
    const intent = error.payment_intent;
    const paymentId = intent?.id ?? null;
    if (error.code === 'authentication_required' && isOnSession && intent?.client_secret)
      return { status: 'requiresAction', paymentId: intent.id, clientSecret: intent.client_secret };
    return { status: 'failed', paymentId, code: paymentErrorCode(error) };
  };

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    createCustomer: async ({ clubId, name, email }) => {
      try {
        const customer = await stripe.customers.create({ name, email, metadata: { clubId: String(clubId) } });
        return customer.id;
      } catch (error) {
        throw providerError(error);
      }
    },

    createSetup: async (customerId) => {
      try {
        // `allowed_payment_method_types` replaces `payment_method_types`, which the pinned API version
        // (2026-10-28.endive) refuses with 400.
        const setup = await stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
        });
        if (!setup.client_secret) throw new Error(`Stripe answered SetupIntent ${setup.id} without a secret`);
        return { setupId: setup.id, clientSecret: setup.client_secret };
      } catch (error) {
        throw providerError(error);
      }
    },

    readSetup: async (setupId, customerId) => {
      let setup: Stripe.SetupIntent;
      try {
        setup = await stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] });
      } catch (error) {
        // An id Stripe does not know is nobody's setup.
        if (isMissing(error)) return null;
        throw providerError(error);
      }
      if (setup.status !== 'succeeded' || idOf(setup.customer) !== customerId) return null;
      const method = setup.payment_method;
      if (!method || typeof method === 'string' || !method.card) return null;
      const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
      return { methodId: method.id, brand, last4, expMonth, expYear };
    },

    detachMethod: async (methodId) => {
      try {
        await stripe.paymentMethods.detach(methodId);
      } catch (error) {
        if (isMissing(error)) return;
        if (!(error instanceof errors.StripeInvalidRequestError)) throw providerError(error);
        // Detaching twice (a resend after a crash) is refused with no code of its own: a method that
        // belongs to no customer any more is what we asked for.
        try {
          const method = await stripe.paymentMethods.retrieve(methodId);
          if (method.customer === null) return;
        } catch (retrieveError) {
          if (isMissing(retrieveError)) return;
          throw providerError(retrieveError);
        }
        throw error;
      }
    },

    charge: async (request) => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.methodId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            off_session: !request.isOnSession,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return paymentOutcome(intent, request.isOnSession);
      } catch (error) {
        if (error instanceof errors.StripeCardError) return cardErrorOutcome(error, request.isOnSession);
        // The card was detached or belongs to another customer: nothing to charge, as with a decline.
        if (
          error instanceof errors.StripeInvalidRequestError &&
          error.statusCode !== 409 &&
          (error.param === 'payment_method' ||
            error.param === 'customer' ||
            error.code === 'resource_missing')
        )
          return { status: 'failed', paymentId: error.payment_intent?.id ?? null, code: 'declined' };
        throw providerError(error);
      }
    },

    refund: async (request) => {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentId,
            amount: request.amountCents,
            // Stripe knows three reasons; a late payment's refund is none of them, its own is in metadata.
            ...(request.reason === 'admin' ? { reason: 'requested_by_customer' as const } : {}),
            metadata: { ...request.metadata, reason: request.reason },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundOutcome(refund);
      } catch (error) {
        // Stripe refuses it for good (more than what is left, already refunded, a payment it does not
        // know): no refund exists, the admin reads why.
        if (error instanceof errors.StripeInvalidRequestError && error.statusCode !== 409)
          return {
            refundId: '',
            status: 'failed',
            failureReason: error.message,
          };
        throw providerError(error);
      }
    },

    parseWebhook: (rawBody, signature) => {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(
          `The webhook's signature does not hold: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      return providerEventOf(event);
    },
  };
};
