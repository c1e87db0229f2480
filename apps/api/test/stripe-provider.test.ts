// Over 300 lines and kept one file: the cases, webhooks included, share the fake Stripe server
// (./fake-stripe.ts) started once for the file and the provider made on it; the unreachable case alone adds
// providers of its own.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentProvider,
  ProviderUnavailableError,
} from '../src/features/billing/provider.ts';
import { createStripeProvider, WebhookSignatureError } from '../src/features/billing/stripe-provider.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';

// The Stripe provider through the official SDK against a local fake of Stripe's API (./fake-stripe.ts):
// no network. Webhooks are signed with the SDK's own test helper.

const WEBHOOK_SECRET = 'whsec_carta_test_secret';

const providerOn = (target: { host: string; port: number; secretKey: string }) =>
  createStripeProvider({
    secretKey: target.secretKey,
    publishableKey: 'pk_test_carta',
    webhookSecret: WEBHOOK_SECRET,
    host: target.host,
    port: target.port,
    protocol: 'http',
  });

/** A port nothing listens on (just closed). */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('Stripe provider', () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = providerOn(fake);
  });
  afterAll(async () => {
    await fake.close();
  });

  const newCustomer = () =>
    provider.createCustomer({
      clubId: 7,
      name: 'Osteria del Ponte',
      email: `owner-${randomUUID()}@example.com`,
    });

  /** A customer with `cardNumber` saved the way the owner app does it: a setup the browser confirms. */
  const savedCard = async (cardNumber: string) => {
    const customerId = await newCustomer();
    const { setupId } = await provider.createSetup(customerId);
    fake.confirmSetup(setupId, cardNumber);
    const card = await provider.readSetup(setupId, customerId);
    if (!card) throw new Error(`the setup saved no card for ${cardNumber}`);
    return { customerId, methodId: card.methodId };
  };

  const chargeOf = (card: { customerId: string; methodId: string }, fields: Partial<ChargeRequest> = {}) =>
    ({
      customerId: card.customerId,
      methodId: card.methodId,
      amountCents: 2_990,
      currency: 'EUR',
      idempotencyKey: `charge-${randomUUID()}`,
      isOnSession: false,
      description: 'Carta Smart 2026-11-01 – 2026-12-01',
      metadata: { chargeId: '41', clubId: '7' },
      ...fields,
    }) satisfies ChargeRequest;

  const paymentsFor = (idempotencyKey: string) =>
    fake.payments.filter((p) => p.idempotencyKey === idempotencyKey);

  it('names itself and gives the browser its publishable key', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe('pk_test_carta');
  });

  it('creates a customer carrying its club', async () => {
    const customerId = await provider.createCustomer({
      clubId: 12,
      name: 'Bar Centrale',
      email: 'bar@example.com',
    });
    expect(customerId).toMatch(/^cus_/);
    const sent = fake.requests.findLast((r) => r.path === '/v1/customers');
    expect(Object.fromEntries(sent?.body ?? [])).toEqual({
      name: 'Bar Centrale',
      email: 'bar@example.com',
      'metadata[clubId]': '12',
    });
  });

  it('creates an off-session card setup and reads its card once the browser confirmed it', async () => {
    const customerId = await newCustomer();
    const setup = await provider.createSetup(customerId);
    expect(setup.setupId).toMatch(/^seti_/);
    expect(setup.clientSecret).toBe(fake.setupIntent(setup.setupId)?.client_secret);
    expect(fake.setupIntent(setup.setupId)).toMatchObject({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });

    // Not confirmed yet: no card.
    expect(await provider.readSetup(setup.setupId, customerId)).toBeNull();

    const methodId = fake.confirmSetup(setup.setupId, '4242424242424242');
    const year = new Date().getUTCFullYear() + 3;
    expect(await provider.readSetup(setup.setupId, customerId)).toEqual({
      methodId,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: year,
    });
    // The card came in the same call (expanded), not through a second request.
    const reads = fake.requests.filter((r) => r.path.endsWith(setup.setupId));
    expect(reads.map((r) => [r.method, [...r.query]])).toEqual([
      ['GET', [['expand[0]', 'payment_method']]],
      ['GET', [['expand[0]', 'payment_method']]],
    ]);
  });

  it("answers null for another customer's setup and for a setup Stripe does not know", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const { setupId } = await provider.createSetup(owner);
    fake.confirmSetup(setupId, '4242424242424242');
    expect(await provider.readSetup(setupId, stranger)).toBeNull();
    expect(await provider.readSetup('seti_unknown', owner)).toBeNull();
    expect(await provider.readSetup(setupId, owner)).not.toBeNull();
  });

  describe('charges, by test card', () => {
    const outcomes: [card: string, isOnSession: boolean, expected: Partial<ChargeOutcome>][] = [
      ['4242424242424242', true, { status: 'succeeded' }],
      ['4242424242424242', false, { status: 'succeeded' }],
      ['4000000000000002', true, { status: 'failed', code: 'declined' }],
      ['4000000000000002', false, { status: 'failed', code: 'declined' }],
      ['4000000000009995', true, { status: 'failed', code: 'insufficientFunds' }],
      ['4000000000009995', false, { status: 'failed', code: 'insufficientFunds' }],
      ['4000002760003184', true, { status: 'requiresAction' }],
      ['4000002760003184', false, { status: 'failed', code: 'authenticationRequired' }],
      ['4000000000000341', true, { status: 'failed', code: 'declined' }],
      ['4000000000000341', false, { status: 'failed', code: 'declined' }],
    ];

    /** The secret of a payment that asks for authentication: the PaymentIntent's own. */
    const clientSecretOf = (outcome: ChargeOutcome) => {
      if (outcome.status !== 'requiresAction') return {};
      expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.paymentId}_secret_`));
      return { clientSecret: outcome.clientSecret };
    };

    it.each(outcomes)('card %s, on session %s', async (cardNumber, isOnSession, expected) => {
      const card = await savedCard(cardNumber);
      const request = chargeOf(card, { isOnSession });
      const outcome = await provider.charge(request);

      const [payment, ...others] = paymentsFor(request.idempotencyKey);
      expect(others).toEqual([]);
      expect(outcome).toEqual({ ...expected, paymentId: payment?.id, ...clientSecretOf(outcome) });
      expect(payment).toMatchObject({
        amount: 2_990,
        currency: 'eur',
        customer: card.customerId,
        paymentMethod: card.methodId,
        isOffSession: !isOnSession,
        description: 'Carta Smart 2026-11-01 – 2026-12-01',
        metadata: { chargeId: '41', clubId: '7' },
      });
    });
  });

  it('charges once for one idempotency key, answering a resend as the first send', async () => {
    const card = await savedCard('4242424242424242');
    const request = chargeOf(card);
    const first = await provider.charge(request);
    const second = await provider.charge(request);
    expect(first.status).toBe('succeeded');
    expect(second).toEqual(first);
    expect(paymentsFor(request.idempotencyKey)).toHaveLength(1);

    // A decline is kept under its key as well.
    const declined = await savedCard('4000000000000002');
    const declinedRequest = chargeOf(declined);
    const declinedFirst = await provider.charge(declinedRequest);
    expect(await provider.charge(declinedRequest)).toEqual(declinedFirst);
    expect(paymentsFor(declinedRequest.idempotencyKey)).toHaveLength(1);
  });

  it('resends once through an outage with the same key, then reports the provider unavailable', async () => {
    const card = await savedCard('4242424242424242');

    const request = chargeOf(card);
    fake.failNextRequests(1);
    expect((await provider.charge(request)).status).toBe('succeeded');
    const sends = fake.requests.filter((r) => r.idempotencyKey === request.idempotencyKey);
    expect(sends).toHaveLength(2);
    expect(paymentsFor(request.idempotencyKey)).toHaveLength(1);

    const unlucky = chargeOf(card);
    fake.failNextRequests(2);
    await expect(provider.charge(unlucky)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(paymentsFor(unlucky.idempotencyKey)).toHaveLength(0);
    // The job's later resend, same key: charged once.
    expect((await provider.charge(unlucky)).status).toBe('succeeded');
    expect(paymentsFor(unlucky.idempotencyKey)).toHaveLength(1);
  });

  const newCustomerOn = (other: PaymentProvider) =>
    other.createCustomer({ clubId: 1, name: 'Nowhere', email: 'nowhere@example.com' });

  it('reports the provider unavailable when nothing answers or the key is refused', async () => {
    const unreachable = providerOn({
      host: '127.0.0.1',
      port: await closedPort(),
      secretKey: fake.secretKey,
    });
    await expect(newCustomerOn(unreachable)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(
      unreachable.charge(chargeOf({ customerId: 'cus_x', methodId: 'pm_x' })),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);

    const refused = providerOn({ ...fake, secretKey: 'sk_test_revoked' });
    await expect(newCustomerOn(refused)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('detaches a card, twice or unknown alike, and a detached card is declined', async () => {
    const card = await savedCard('4242424242424242');
    await provider.detachMethod(card.methodId);
    expect(fake.paymentMethod(card.methodId)?.customer).toBeNull();
    await provider.detachMethod(card.methodId);
    await provider.detachMethod('pm_unknown');

    const request = chargeOf(card);
    expect(await provider.charge(request)).toEqual({ status: 'failed', paymentId: null, code: 'declined' });
    expect(paymentsFor(request.idempotencyKey)).toHaveLength(0);
  });

  describe('webhooks', () => {
    const eventPayload = (type: string, object: Record<string, unknown>) =>
      JSON.stringify(
        {
          id: `evt_${randomUUID().replaceAll('-', '')}`,
          object: 'event',
          api_version: Stripe.API_VERSION,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: 'charge-41' },
          type,
          data: { object },
        },
        null,
        2,
      );

    const paymentIntent = (fields: Record<string, unknown> = {}) => ({
      id: 'pi_3Webhook',
      object: 'payment_intent',
      amount: 2_990,
      currency: 'eur',
      status: 'succeeded',
      metadata: { chargeId: '41', clubId: '7' },
      last_payment_error: null,
      ...fields,
    });

    const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

    const parse = (payload: string, signature: string | undefined = sign(payload)) =>
      provider.parseWebhook(Buffer.from(payload), signature);

    it('reads a payment that succeeded', () => {
      const payload = eventPayload('payment_intent.succeeded', paymentIntent());
      expect(parse(payload)).toEqual({
        id: JSON.parse(payload).id,
        type: 'paymentSucceeded',
        paymentId: 'pi_3Webhook',
        chargeId: 41,
      });
    });

    it.each([
      [{ code: 'card_declined', decline_code: 'insufficient_funds' }, 'insufficientFunds'],
      [
        { code: 'authentication_required', decline_code: 'authentication_required' },
        'authenticationRequired',
      ],
      [{ code: 'card_declined', decline_code: 'generic_decline' }, 'declined'],
      [{ code: 'expired_card' }, 'declined'],
    ])('reads a payment that failed with %o as %s', (failure, code) => {
      const payload = eventPayload(
        'payment_intent.payment_failed',
        paymentIntent({
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error', message: 'Your card was declined.', ...failure },
        }),
      );
      expect(parse(payload)).toMatchObject({
        type: 'paymentFailed',
        paymentId: 'pi_3Webhook',
        chargeId: 41,
        code,
      });
    });

    it('gives no charge for a payment without our metadata', () => {
      const payload = eventPayload('payment_intent.succeeded', paymentIntent({ metadata: {} }));
      expect(parse(payload)).toMatchObject({ type: 'paymentSucceeded', chargeId: null });
    });

    it('acknowledges any other event without acting on it', () => {
      const payload = eventPayload('customer.created', { id: 'cus_1', object: 'customer', metadata: {} });
      expect(parse(payload)).toEqual({
        id: JSON.parse(payload).id,
        type: 'ignored',
        providerType: 'customer.created',
      });
    });

    it('refuses a wrong secret, a tampered body, a stale or missing signature', () => {
      const payload = eventPayload('payment_intent.succeeded', paymentIntent());
      expect(() => parse(payload, sign(payload, 'whsec_someone_else'))).toThrow(WebhookSignatureError);
      expect(() => parse(payload.replace('"41"', '"40"'), sign(payload))).toThrow(WebhookSignatureError);
      const anHourAgo = Math.floor(Date.now() / 1000) - 3_600;
      expect(() => parse(payload, sign(payload, WEBHOOK_SECRET, anHourAgo))).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
      expect(() => parse(payload, '')).toThrow(WebhookSignatureError);
      expect(() => parse(payload, 'garbage')).toThrow(WebhookSignatureError);
    });
  });
});
