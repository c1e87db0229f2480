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
  chargesCard,
  choiceEvents,
  type EmailKind,
  nextState,
  planChoice,
  type SubscriptionState,
} from '@carta/contract/subscription-rules';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { brands } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Billing } from './billing-context.ts';
import { applyEvent, changeSubscription, type PendingChange } from './billing-service.ts';
import { chargeAwaitingConfirmation } from './charge-store.ts';
import {
  addPaymentMethod,
  ensureCustomer,
  makePrimary,
  primaryMethodOf,
  removePaymentMethod,
} from './payment-method-store.ts';
import { loadPaymentState, priceClubPlan } from './payment-store.ts';
import type { ChargeOutcome } from './provider.ts';
import { lockSubscription, refusal, transition } from './subscription-store.ts';

// What the owner's subscription calls do (issue 15), each one transaction through the rules, then the
// charges sent; the route handlers only parse and answer.

const _DAY_MS = 24 * 60 * 60 * 1000;

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
  const charge = await chargeAwaitingConfirmation(billing.db, clubId);
  if (!charge?.providerPaymentId || !charge.clientSecret) return null;
  return actionOf(billing, {
    status: 'requiresAction',
    paymentId: charge.providerPaymentId,
    clientSecret: charge.clientSecret,
  });
};

/**
 * POST /clubs/{clubId}/subscription: what choosing `paymentPlanId` means is the rules' `planChoice`
 * (subscribe, change, reactivate, pay again, confirm a payment the bank holds), carried out by its events.
 * A choice that charges a card needs one saved.
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
      const chosen = choiceEvents(locked.state, plan, now);
      if (!chosen.ok) throw refusal(chosen.code);
      if (chosen.events === 'waiting') return { result: true, emails: [], chargeIds: [] };
      const choice = planChoice(locked.state, plan, now);
      if ('needsCard' in choice && choice.needsCard && !hasCard)
        throw new AppError(409, 'PAYMENT_METHOD_REQUIRED');
      const emails: EmailKind[] = [];
      const chargeIds: number[] = [];
      for (const event of chosen.events) {
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

/** DELETE /clubs/{clubId}/subscription: the renewal cancelled; Smart stays until the period ends. */
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
  // Choosing another plan while the renewal is cancelled reactivates it first (`reactivateWith`).
  const reactivated =
    planChoice(state, plan, now).kind === 'reactivateWith'
      ? nextState(state, { type: 'reactivate' }, now)
      : null;
  const judged: SubscriptionState = reactivated?.ok ? reactivated.state : state;
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

/**
 * An admin made the club an early adopter (Smart, never billed) or took it back (Free), inside the admin's
 * audited transaction, through the rules like any other change: whatever was billed stops, nothing is
 * charged. What is left for after the commit goes to `afterCommit`.
 */
export const recordEarlyAdopter = async (
  tx: Transaction,
  clubId: number,
  isEarlyAdopter: boolean,
  now: Date,
): Promise<PendingChange | null> => {
  const locked = await lockSubscription(tx, clubId);
  if (isEarlyAdopter === (locked.state.status === 'earlyAdopter')) return null;
  const done = await transition(
    tx,
    locked,
    { type: isEarlyAdopter ? 'earlyAdopterGranted' : 'earlyAdopterRevoked' },
    now,
  );
  return { locked, emails: done.emails, chargeIds: done.chargeIds };
};

/**
 * An admin gave the club 6 or 12 months of Smart paid by a brand; a paying club is refused. Inside the
 * admin's audited transaction; what is left for after the commit goes to `afterCommit`, and the brand's
 * name to the audit line.
 */
export const grantSponsorship = async (
  tx: Transaction,
  clubId: number,
  grant: { brandId: number; months: 6 | 12 },
  now: Date,
): Promise<{ pending: PendingChange; brandName: string }> => {
  const [brand] = await tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(eq(brands.id, grant.brandId));
  if (!brand) throw notFound();
  const locked = await lockSubscription(tx, clubId);
  const done = await transition(
    tx,
    locked,
    { type: 'partnerGranted', months: grant.months, brandId: grant.brandId },
    now,
  );
  return { pending: { locked, emails: done.emails, chargeIds: done.chargeIds }, brandName: brand.name };
};
