import type {
  ChangePlanPreview,
  PaymentAction,
  PaymentMethod,
  PaymentSetup,
  SubscriptionResult,
} from '@carta/contract/billing';
import {
  type BillingPlan,
  changePlanPreview,
  type EmailKind,
  FREEMIUM,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@carta/contract/subscription-rules';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { brands, charges } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { loadPaymentState, priceClubPlan } from '../payments/payment-store.ts';
import { applyEvent, type Billing, changeSubscription } from './billing-service.ts';
import {
  addPaymentMethod,
  ensureCustomer,
  makePrimary,
  primaryMethodOf,
  removePaymentMethod,
} from './payment-method-store.ts';
import type { ChargeOutcome } from './provider.ts';
import { lockSubscription, overwriteState, refusal, transition } from './subscription-store.ts';

// What the owner's subscription calls do (issue 15), each one transaction through the rules, then the
// charges sent; the route handlers only parse and answer.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A plan offered to the club, as the rules bill it: its gross for the club's billing country. */
const billingPlanOf = async (db: Database, clubId: number, paymentPlanId: number) => {
  const priced = await priceClubPlan(db, clubId, paymentPlanId);
  if (!priced) throw new AppError(400, 'INVALID_PLAN');
  const plan: BillingPlan = { id: priced.id, months: priced.months, amountCents: priced.grossCents };
  return { plan, currency: priced.currency };
};

/** The payment a first payment or a retry waits on the owner for, when one does. */
const actionOf = (billing: Billing, outcome: ChargeOutcome | undefined): PaymentAction | null =>
  outcome?.status === 'requiresAction'
    ? {
        provider: billing.provider.name,
        paymentId: outcome.paymentId,
        clientSecret: outcome.clientSecret,
        publishableKey: billing.provider.publishableKey,
      }
    : null;

/** A first payment that failed answers 402 with the card's reason; the state is kept (Free, with the code). */
const throwIfFirstPaymentFailed = (outcome: ChargeOutcome | undefined) => {
  if (outcome?.status !== 'failed') return;
  if (outcome.code === 'insufficientFunds') throw new AppError(402, 'CARD_INSUFFICIENT_FUNDS');
  if (outcome.code === 'authenticationRequired') throw new AppError(402, 'CARD_AUTHENTICATION_REQUIRED');
  throw new AppError(402, 'CARD_DECLINED');
};

/** The latest charge still waiting for the owner's confirmation, as an action to hand back. */
const waitingAction = async (billing: Billing, clubId: number): Promise<PaymentAction | null> => {
  const [charge] = await billing.db
    .select({ providerPaymentId: charges.providerPaymentId, clientSecret: charges.clientSecret })
    .from(charges)
    .where(and(eq(charges.clubId, clubId), eq(charges.status, 'requiresAction')))
    .orderBy(desc(charges.id))
    .limit(1);
  if (!charge?.providerPaymentId || !charge.clientSecret) return null;
  return actionOf(billing, {
    status: 'requiresAction',
    paymentId: charge.providerPaymentId,
    clientSecret: charge.clientSecret,
  });
};

/**
 * POST /clubs/{clubId}/subscription: what choosing `paymentPlanId` means in the club's state. Free:
 * subscribe (a card is needed; the first payment is charged now). Paying: change plan. Renewal cancelled:
 * reactivate (and change plan when another is chosen). Payment failed: pay again. Partner period: the plan
 * to pay from its end. A first payment waiting for authentication: its confirmation again.
 */
export const choosePlan = async (
  billing: Billing,
  clubId: number,
  paymentPlanId: number,
  now: Date,
): Promise<SubscriptionResult> => {
  const { plan, currency } = await billingPlanOf(billing.db, clubId, paymentPlanId);
  const hasCard = (await primaryMethodOf(billing.db, clubId)) !== undefined;
  const { result: pending, outcomes } = await changeSubscription(
    billing,
    clubId,
    async (tx, locked) => {
      const events = eventsFor(locked.state, plan, hasCard, now);
      if (events === 'waiting') return { result: true, emails: [], chargeIds: [] };
      const emails: EmailKind[] = [];
      const chargeIds: number[] = [];
      for (const event of events) {
        const done = await transition(tx, locked, event, now, { isOwnerPresent: true, currency });
        emails.push(...done.emails);
        chargeIds.push(...done.chargeIds);
      }
      return { result: false, emails, chargeIds };
    },
    now,
  );
  const outcome = [...outcomes.values()].at(-1);
  throwIfFirstPaymentFailed(outcome);
  const action = pending ? await waitingAction(billing, clubId) : actionOf(billing, outcome);
  return { state: await loadPaymentState(billing.db, clubId, now), action };
};

/** The rules' events for choosing `plan` in `state`; 'waiting' when a payment only needs confirming. */
const eventsFor = (
  state: SubscriptionState,
  plan: BillingPlan,
  hasCard: boolean,
  now: Date,
): SubscriptionEvent[] | 'waiting' => {
  const needsCard = () => {
    if (!hasCard) throw new AppError(409, 'PAYMENT_METHOD_REQUIRED');
  };
  switch (state.status) {
    case 'freemium':
      needsCard();
      return [{ type: 'subscribe', plan }];
    case 'paymentPending':
      if (state.paymentErrorCode === 'authenticationRequired') return 'waiting';
      throw refusal('PAYMENT_PENDING');
    case 'paid':
      return [{ type: 'changePlan', plan }];
    case 'renewalCancelled': {
      needsCard();
      // Reactivating keeps the plan; another plan is a change made right after.
      if (new Date(state.periodEnd).getTime() <= now.getTime()) return [{ type: 'subscribe', plan }];
      return state.plan.id === plan.id
        ? [{ type: 'reactivate' }]
        : [{ type: 'reactivate' }, { type: 'changePlan', plan }];
    }
    case 'paymentFailed':
      needsCard();
      return [{ type: 'retryPayment' }];
    case 'partner':
      needsCard();
      return state.nextPlan ? [{ type: 'changePlan', plan }] : [{ type: 'subscribe', plan }];
    case 'earlyAdopter':
      throw refusal('EARLY_ADOPTER');
  }
};

/** DELETE /clubs/{clubId}/subscription: the renewal cancelled (final once confirmed). */
export const cancelRenewal = async (
  billing: Billing,
  clubId: number,
  now: Date,
): Promise<SubscriptionResult> => {
  await applyEvent(billing, clubId, { type: 'cancelRenewal' }, now);
  return { state: await loadPaymentState(billing.db, clubId, now), action: null };
};

/** GET /clubs/{clubId}/subscription/preview: the new expiration date a plan change would give. */
export const previewPlanChange = async (
  billing: Billing,
  clubId: number,
  paymentPlanId: number,
  now: Date,
): Promise<ChangePlanPreview> => {
  const { plan } = await billingPlanOf(billing.db, clubId, paymentPlanId);
  const state = await billing.db.transaction(async (tx) => (await lockSubscription(tx, clubId)).state);
  // A cancelled renewal is reactivated first, as choosePlan does.
  const judged: SubscriptionState =
    state.status === 'renewalCancelled' && new Date(state.periodEnd).getTime() > now.getTime()
      ? { ...state, status: 'paid', reminded: false, renewal: null }
      : state;
  const preview = changePlanPreview(judged, plan, now);
  if (!preview.ok) throw refusal(preview.code);
  const currentEnd =
    judged.status === 'paid' || judged.status === 'partner' ? judged.periodEnd : now.toISOString();
  return {
    paymentPlanId,
    currentExpiration: currentEnd.slice(0, 10),
    newExpiration: preview.periodEnd.slice(0, 10),
    daysLeft: preview.daysLeft,
    daysGiven: preview.daysGiven,
  };
};

/** GET /clubs/{clubId}/payments/setup: a setup for the browser to save a card with. */
export const startSetup = async (billing: Billing, clubId: number): Promise<PaymentSetup> => {
  const customerId = await ensureCustomer(billing.db, billing.provider, clubId);
  const { setupId, clientSecret } = await billing.provider.createSetup(customerId);
  return {
    provider: billing.provider.name,
    setupId,
    clientSecret,
    publishableKey: billing.provider.publishableKey,
  };
};

/**
 * POST /clubs/{clubId}/payment-methods: the card of a confirmed setup saved. A club whose renewal failed
 * pays again with it at once (the first card it adds becomes the primary; a later one is made primary).
 */
export const saveCard = async (
  billing: Billing,
  clubId: number,
  setupId: string,
  now: Date,
): Promise<PaymentMethod> => {
  const customerId = await ensureCustomer(billing.db, billing.provider, clubId);
  const card = await billing.provider.readSetup(setupId, customerId);
  if (!card) throw new AppError(409, 'PAYMENT_SETUP_INVALID');
  const { result: method } = await changeSubscription(
    billing,
    clubId,
    async (tx, locked) => {
      const saved = await addPaymentMethod(tx, clubId, card);
      if (locked.state.status !== 'paymentFailed' || locked.state.retrying)
        return { result: saved, emails: [], chargeIds: [] };
      await makePrimary(tx, clubId, saved.id);
      const done = await transition(tx, locked, { type: 'retryPayment' }, now, { isOwnerPresent: true });
      return { result: { ...saved, isPrimary: true }, emails: done.emails, chargeIds: done.chargeIds };
    },
    now,
  );
  return method;
};

/** PUT /clubs/{clubId}/payment-methods/{id}/primary. */
export const choosePrimary = async (billing: Billing, clubId: number, paymentMethodId: number) => {
  await billing.db.transaction((tx) => makePrimary(tx, clubId, paymentMethodId));
};

/** Whether the club's state still charges a card (so its last one cannot be removed). */
const chargesCard = (state: SubscriptionState) =>
  state.status === 'paid' ||
  state.status === 'paymentPending' ||
  state.status === 'paymentFailed' ||
  (state.status === 'partner' && state.nextPlan !== null);

/** DELETE /clubs/{clubId}/payment-methods/{id}: removed here, then detached at the provider. */
export const deleteCard = async (billing: Billing, clubId: number, paymentMethodId: number) => {
  const methodId = await billing.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, clubId);
    return removePaymentMethod(tx, clubId, paymentMethodId, chargesCard(locked.state));
  });
  try {
    await billing.provider.detachMethod(methodId);
  } catch (error) {
    // Our side is done: renewals no longer charge it; the provider keeps an unused card.
    billing.log.warn({ err: error, clubId }, 'payment method removed but not detached at the provider');
  }
};

/** The instants of a state moved `ms` earlier: the sandbox's test clock runs a club's time forward. */
const shifted = (state: SubscriptionState, ms: number): SubscriptionState => {
  const keys = new Set(['periodStart', 'periodEnd', 'since', 'failedAt']);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        keys.has(key) && typeof inner === 'string'
          ? new Date(Date.parse(inner) - ms).toISOString()
          : walk(inner),
      ]),
    );
  };
  return walk(state) as SubscriptionState;
};

/**
 * POST /clubs/{clubId}/payments/sandbox/advance (sandbox only): the club's subscription lives `days`
 * days forward, as Stripe's test clocks do: its dates move back, then what fell due runs (renewal,
 * reminder, countdown, deactivation), charging the sandbox card as a renewal would.
 */
export const advanceTestClock = async (billing: Billing, clubId: number, days: number, now: Date) => {
  if (billing.provider.name !== 'sandbox') throw notFound();
  const ms = days * DAY_MS;
  await billing.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, clubId);
    await overwriteState(tx, locked, shifted(locked.state, ms), now);
    // The charges still waiting move with it, in one statement.
    const shift = sql`make_interval(secs => ${ms / 1000})`;
    await tx
      .update(charges)
      .set({
        periodStart: sql`${charges.periodStart} - ${shift}`,
        periodEnd: sql`${charges.periodEnd} - ${shift}`,
      })
      .where(and(eq(charges.clubId, clubId), inArray(charges.status, ['pending', 'requiresAction'])));
  });
  // What fell due runs as the job would (a renewal more than a day late bills from now).
  await applyEvent(billing, clubId, { type: 'timePasses' }, now);
  return loadPaymentState(billing.db, clubId, now);
};

/**
 * An admin made the club an early adopter (Smart, never billed) or took it back (Free), inside the admin's
 * audited transaction: whatever was billed stops, nothing is charged.
 */
export const recordEarlyAdopter = async (
  tx: Transaction,
  clubId: number,
  isEarlyAdopter: boolean,
  now: Date,
) => {
  const locked = await lockSubscription(tx, clubId);
  const isStored = locked.row?.state?.status === 'earlyAdopter';
  if (isEarlyAdopter === isStored) return;
  if (isEarlyAdopter) await transition(tx, locked, { type: 'earlyAdopterGranted' }, now);
  else await overwriteState(tx, locked, FREEMIUM, now);
};

/** An admin gave the club 6 or 12 months of Smart paid by a brand (spec §9); a paying club is refused. */
export const grantSponsorship = async (
  tx: Transaction,
  clubId: number,
  grant: { brandId: number; months: 6 | 12 },
  now: Date,
) => {
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, grant.brandId));
  if (!brand) throw notFound();
  const locked = await lockSubscription(tx, clubId);
  await transition(tx, locked, { type: 'partnerGranted', months: grant.months, brandId: grant.brandId }, now);
};
