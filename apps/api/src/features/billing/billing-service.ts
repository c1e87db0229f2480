import type { SubscriptionEvent } from '@carta/contract/subscription-rules';
import type { Transaction } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema.ts';
import type { Billing } from './billing-context.ts';
import { remindExpiringCards } from './card-expiry.ts';
import {
  chargeOfPayment,
  claimCharge,
  clubOfCharge,
  lockCharge,
  recordProcessing,
  staleChargeIds,
  storeAnswer,
} from './charge-store.ts';
import { issueInvoice } from './invoice-store.ts';
import { claimDueJob, clubsWithDueJobs, postponeJob } from './job-store.ts';
import { primaryMethodOf } from './payment-method-store.ts';
import type { ChargeOutcome, ProviderEvent } from './provider.ts';
import { ProviderUnavailableError } from './provider.ts';
import { recordLateSuccessRefund, sendRefund } from './refund-store.ts';
import { sendEmails } from './subscription-emails.ts';
import {
  type AfterCommit,
  type LockedSubscription,
  lockSubscription,
  type TransitionOptions,
  transition,
} from './subscription-store.ts';

// How subscription changes run (docs/decisions/0049-subscriptions-stored-and-run.md): one transaction locks the club,
// applies the rules and stores the state with its job and charges; after the commit the charges are sent
// to the provider (each claimed first, so two processes never send one twice) and their outcomes come back
// through `recordOutcome`, in a transaction of their own, exactly as the provider's events do.

/** A change stored in a transaction that someone else commits (an admin's audited change). */
export type PendingChange = { locked: LockedSubscription } & AfterCommit;

/**
 * What every subscription change leaves for after its commit, whoever committed it: its emails, then its
 * charges handed to the provider. Answers the charges' outcomes.
 */
export const afterCommit = async (
  billing: Billing,
  { locked, emails, chargeIds }: PendingChange,
  now: Date,
): Promise<Map<number, ChargeOutcome>> => {
  await sendEmails(billing, locked, emails, now);
  const outcomes = new Map<number, ChargeOutcome>();
  for (const chargeId of chargeIds) {
    const outcome = await sendCharge(billing, chargeId, now);
    if (outcome) outcomes.set(chargeId, outcome);
  }
  return outcomes;
};

/** Runs `change` on the club's locked subscription, then carries out what it left for after the commit. */
export const changeSubscription = async <Result>(
  billing: Billing,
  clubId: number,
  change: (tx: Transaction, locked: LockedSubscription) => Promise<{ result: Result } & AfterCommit>,
  now: Date,
): Promise<{ result: Result; outcomes: Map<number, ChargeOutcome> }> => {
  const { result, emails, chargeIds, locked } = await billing.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, clubId);
    return { ...(await change(tx, subscription)), locked: subscription };
  });
  const outcomes = await afterCommit(billing, { locked, emails, chargeIds }, now);
  return { result, outcomes };
};

/** One event of the rules on the club, stored, and its charges sent. */
export const applyEvent = async (
  billing: Billing,
  clubId: number,
  event: SubscriptionEvent,
  now: Date,
  options: TransitionOptions = {},
) =>
  changeSubscription(
    billing,
    clubId,
    async (tx, locked) => {
      const done = await transition(tx, locked, event, now, options);
      return { result: done.state, emails: done.emails, chargeIds: done.chargeIds };
    },
    now,
  );

/**
 * Hands a pending charge to the provider, once: the claim (`sent_at`) is taken in one statement, so of two
 * processes only one sends; one claimed long ago and never answered is sent again with the same
 * idempotency key, which the provider answers without charging twice. Answers the outcome recorded.
 */
export const sendCharge = async (
  billing: Billing,
  chargeId: number,
  now: Date,
): Promise<ChargeOutcome | null> => {
  const charge = await claimCharge(billing.db, chargeId, now);
  if (!charge) return null;
  const method = await primaryMethodOf(billing.db, charge.clubId);
  let outcome: ChargeOutcome;
  if (!method) outcome = { status: 'failed', paymentId: null, code: 'declined' };
  else {
    try {
      outcome = await billing.provider.charge({
        customerId: method.customerId,
        methodId: method.providerMethodId,
        amountCents: charge.amountCents,
        currency: charge.currency,
        idempotencyKey: `charge-${charge.id}`,
        isOnSession: charge.reason !== 'renewal',
        description: `Carta Smart ${charge.periodStart.toISOString().slice(0, 10)} – ${charge.periodEnd.toISOString().slice(0, 10)}`,
        metadata: { chargeId: String(charge.id), clubId: String(charge.clubId) },
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // Left claimed: the job runner sends it again later with the same idempotency key.
      billing.log.warn({ err: error, chargeId }, 'payment provider unavailable, charge will be sent again');
      return null;
    }
  }
  await recordOutcome(billing, chargeId, outcome, now);
  return outcome;
};

/**
 * The provider's answer to a charge, at once or through an event: stored on the charge and given to the
 * rules, once (an answer to a charge already answered changes nothing). A success the rules no longer
 * wait for (the club became Free meanwhile) is refunded whole, on its own (0063).
 */
export const recordOutcome = async (
  billing: Billing,
  chargeId: number,
  outcome: ChargeOutcome,
  now: Date,
): Promise<void> => {
  if (outcome.status === 'processing') {
    await recordProcessing(billing.db, chargeId, outcome.paymentId, now);
    return;
  }
  const clubId = await clubOfCharge(billing.db, chargeId);
  if (clubId === null) return;
  const { result: lateRefundId } = await changeSubscription<number | null | undefined>(
    billing,
    clubId,
    async (tx, locked) => {
      const charge = await lockCharge(tx, chargeId);
      const idle = { result: undefined, emails: [], chargeIds: [] };
      if (!charge || charge.status === 'succeeded' || charge.status === 'failed') return idle;
      const wasDropped = charge.status === 'dropped';
      await storeAnswer(tx, charge, outcome, now);
      if (wasDropped) {
        // Given back on its own, sent after the commit (0063).
        if (outcome.status === 'succeeded')
          return { ...idle, result: await recordLateSuccessRefund(tx, charge) };
        return idle;
      }
      const periodStart = charge.periodStart.toISOString();
      const event: SubscriptionEvent =
        outcome.status === 'succeeded'
          ? { type: 'paymentSucceeded', periodStart }
          : {
              type: 'paymentFailed',
              periodStart,
              code: outcome.status === 'requiresAction' ? 'authenticationRequired' : outcome.code,
            };
      try {
        const done = await transition(tx, locked, event, now);
        if (outcome.status === 'succeeded') await issueInvoice(tx, charge, now, billing.seller);
        return { result: undefined, emails: done.emails, chargeIds: done.chargeIds };
      } catch (error) {
        if (outcome.status === 'succeeded') {
          billing.log.warn(
            { chargeId, err: error },
            'payment succeeded after the subscription gave it up: refunded',
          );
          return { ...idle, result: await recordLateSuccessRefund(tx, charge) };
        }
        billing.log.warn({ chargeId, err: error }, 'payment answer not taken by the rules');
        return idle;
      }
    },
    now,
  );
  if (lateRefundId) await sendRefund(billing, lateRefundId, now);
};

/** A verified provider event (webhook, or the sandbox in process), acted on once per event id. */
export const handleProviderEvent = async (billing: Billing, event: ProviderEvent, now: Date) => {
  const [fresh] = await billing.db
    .insert(paymentEvents)
    .values({ provider: billing.provider.name, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (!fresh || event.type === 'ignored') return;
  const chargeId = event.chargeId ?? (await chargeOfPayment(billing.db, event.paymentId));
  if (chargeId === null) {
    billing.log.warn({ event }, 'payment event for no known charge');
    return;
  }
  await recordOutcome(
    billing,
    chargeId,
    event.type === 'paymentSucceeded'
      ? { status: 'succeeded', paymentId: event.paymentId }
      : { status: 'failed', paymentId: event.paymentId, code: event.code },
    now,
  );
};

/**
 * Runs the jobs due by `now`: each club's in its own transaction, claimed with FOR UPDATE SKIP LOCKED so
 * that processes running at once share the work and never run one job twice; then charges claimed long
 * ago and never answered are sent again. Answers how many jobs ran.
 */
export const runDueJobs = async (billing: Billing, now: Date): Promise<number> => {
  let ran = 0;
  for (const clubId of await clubsWithDueJobs(billing.db, now)) {
    try {
      const { result } = await changeSubscription(
        billing,
        clubId,
        async (tx, locked) => {
          if (!(await claimDueJob(tx, clubId, now))) return { result: false, emails: [], chargeIds: [] };
          const done = await transition(tx, locked, { type: 'timePasses' }, now);
          return { result: true, emails: done.emails, chargeIds: done.chargeIds };
        },
        now,
      );
      if (result) ran += 1;
    } catch (error) {
      billing.log.error({ err: error, clubId }, 'billing job failed; retried later');
      await postponeJob(billing.db, clubId, now, error);
    }
  }
  for (const id of await staleChargeIds(billing.db, now)) await sendCharge(billing, id, now);
  await remindExpiringCards(billing, now);
  return ran;
};
