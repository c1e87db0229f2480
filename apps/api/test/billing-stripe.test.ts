import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema.ts';
import {
  italianMonthlyPlan,
  saveStripeCard,
  seedOwnerWithClub,
  stripeWebhook,
  useStripeApp,
} from './fixtures.ts';
import { present } from './helpers.ts';

// Issue 15: the app on Stripe (the official SDK against the local fake of ./fake-stripe.ts): cards saved
// through SetupIntents, the first payment, and the webhook, verified and acted on once per event.

const API = '/api/v1';
const WEBHOOK_SECRET = 'whsec_carta_app_test';

describe('subscriptions on Stripe', () => {
  const context = useStripeApp(WEBHOOK_SECRET);

  const setUp = async (cardNumber: string) => {
    const { club, call } = await seedOwnerWithClub(context);
    const { setup, saved } = await saveStripeCard(context.fake, call, cardNumber);
    expect(setup).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_carta' });
    expect(saved.statusCode).toBe(201);
    return { club, call };
  };

  const monthlyPlan = () => italianMonthlyPlan(context.database);
  const webhook = (event: object, secret = WEBHOOK_SECRET) => stripeWebhook(context.app, event, secret);

  it('subscribes with a saved card and charges it once', async () => {
    const { club, call } = await setUp('4242424242424242');
    const result = (await call('POST', '/subscription', { paymentPlanId: (await monthlyPlan()).id })).json();
    expect(result.state).toMatchObject({ kind: 'paid', isSmart: true });
    const payments = context.fake.payments.filter((payment) => payment.metadata.clubId === String(club.id));
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
      context.fake.payments.find((entry) => entry.id === action.paymentId),
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
    const unsigned = await context.app.inject({
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
    expect(
      await context.database.db.select().from(invoices).where(eq(invoices.clubId, club.id)),
    ).toHaveLength(1);
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
    const response = await context.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/setups/seti_x/confirm`,
      payload: { clientSecret: 'x', cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(response.statusCode).toBe(404);
  });
});
