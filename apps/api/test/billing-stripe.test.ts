import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { invoices, paymentPlans } from '../src/db/schema.ts';
import { createStripeProvider } from '../src/features/billing/stripe-provider.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { openTestDatabase, present, seedClub, seedOwner, TEST_APP_SECRET, testConfig } from './helpers.ts';

// Issue 15: the app on Stripe (the official SDK against the local fake of ./fake-stripe.ts): cards saved
// through SetupIntents, the first payment, and the webhook, verified and acted on once per event.

const API = '/api/v1';
const WEBHOOK_SECRET = 'whsec_carta_app_test';

describe('subscriptions on Stripe', () => {
  let fake: FakeStripe;
  let app: App;
  let database: DatabaseHandle;

  beforeAll(async () => {
    fake = await startFakeStripe();
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig(),
      database,
      appSecret: TEST_APP_SECRET,
      mailer: createMemoryMailer(),
      paymentProvider: createStripeProvider({
        secretKey: fake.secretKey,
        publishableKey: 'pk_test_carta',
        webhookSecret: WEBHOOK_SECRET,
        host: fake.host,
        port: fake.port,
        protocol: 'http',
      }),
      isRunningJobs: false,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  const monthlyPlan = async () =>
    firstOrThrow(
      await database.db
        .select()
        .from(paymentPlans)
        .where(
          and(
            eq(paymentPlans.isoCountryCode, 'IT'),
            eq(paymentPlans.months, 1),
            eq(paymentPlans.enabled, true),
          ),
        ),
      'plan',
    );

  const setUp = async (cardNumber: string) => {
    const owner = await seedOwner(database);
    const club = await seedClub(database, owner.account.id);
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({
        method,
        url: `${API}/clubs/${club.id}${url}`,
        headers: { authorization: owner.authorization },
        ...(payload ? { payload } : {}),
      });
    const setup = (await call('GET', '/payments/setup')).json();
    expect(setup).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_carta' });
    // Stripe.js would confirm it in the browser; the fake is told directly.
    fake.confirmSetup(setup.setupId, cardNumber);
    const saved = await call('POST', '/payment-methods', { setupId: setup.setupId });
    expect(saved.statusCode).toBe(201);
    return { club, call };
  };

  const webhook = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return app.inject({
      method: 'POST',
      url: `${API}/payments/webhook`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };

  it('subscribes with a saved card and charges it once', async () => {
    const { club, call } = await setUp('4242424242424242');
    const result = (await call('POST', '/subscription', { paymentPlanId: (await monthlyPlan()).id })).json();
    expect(result.state).toMatchObject({ kind: 'paid', isSmart: true });
    const payments = fake.payments.filter((payment) => payment.metadata.clubId === String(club.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 2318, currency: 'eur', isOffSession: false });
  });

  it('takes a payment confirmed in the browser from the signed webhook, once', async () => {
    const { club, call } = await setUp('4000002760003184');
    const result = (await call('POST', '/subscription', { paymentPlanId: (await monthlyPlan()).id })).json();
    const action = present(result.action, 'an action');
    expect(action).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_carta' });
    expect(result.state).toMatchObject({ paymentPending: true, isSmart: false });
    const payment = present(
      fake.payments.find((entry) => entry.id === action.paymentId),
      'the payment at the fake',
    );
    const event = {
      id: `evt_${club.id}_succeeded`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: payment.id, object: 'payment_intent', status: 'succeeded', metadata: payment.metadata },
      },
    };

    const forged = await webhook(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await app.inject({
      method: 'POST',
      url: `${API}/payments/webhook`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await call('GET', '/payments/plans/current')).json().isSmart).toBe(false);

    expect((await webhook(event)).json()).toEqual({ received: true });
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await call('GET', '/payments/plans/current')).json()).toMatchObject({
      kind: 'paid',
      isSmart: true,
    });
    expect(await database.db.select().from(invoices).where(eq(invoices.clubId, club.id))).toHaveLength(1);
  });

  it('acknowledges events it does not act on', async () => {
    const response = await webhook({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect(response.json()).toEqual({ received: true });
  });

  it('has no sandbox calls', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/setups/seti_x/confirm`,
      payload: { clientSecret: 'x', cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(response.statusCode).toBe(404);
  });
});
