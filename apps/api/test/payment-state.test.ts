import type { PaymentPlan } from '@carta/contract/payments';
import {
  FREEMIUM,
  PAYMENT_FAILURE_GRACE_DAYS,
  type SubscriptionState,
} from '@carta/contract/subscription-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, clubs, paymentPlans } from '../src/db/schema.ts';
import { type PaymentStateInputs, paymentState } from '../src/features/billing/payment-state.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { present, useTestApp } from './helpers.ts';
import { paymentsSetUp } from './payments-fixtures.ts';
import { paidUntil, seedSubscription } from './seed-subscription.ts';

// What a club's current plan says (GET /payments/plans/current): Free, early adopter, partner, paid,
// cancelled, failed with its countdown, and the same rules at a clock the test drives.

const DAY_MS = 86_400_000;

describe('payment state at a driven clock', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const plan: PaymentPlan = {
    id: 1,
    isoCountryCode: 'IT',
    months: 1,
    price: 19,
    vat: 22,
    currency: 'EUR',
    netCents: 1900,
    vatBasisPoints: 2200,
    vatCents: 418,
    grossCents: 2318,
    reverseCharge: false,
    saving: null,
  };
  const billing = { id: 1, months: 1, amountCents: 2318 };
  const paid: SubscriptionState = {
    status: 'paid',
    plan: billing,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    reminded: false,
    renewal: null,
  };
  const inputs = (changes: Partial<PaymentStateInputs>): PaymentStateInputs => ({
    clubId: 7,
    brand: null,
    partnerBrand: null,
    state: FREEMIUM,
    plan: null,
    offered: [],
    ...changes,
  });

  it('counts the days before deactivation down from the failure, to zero', () => {
    const failedAt = new Date('2026-03-08T09:00:00Z');
    const failed = inputs({
      state: {
        status: 'paymentFailed',
        plan: billing,
        periodEnd: '2026-03-08T00:00:00.000Z',
        charge: {
          planId: 1,
          amountCents: 2318,
          periodStart: '2026-03-08T00:00:00.000Z',
          periodEnd: '2026-04-08T00:00:00.000Z',
        },
        failedAt: failedAt.toISOString(),
        paymentErrorCode: 'declined',
        retrying: false,
      },
      plan,
    });
    const at = (date: Date) => paymentState(failed, date).daysBeforeDeactivation;
    expect(at(failedAt)).toBe(PAYMENT_FAILURE_GRACE_DAYS);
    expect(at(now)).toBe(5);
    expect(at(new Date(failedAt.getTime() + 7 * DAY_MS - 1))).toBe(1);
    // At zero the club is Free, read as the job would leave it: no countdown left to show.
    expect(at(new Date(failedAt.getTime() + 7 * DAY_MS))).toBeNull();
    expect(at(new Date(failedAt.getTime() + 30 * DAY_MS))).toBeNull();
    // Smart during the countdown, Free after it.
    expect(paymentState(failed, now)).toMatchObject({
      kind: 'paid',
      isSmart: true,
      paymentErrorCode: 'declined',
      nextInvoiceCents: 2318,
    });
    expect(paymentState(failed, new Date(failedAt.getTime() + 7 * DAY_MS))).toMatchObject({
      kind: 'free',
      isSmart: false,
    });
  });

  it('renews at the period end, and a cancelled renewal ends there', () => {
    expect(paymentState(inputs({ state: paid, plan }), now)).toMatchObject({
      kind: 'paid',
      renewalDate: '2026-04-01',
      nextInvoiceCents: 2318,
    });
    const cancelled: SubscriptionState = { ...paid, status: 'renewalCancelled' } as SubscriptionState;
    const state = paymentState(inputs({ state: cancelled, plan }), new Date('2026-04-02T00:00:00Z'));
    expect(state).toMatchObject({
      kind: 'free',
      isSmart: false,
      subscriptionEnabled: false,
      // Read as the expiry job leaves it: Free, nothing running.
      subscriptionExpiration: null,
      status: 'freemium',
      renewalDate: null,
      nextInvoiceCents: null,
    });
  });

  it('never bills an early adopter', () => {
    const state = paymentState(inputs({ state: { status: 'earlyAdopter' }, plan: null }), now);
    expect(state).toMatchObject({
      kind: 'earlyAdopter',
      isSmart: true,
      nextInvoiceCents: null,
      renewalDate: null,
    });
  });
});

describe('payments plans API', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const setUp = paymentsSetUp(context);

  const planOf = async (country: string, months: number) =>
    present(
      (await db().select().from(paymentPlans).where(eq(paymentPlans.isoCountryCode, country))).find(
        (row) => row.months === months && row.enabled,
      ),
      `${country} ${months}-month plan`,
    );

  it('describes a Free club', async () => {
    const { club, get } = await setUp();
    const response = await get('/plans/current');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: club.id,
      brand: null,
      freeForever: false,
      paymentPending: false,
      paymentErrorCode: null,
      paymentPlan: null,
      subscriptionEnabled: false,
      subscriptionExpiration: null,
      kind: 'free',
      isSmart: false,
      partnerBrand: null,
      renewalDate: null,
      renewalCancelled: false,
      nextInvoiceCents: null,
      currency: null,
      daysBeforeDeactivation: null,
      status: 'freemium',
      cancelUntil: null,
      canReactivate: false,
      paymentScreen: 'subscribe',
      planChoices: [
        expect.objectContaining({ kind: 'subscribe', needsCard: true, label: null, reason: null }),
        expect.objectContaining({ kind: 'subscribe', needsCard: true, label: null, reason: null }),
      ],
    });
  });

  it('describes an early adopter', async () => {
    const { get } = await setUp({ freeForever: true });
    expect((await get('/plans/current')).json()).toMatchObject({
      freeForever: true,
      kind: 'earlyAdopter',
      isSmart: true,
      nextInvoiceCents: null,
      renewalDate: null,
    });
  });

  it('describes a partner subscription with its brand and nothing to pay', async () => {
    const { club, get } = await setUp();
    const brand = firstOrThrow(
      await db()
        .insert(brands)
        .values({ name: `Brand ${club.id}-${Date.now()}` })
        .returning(),
      'brand',
    );
    await db().update(clubs).set({ brandId: brand.id }).where(eq(clubs.id, club.id));
    const end = new Date(Date.now() + 180 * DAY_MS);
    await seedSubscription(db(), club.id, {
      status: 'partner',
      brandId: brand.id,
      periodStart: new Date().toISOString(),
      periodEnd: end.toISOString(),
      reminded: false,
      nextPlan: null,
    });
    const sameBrand = { id: brand.id, name: brand.name, enabled: true };
    expect((await get('/plans/current')).json()).toMatchObject({
      kind: 'partner',
      isSmart: true,
      brand: sameBrand,
      partnerBrand: sameBrand,
      paymentPlan: null,
      subscriptionEnabled: true,
      subscriptionExpiration: end.toISOString().slice(0, 10),
      renewalDate: null,
      nextInvoiceCents: null,
    });
  });

  it('describes a paid annual plan: renewal date and next invoice', async () => {
    const { club, get } = await setUp();
    const annual = await planOf('IT', 12);
    const end = new Date(Date.now() + 200 * DAY_MS);
    await seedSubscription(db(), club.id, paidUntil(end, { id: annual.id, months: 12, amountCents: 13908 }));
    const state = (await get('/plans/current')).json();
    expect(state).toMatchObject({
      kind: 'paid',
      isSmart: true,
      subscriptionEnabled: true,
      renewalDate: end.toISOString().slice(0, 10),
      renewalCancelled: false,
      nextInvoiceCents: 13908,
      currency: 'EUR',
      daysBeforeDeactivation: null,
    });
    expect(state.paymentPlan).toMatchObject({ id: annual.id, months: 12, grossCents: 13908 });
    expect(state.paymentPlan.saving).toEqual({ cents: 13908, percent: 50 });
  });

  it('describes a cancelled renewal: Smart until the end, nothing more to pay', async () => {
    const { club, get } = await setUp();
    const monthly = await planOf('IT', 1);
    const end = new Date(Date.now() + 10 * DAY_MS);
    await seedSubscription(db(), club.id, {
      status: 'renewalCancelled',
      plan: { id: monthly.id, months: 1, amountCents: 2318 },
      periodStart: new Date(end.getTime() - 30 * DAY_MS).toISOString(),
      periodEnd: end.toISOString(),
    });
    expect((await get('/plans/current')).json()).toMatchObject({
      kind: 'paid',
      isSmart: true,
      renewalCancelled: true,
      renewalDate: null,
      nextInvoiceCents: null,
      subscriptionExpiration: end.toISOString().slice(0, 10),
    });
  });

  it('describes a failed payment with its countdown', async () => {
    const { club, get } = await setUp();
    const monthly = await planOf('IT', 1);
    const plan = { id: monthly.id, months: 1, amountCents: 2318 };
    const periodEnd = new Date(Date.now() - 2 * DAY_MS - 60_000).toISOString();
    await seedSubscription(db(), club.id, {
      status: 'paymentFailed',
      plan,
      periodEnd,
      charge: {
        planId: plan.id,
        amountCents: 2318,
        periodStart: periodEnd,
        periodEnd: new Date(Date.now() + 28 * DAY_MS).toISOString(),
      },
      failedAt: periodEnd,
      paymentErrorCode: 'insufficientFunds',
      retrying: false,
    });
    expect((await get('/plans/current')).json()).toMatchObject({
      kind: 'paid',
      paymentErrorCode: 'insufficientFunds',
      daysBeforeDeactivation: 5,
      nextInvoiceCents: 2318,
    });
  });
});
