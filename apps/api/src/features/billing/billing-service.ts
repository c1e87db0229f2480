import type { Language } from '@carta/contract/limits';
import { formatCents } from '@carta/contract/payments';
import {
  type EmailKind,
  PAYMENT_FAILURE_GRACE_DAYS,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@carta/contract/subscription-rules';
import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { billingJobs, charges, paymentEvents } from '../../db/schema.ts';
import { formatLongDate } from '../../lib/long-date.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { billingEmail } from '../mail/templates.ts';
import { issueInvoice, type Seller } from './invoice-store.ts';
import { primaryMethodOf } from './payment-method-store.ts';
import type { ChargeOutcome, PaymentProvider, ProviderEvent } from './provider.ts';
import { ProviderUnavailableError } from './provider.ts';
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

export type Billing = {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  seller: Seller;
};

/** A charge claimed but not answered by then (a crash, a provider that did not answer) is sent again. */
const RESEND_AFTER_MS = 10 * 60 * 1000;
const JOB_BATCH = 50;

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
  await sendEmails(billing, locked, emails, now);
  const outcomes = new Map<number, ChargeOutcome>();
  for (const chargeId of chargeIds) {
    const outcome = await sendCharge(billing, chargeId, now);
    if (outcome) outcomes.set(chargeId, outcome);
  }
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
  const [charge] = await billing.db
    .update(charges)
    .set({ sentAt: now, updatedAt: now })
    .where(
      and(
        eq(charges.id, chargeId),
        eq(charges.status, 'pending'),
        or(isNull(charges.sentAt), lt(charges.sentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
      ),
    )
    .returning();
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
 * wait for (the club became Free meanwhile) is logged for a refund.
 */
export const recordOutcome = async (
  billing: Billing,
  chargeId: number,
  outcome: ChargeOutcome,
  now: Date,
): Promise<void> => {
  if (outcome.status === 'processing') {
    await billing.db
      .update(charges)
      .set({ providerPaymentId: outcome.paymentId, updatedAt: now })
      .where(and(eq(charges.id, chargeId), isNull(charges.providerPaymentId)));
    return;
  }
  const [known] = await billing.db
    .select({ clubId: charges.clubId })
    .from(charges)
    .where(eq(charges.id, chargeId));
  if (!known) return;
  await changeSubscription(
    billing,
    known.clubId,
    async (tx, locked) => {
      const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
      const idle = { result: undefined, emails: [], chargeIds: [] };
      if (!charge || charge.status === 'succeeded' || charge.status === 'failed') return idle;
      const wasDropped = charge.status === 'dropped';
      await tx
        .update(charges)
        .set({
          status: wasDropped ? 'dropped' : outcome.status,
          providerPaymentId: outcome.paymentId ?? charge.providerPaymentId,
          clientSecret: outcome.status === 'requiresAction' ? outcome.clientSecret : null,
          errorCode: outcome.status === 'failed' ? outcome.code : null,
          updatedAt: now,
        })
        .where(eq(charges.id, chargeId));
      if (wasDropped) {
        if (outcome.status === 'succeeded')
          billing.log.error(
            { chargeId, clubId: charge.clubId },
            'payment succeeded for a dropped charge: refund it',
          );
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
        if (outcome.status === 'succeeded')
          billing.log.error(
            { chargeId, clubId: charge.clubId, err: error },
            'payment succeeded after the subscription gave it up: refund it',
          );
        else billing.log.warn({ chargeId, err: error }, 'payment answer not taken by the rules');
        return idle;
      }
    },
    now,
  );
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

const chargeOfPayment = async (db: Database, paymentId: string) => {
  const [charge] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(eq(charges.providerPaymentId, paymentId));
  return charge?.id ?? null;
};

/** What the rules' state says of dates and money, for the emails. */
const emailDetails = (state: SubscriptionState, language: Language) => {
  const end =
    state.status === 'paid' || state.status === 'partner' || state.status === 'renewalCancelled'
      ? state.periodEnd
      : null;
  const date = end ? formatLongDate(end, language) : null;
  const plan = state.status === 'paid' ? state.plan : state.status === 'partner' ? state.nextPlan : null;
  const amount = plan ? formatCents(plan.amountCents, { language, currency: 'EUR' }) : null;
  return { date, amount };
};

const sendEmails = async (billing: Billing, locked: LockedSubscription, kinds: EmailKind[], now: Date) => {
  const language = locked.owner.language === 'en' ? 'en' : 'it';
  for (const kind of kinds) {
    const path = kind === 'paymentFailed' ? 'profile/billing' : 'profile/plan';
    try {
      await billing.mailer.send(
        billingEmail(kind, language, locked.owner.email, {
          name: locked.owner.name,
          clubName: locked.clubName,
          ...emailDetails(locked.state, language),
          days: PAYMENT_FAILURE_GRACE_DAYS,
          link: `${billing.publicUrl}/clubs/${locked.clubId}/${path}`,
        }),
      );
    } catch (error) {
      // The state is stored; a mail server hiccup must not undo it.
      billing.log.warn({ err: error, kind, clubId: locked.clubId, at: now }, 'billing email not sent');
    }
  }
};

/**
 * Runs the jobs due by `now`: each club's in its own transaction, claimed with FOR UPDATE SKIP LOCKED so
 * that processes running at once share the work and never run one job twice; then charges claimed long
 * ago and never answered are sent again. Answers how many jobs ran.
 */
export const runDueJobs = async (billing: Billing, now: Date): Promise<number> => {
  const due = await billing.db
    .select({ clubId: billingJobs.clubId })
    .from(billingJobs)
    .where(lte(billingJobs.dueAt, now))
    .orderBy(asc(billingJobs.dueAt))
    .limit(JOB_BATCH);
  let ran = 0;
  for (const { clubId } of due) {
    try {
      const { result } = await changeSubscription(
        billing,
        clubId,
        async (tx, locked) => {
          const [job] = await tx
            .select()
            .from(billingJobs)
            .where(and(eq(billingJobs.clubId, clubId), lte(billingJobs.dueAt, now)))
            .for('update', { skipLocked: true });
          if (!job) return { result: false, emails: [], chargeIds: [] };
          const done = await transition(tx, locked, { type: 'timePasses' }, now);
          return { result: true, emails: done.emails, chargeIds: done.chargeIds };
        },
        now,
      );
      if (result) ran += 1;
    } catch (error) {
      billing.log.error({ err: error, clubId }, 'billing job failed; retried later');
      await billing.db
        .update(billingJobs)
        .set({ dueAt: new Date(now.getTime() + 5 * 60 * 1000), lastError: String(error) })
        .where(eq(billingJobs.clubId, clubId));
    }
  }
  const stale = await billing.db
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.status, 'pending'),
        or(isNull(charges.sentAt), lt(charges.sentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
        lt(charges.createdAt, new Date(now.getTime() - 60 * 1000)),
      ),
    )
    .limit(JOB_BATCH);
  for (const { id } of stale) await sendCharge(billing, id, now);
  return ran;
};
