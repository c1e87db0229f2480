import { FIRST_PAYMENT_TIMEOUT_DAYS } from '@carta/contract/subscription-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, creditNotes, refunds } from '../src/db/schema.ts';
import { runDueJobs } from '../src/features/billing/billing-service.ts';
import { resendStaleRefunds } from '../src/features/billing/refund-retries.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import {
  italianMonthlyPlan,
  saveStripeCard,
  seedOwnerWithClub,
  stripeWebhook,
  useStripeApp,
} from './fixtures.ts';
import { present, seedOwner } from './helpers.ts';

// Refunds on Stripe (docs/decisions/0063-refunds-and-credit-notes.md), the official SDK against the local
// fake: refunds made with the PaymentIntent and the idempotency key `refund-<id>`, refunds Stripe settles
// later through refund.updated / refund.failed, an outage, and a late payment given back on its own.

const API = '/api/v1';
const WEBHOOK_SECRET = 'whsec_carta_refund_test';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('refunds on Stripe', () => {
  const mailer = createMemoryMailer();
  const context = useStripeApp(WEBHOOK_SECRET, mailer);

  const setUp = async (cardNumber = '4242424242424242') => {
    const { owner, club, call } = await seedOwnerWithClub(context);
    expect((await saveStripeCard(context.fake, call, cardNumber)).saved.statusCode).toBe(201);
    const subscribed = (
      await call('POST', '/subscription', { paymentPlanId: (await monthlyPlan()).id })
    ).json();
    const [charge] = await context.database.db.select().from(charges).where(eq(charges.clubId, club.id));
    return { owner, club, call, subscribed, charge: present(charge, 'the charge') };
  };

  const monthlyPlan = () => italianMonthlyPlan(context.database);
  const webhook = (event: object) => stripeWebhook(context.app, event, WEBHOOK_SECRET);

  const adminCall = async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    return (clubId: number, chargeId: number, amountCents: number) =>
      context.app.inject({
        method: 'POST',
        url: `${API}/admin/clubs/${clubId}/charges/${chargeId}/refunds`,
        headers: { authorization: admin.authorization, 'accept-language': 'en' },
        payload: { amountCents, note: null },
      });
  };

  const refundEvent = (
    type: 'refund.updated' | 'refund.failed',
    refund: { id: string; metadata: Record<string, string> },
    status: string,
    failureReason: string | null = null,
  ) => ({
    id: `evt_${refund.id}_${type}`,
    object: 'event',
    type,
    data: {
      object: {
        id: refund.id,
        object: 'refund',
        status,
        failure_reason: failureReason,
        metadata: refund.metadata,
      },
    },
  });

  const refundRows = (chargeId: number) =>
    context.database.db.select().from(refunds).where(eq(refunds.chargeId, chargeId));

  it('refunds in parts with the PaymentIntent and an idempotency key per refund', async () => {
    const { club, call, charge } = await setUp();
    const refund = await adminCall();
    const first = await refund(club.id, charge.id, 1000);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'succeeded', amountCents: 1000 });
    const second = (await refund(club.id, charge.id, 1318)).json();
    expect(second).toMatchObject({ status: 'succeeded', amountCents: 1318 });
    expect((await refund(club.id, charge.id, 1)).json().code).toBe('REFUND_TOO_LARGE');

    const sent = context.fake.refunds.filter((entry) => entry.paymentIntent === charge.providerPaymentId);
    expect(sent).toEqual([
      expect.objectContaining({
        amount: 1000,
        currency: 'eur',
        idempotencyKey: `refund-${first.json().id}`,
        reason: 'requested_by_customer',
        metadata: { refundId: String(first.json().id), chargeId: String(charge.id), reason: 'admin' },
      }),
      expect.objectContaining({ amount: 1318, idempotencyKey: `refund-${second.id}` }),
    ]);
    const notes = (await call('GET', '/credit-notes')).json() as { grossCents: number }[];
    expect(notes.map((note) => note.grossCents).sort()).toEqual([1000, 1318]);
  });

  it('waits for refund.updated when Stripe answers pending, acting on the event once', async () => {
    const { owner, club, call, charge } = await setUp();
    const refund = await adminCall();
    context.fake.settleNextRefundsAs('pending');
    const answer = await refund(club.id, charge.id, 2318);
    context.fake.settleNextRefundsAs('succeeded');
    expect(answer.json()).toMatchObject({ status: 'pending', creditNote: null });
    // One refund in flight per charge.
    expect((await refund(club.id, charge.id, 100)).json().code).toBe('REFUND_IN_PROGRESS');
    expect((await call('GET', '/credit-notes')).json()).toEqual([]);

    const made = present(
      context.fake.refunds.find((entry) => entry.paymentIntent === charge.providerPaymentId),
      'the refund at the fake',
    );
    const event = refundEvent('refund.updated', made, 'succeeded');
    expect((await webhook(event)).json()).toEqual({ received: true });
    expect((await webhook(event)).statusCode).toBe(200);
    const [row] = await refundRows(charge.id);
    expect(present(row, 'the refund')).toMatchObject({ status: 'succeeded', providerRefundId: made.id });
    expect(
      await context.database.db.select().from(creditNotes).where(eq(creditNotes.clubId, club.id)),
    ).toHaveLength(1);
    expect(mailer.sent.filter((mail) => mail.to === owner.account.email).at(-1)?.subject).toContain(
      'ti abbiamo rimborsato',
    );
  });

  it('records the reason of a refund Stripe fails later, with no credit note', async () => {
    const { club, charge } = await setUp();
    const refund = await adminCall();
    context.fake.settleNextRefundsAs('pending');
    await refund(club.id, charge.id, 2318);
    context.fake.settleNextRefundsAs('succeeded');
    const made = present(
      context.fake.refunds.find((entry) => entry.paymentIntent === charge.providerPaymentId),
      'the refund at the fake',
    );
    await webhook(refundEvent('refund.failed', made, 'failed', 'expired_or_canceled_card'));
    const [row] = await refundRows(charge.id);
    expect(present(row, 'the refund')).toMatchObject({
      status: 'failed',
      errorMessage: 'expired_or_canceled_card',
    });
    expect(
      await context.database.db.select().from(creditNotes).where(eq(creditNotes.clubId, club.id)),
    ).toEqual([]);
    const admin = await seedOwner(context.database, { isAdmin: true });
    const payments = (
      await context.app.inject({
        method: 'GET',
        url: `${API}/admin/clubs/${club.id}/payments`,
        headers: { authorization: admin.authorization },
      })
    ).json();
    expect(payments.charges[0]).toMatchObject({ refundedCents: 0, refundableCents: 2318 });
    expect(payments.charges[0].refunds[0]).toMatchObject({
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
  });

  it('asks again, with the same key, a refund Stripe could not be reached for', async () => {
    const { club, charge } = await setUp();
    const refund = await adminCall();
    // The SDK's own resend fails too.
    context.fake.failNextRequests(2);
    const answer = await refund(club.id, charge.id, 2318);
    expect(answer.json()).toMatchObject({ status: 'pending' });
    const id = answer.json().id as number;
    await resendStaleRefunds(context.app.billing, new Date(Date.now() + 11 * 60 * 1000));
    const [row] = await refundRows(charge.id);
    expect(present(row, 'the refund')).toMatchObject({ status: 'succeeded' });
    const made = context.fake.refunds.filter((entry) => entry.paymentIntent === charge.providerPaymentId);
    expect(made).toHaveLength(1);
    expect(made[0]?.idempotencyKey).toBe(`refund-${id}`);
  });

  it('gives back on its own a payment confirmed after the first payment was given up', async () => {
    const { owner, club, call, subscribed, charge } = await setUp('4000002760003184');
    const action = present(subscribed.action, 'an action');
    await runDueJobs(context.app.billing, new Date(Date.now() + (FIRST_PAYMENT_TIMEOUT_DAYS + 1) * DAY_MS));
    expect((await call('GET', '/payments/plans/current')).json()).toMatchObject({ kind: 'free' });
    // The owner authenticates it in the browser a week late; Stripe says so with its event.
    context.fake.succeedPayment(action.paymentId);
    const succeeded = await webhook({
      id: `evt_${club.id}_late`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: action.paymentId,
          object: 'payment_intent',
          status: 'succeeded',
          metadata: { chargeId: String(charge.id), clubId: String(club.id) },
        },
      },
    });
    expect(succeeded.statusCode).toBe(200);
    expect(context.fake.refunds.filter((entry) => entry.paymentIntent === action.paymentId)).toEqual([
      expect.objectContaining({
        amount: 2318,
        reason: null,
        metadata: expect.objectContaining({ reason: 'lateSuccess' }),
      }),
    ]);
    const [row] = await refundRows(charge.id);
    expect(present(row, 'the refund')).toMatchObject({ reason: 'lateSuccess', status: 'succeeded' });
    expect(mailer.sent.filter((mail) => mail.to === owner.account.email).at(-1)?.text).toContain(
      "arrivato quando l'abbonamento non lo attendeva più",
    );
  });
});
