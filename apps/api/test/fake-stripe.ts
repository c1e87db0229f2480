// Over 300 lines and kept one file: one fake server whose endpoints share one closure of state (customers,
// setups, cards, payments, refunds, idempotency keys), as Stripe's objects refer to one another.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the few Stripe API endpoints the Stripe provider calls, so its tests run with the
// official SDK and no network. It speaks what the SDK sends (form-encoded bodies, `expand[0]=...` in the
// query, an Idempotency-Key on every POST) and answers in Stripe's shapes, with Stripe's test cards.
//
// Where it is simpler than Stripe, on purpose:
// - The browser's part (Stripe.js confirming a SetupIntent, 3-D Secure) is `confirmSetup`, a test call.
// - Stripe declines 4000 0000 0000 0002 and 4000 0000 0000 9995 already when they are saved; here every
//   test card can be saved, so that a charge on each can be tested (like a card that starts declining later).
// - Idempotency keys are kept for the fake's life, for 2xx and 402 answers (Stripe keeps them 24 hours and
//   saves no result for a request that failed validation).

type CardBehaviour =
  | 'succeeds'
  | 'declined'
  | 'insufficientFunds'
  | 'authenticationRequired'
  | 'declinedAfterAttach';

/** Stripe's test cards (https://docs.stripe.com/testing) the fake knows; any other number is refused. */
export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
  '4000002760003184': 'authenticationRequired',
  '4000000000000341': 'declinedAfterAttach',
};

type StripeObject = { id: string; [field: string]: unknown };

type PaymentMethod = StripeObject & { customer: string | null };

/** A PaymentIntent the fake created, with what it was asked. */
export type FakePayment = {
  id: string;
  idempotencyKey: string | null;
  amount: number;
  currency: string;
  customer: string;
  paymentMethod: string;
  isOffSession: boolean;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
};

/** A Refund the fake created (0063). */
export type FakeRefund = {
  id: string;
  idempotencyKey: string | null;
  paymentIntent: string;
  amount: number;
  currency: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: string;
  failureReason: string | null;
};

export type FakeStripe = {
  host: string;
  port: number;
  protocol: 'http';
  /** The only key the fake accepts (Authorization: Bearer); any other answers 401. */
  secretKey: string;
  /** What the browser would do: saves `cardNumber` (a test card) through the setup. Answers the method's id. */
  confirmSetup: (setupId: string, cardNumber: string) => string;
  /** Every PaymentIntent created, in order: one per payment attempt, none for a replayed idempotency key. */
  payments: FakePayment[];
  /** Every request received, in order. */
  requests: {
    method: string;
    path: string;
    query: URLSearchParams;
    idempotencyKey: string | null;
    body: URLSearchParams;
  }[];
  /** Every Refund created, in order: none for a replayed idempotency key or a refused request. */
  refunds: FakeRefund[];
  /**
   * The next refunds are created with this status (Stripe answers `pending` for some cards and fails
   * them later, `failed` with a failure_reason); `succeeded` otherwise.
   */
  settleNextRefundsAs: (status: 'pending' | 'failed' | 'succeeded', failureReason?: string) => void;
  /** What Stripe.js does once the owner authenticated a payment in the browser: it succeeds. */
  succeedPayment: (paymentIntentId: string) => void;
  /** The next `count` requests answer 500 api_error without being handled (an outage). */
  failNextRequests: (count: number) => void;
  paymentMethod: (id: string) => StripeObject | undefined;
  setupIntent: (id: string) => StripeObject | undefined;
  close: () => Promise<void>;
};

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalidRequest = (message: string, extra: Record<string, unknown> = {}, status = 400) =>
  new StripeHttpError(status, { type: 'invalid_request_error', message, ...extra });

const noSuch = (kind: string, id: string, param: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404);

const newId = (prefix: string) => `${prefix}_fake${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Nested form keys as the SDK writes them: `metadata[chargeId]` -> { chargeId }. */
const hashOf = (form: URLSearchParams, name: string) => {
  const hash: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = key.match(/^(\w+)\[(\w+)\]$/);
    if (match?.[1] === name && match[2]) hash[match[2]] = value;
  }
  return hash;
};

/** `expand[0]=a&expand[1]=b` (and the `expand[]=` form) -> ['a', 'b']. */
const listOf = (form: URLSearchParams, name: string) =>
  [...form]
    .filter(([key]) => key === `${name}[]` || new RegExp(`^${name}\\[\\d+\\]$`).test(key))
    .map(([, v]) => v);

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startFakeStripe = async (): Promise<FakeStripe> => {
  const secretKey = `sk_test_fake${randomBytes(8).toString('hex')}`;
  const customers = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject & { customer: string | null; status: string }>();
  const paymentMethods = new Map<string, PaymentMethod>();
  /** The test card behind each payment method (the card number itself is not kept, as with Stripe). */
  const cardBehaviours = new Map<string, CardBehaviour>();
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  const payments: FakePayment[] = [];
  const refunds: FakeRefund[] = [];
  let nextRefund: { status: 'pending' | 'failed' | 'succeeded'; failureReason: string | null } = {
    status: 'succeeded',
    failureReason: null,
  };
  const requests: FakeStripe['requests'] = [];
  let failuresLeft = 0;

  const requirePaymentTypesUnset = (form: URLSearchParams) => {
    if (listOf(form, 'payment_method_types').length > 0)
      throw invalidRequest(
        '`payment_method_types` is no longer supported: use `allowed_payment_method_types`.',
        {
          code: 'payment_method_types_no_longer_supported',
          param: 'payment_method_types',
        },
      );
  };

  const createCustomer = (form: URLSearchParams) => {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      created: now(),
      livemode: false,
      name: form.get('name'),
      email: form.get('email'),
      metadata: hashOf(form, 'metadata'),
    };
    customers.set(customer.id, customer);
    return customer;
  };

  const createSetupIntent = (form: URLSearchParams) => {
    requirePaymentTypesUnset(form);
    const customer = form.get('customer');
    if (customer && !customers.has(customer)) throw noSuch('customer', customer, 'customer');
    const id = newId('seti');
    const allowed = listOf(form, 'allowed_payment_method_types');
    const setup = {
      id,
      object: 'setup_intent',
      created: now(),
      livemode: false,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      status: 'requires_payment_method',
      usage: form.get('usage') ?? 'off_session',
      allowed_payment_method_types: allowed.length > 0 ? allowed : null,
      payment_method_types: allowed.length > 0 ? allowed : ['card'],
      payment_method: null as string | null,
      last_setup_error: null,
      next_action: null,
      metadata: hashOf(form, 'metadata'),
    };
    setupIntents.set(id, setup);
    return setup;
  };

  const retrieveSetupIntent = (id: string, query: URLSearchParams) => {
    const setup = setupIntents.get(id);
    if (!setup) throw noSuch('setupintent', id, 'intent');
    const expand = listOf(query, 'expand');
    if (expand.includes('payment_method') && typeof setup.payment_method === 'string')
      return { ...setup, payment_method: paymentMethods.get(setup.payment_method) };
    return setup;
  };

  const retrievePaymentMethod = (id: string) => {
    const method = paymentMethods.get(id);
    if (!method) throw noSuch('PaymentMethod', id, 'payment_method');
    return method;
  };

  const detachPaymentMethod = (id: string) => {
    const method = retrievePaymentMethod(id);
    // Stripe's answer to a second detach: no code, only this message.
    if (method.customer === null)
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    method.customer = null;
    return method;
  };

  const cardError = (code: string, declineCode: string, message: string, intent: StripeObject) => {
    const error = {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      payment_method: intent.payment_method,
    };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
    return new StripeHttpError(402, { ...error, payment_intent: intent });
  };

  const createPaymentIntent = (form: URLSearchParams, idempotencyKey: string | null) => {
    requirePaymentTypesUnset(form);
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 1)
      throw invalidRequest('Invalid positive integer', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    const currency = form.get('currency');
    if (!currency) throw invalidRequest('Missing required param: currency.', { code: 'parameter_missing' });
    const customer = form.get('customer') ?? '';
    if (customer && !customers.has(customer)) throw noSuch('customer', customer, 'customer');
    const methodId = form.get('payment_method') ?? '';
    const method = paymentMethods.get(methodId);
    if (!method) throw noSuch('PaymentMethod', methodId, 'payment_method');
    if (method.customer !== customer)
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`,
        { param: 'payment_method' },
      );
    const isOffSession = form.get('off_session') === 'true';
    const id = newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      created: now(),
      livemode: false,
      amount,
      currency,
      customer,
      payment_method: methodId,
      description: form.get('description'),
      metadata: hashOf(form, 'metadata'),
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      status: 'requires_confirmation',
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      payment_method_types: ['card'],
    };
    const payment: FakePayment = {
      id,
      idempotencyKey,
      amount,
      currency,
      customer,
      paymentMethod: methodId,
      isOffSession,
      description: form.get('description'),
      metadata: hashOf(form, 'metadata'),
      status: 'requires_confirmation',
    };
    payments.push(payment);
    if (form.get('confirm') !== 'true') return intent;
    const settle = () => {
      switch (cardBehaviours.get(method.id)) {
        case 'succeeds':
          Object.assign(intent, { status: 'succeeded', latest_charge: newId('ch') });
          return intent;
        case 'declined':
        case 'declinedAfterAttach':
          throw cardError('card_declined', 'generic_decline', 'Your card was declined.', intent);
        case 'insufficientFunds':
          throw cardError('card_declined', 'insufficient_funds', 'Your card has insufficient funds.', intent);
        case 'authenticationRequired':
          if (isOffSession)
            throw cardError(
              'authentication_required',
              'authentication_required',
              'Your card was declined. This transaction requires authentication.',
              intent,
            );
          Object.assign(intent, {
            status: 'requires_action',
            next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
          });
          return intent;
        default:
          throw new Error(`The fake has no behaviour for payment method ${method.id}`);
      }
    };
    try {
      return settle();
    } finally {
      payment.status = String(intent.status);
    }
  };

  /** POST /v1/refunds on a PaymentIntent: at most what is left of it (failed refunds give nothing back). */
  const createRefund = (form: URLSearchParams, idempotencyKey: string | null) => {
    const intentId = form.get('payment_intent') ?? '';
    const payment = payments.find((entry) => entry.id === intentId);
    if (!payment) throw noSuch('payment_intent', intentId, 'payment_intent');
    if (payment.status !== 'succeeded')
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    const given = refunds
      .filter((refund) => refund.paymentIntent === intentId && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = payment.amount - given;
    if (left <= 0)
      throw invalidRequest(`Charge for ${intentId} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isInteger(amount) || amount < 1)
      throw invalidRequest('Invalid positive integer', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    if (amount > left)
      throw invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    const refund: FakeRefund = {
      id: newId('re'),
      idempotencyKey,
      paymentIntent: intentId,
      amount,
      currency: payment.currency,
      reason: form.get('reason'),
      metadata: hashOf(form, 'metadata'),
      status: nextRefund.status,
      failureReason: nextRefund.failureReason,
    };
    refunds.push(refund);
    return {
      id: refund.id,
      object: 'refund',
      amount,
      created: now(),
      currency: refund.currency,
      payment_intent: intentId,
      charge: newId('ch'),
      reason: refund.reason,
      metadata: refund.metadata,
      status: refund.status,
      failure_reason: refund.failureReason,
    };
  };

  const confirmSetup = (setupId: string, cardNumber: string) => {
    const setup = setupIntents.get(setupId);
    if (!setup) throw new Error(`fake Stripe: no SetupIntent ${setupId}`);
    if (setup.status !== 'requires_payment_method')
      throw new Error(`fake Stripe: ${setupId} is ${setup.status}`);
    const behaviour = TEST_CARDS[cardNumber];
    if (!behaviour) throw new Error(`fake Stripe: ${cardNumber} is not one of its test cards`);
    const expYear = new Date().getUTCFullYear() + 3;
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      livemode: false,
      customer: setup.customer,
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: 'visa',
        last4: cardNumber.slice(-4),
        exp_month: 12,
        exp_year: expYear,
        funding: 'credit',
        country: 'US',
      },
      metadata: {},
    };
    paymentMethods.set(method.id, method);
    cardBehaviours.set(method.id, behaviour);
    Object.assign(setup, { status: 'succeeded', payment_method: method.id });
    return method.id;
  };

  const route = (
    method: string,
    path: string,
    body: URLSearchParams,
    query: URLSearchParams,
    key: string | null,
  ) => {
    const [, version, resource, id, action] = path.split('/');
    if (version === 'v1') {
      if (method === 'POST' && resource === 'customers' && !id) return createCustomer(body);
      if (method === 'POST' && resource === 'setup_intents' && !id) return createSetupIntent(body);
      if (method === 'GET' && resource === 'setup_intents' && id && !action)
        return retrieveSetupIntent(id, query);
      if (method === 'GET' && resource === 'payment_methods' && id && !action)
        return retrievePaymentMethod(id);
      if (method === 'POST' && resource === 'payment_methods' && id && action === 'detach')
        return detachPaymentMethod(id);
      if (method === 'POST' && resource === 'payment_intents' && !id) return createPaymentIntent(body, key);
      if (method === 'POST' && resource === 'refunds' && !id) return createRefund(body, key);
    }
    throw invalidRequest(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  };

  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...headers,
    });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const text = await readBody(request);
    const body = new URLSearchParams(text);
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, query: url.searchParams, idempotencyKey: key, body });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return send(response, 500, { error: { type: 'api_error', message: 'The fake is having an outage.' } });
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' },
      });
    const fingerprint = `${method} ${url.pathname} ${text}`;
    const earlier = key && method === 'POST' ? idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.request !== fingerprint)
        return send(response, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      return send(response, earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = route(method, url.pathname, body, url.searchParams, key);
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      answer = { error: error.body };
    }
    if (key && method === 'POST' && (status === 200 || status === 402))
      idempotent.set(key, { request: fingerprint, status, body: answer });
    send(response, status, answer);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { type: 'api_error', message: `fake Stripe failed: ${String(error)}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    confirmSetup,
    payments,
    refunds,
    settleNextRefundsAs: (status, failureReason) => {
      nextRefund = { status, failureReason: failureReason ?? null };
    },
    succeedPayment: (paymentIntentId) => {
      const payment = payments.find((entry) => entry.id === paymentIntentId);
      if (!payment) throw new Error(`fake Stripe: no PaymentIntent ${paymentIntentId}`);
      payment.status = 'succeeded';
    },
    requests,
    failNextRequests: (count) => {
      failuresLeft = count;
    },
    paymentMethod: (id) => paymentMethods.get(id),
    setupIntent: (id) => setupIntents.get(id),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
