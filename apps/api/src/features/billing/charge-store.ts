import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { charges } from '../../db/schema.ts';
import type { ChargeOutcome } from './provider.ts';

// Every read and write of `charges` (docs/decisions/0049-subscriptions-stored-and-run.md): a charge is
// written in the transaction that stored the state which asked for it, claimed before it is sent, and
// answered once.

export type ChargeRow = typeof charges.$inferSelect;
export type ChargeReason = 'first' | 'renewal' | 'retry';

/** A charge claimed but not answered by then (a crash, a provider that did not answer) is sent again. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;
const BATCH = 50;

const resendable = (now: Date) =>
  or(isNull(charges.sentAt), lt(charges.sentAt, new Date(now.getTime() - RESEND_AFTER_MS)));

/** A charge the rules asked for, to send once the transaction commits. */
export const insertCharge = async (
  tx: Transaction,
  values: {
    clubId: number;
    paymentPlanId: number;
    amountCents: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
    reason: ChargeReason;
  },
) => {
  const [charge] = await tx.insert(charges).values(values).returning({ id: charges.id });
  return charge?.id ?? null;
};

/**
 * Charges no longer waited for (the renewal was cancelled during a failure, the club became an early
 * adopter) are not sent; one already sent gets its answer refused by the rules.
 */
export const dropChargesNotWaited = (
  tx: Transaction,
  clubId: number,
  waitedPeriodStart: string | null,
  now: Date,
) =>
  tx
    .update(charges)
    .set({ status: 'dropped', updatedAt: now })
    .where(
      and(
        eq(charges.clubId, clubId),
        inArray(charges.status, ['pending', 'requiresAction']),
        ...(waitedPeriodStart ? [ne(charges.periodStart, new Date(waitedPeriodStart))] : []),
      ),
    );

/**
 * Claims a pending charge for sending, in one statement, so of two processes only one sends; one claimed
 * long ago and never answered can be claimed again. Undefined when it is not there to send.
 */
export const claimCharge = async (db: Database, chargeId: number, now: Date) => {
  const [charge] = await db
    .update(charges)
    .set({ sentAt: now, updatedAt: now })
    .where(and(eq(charges.id, chargeId), eq(charges.status, 'pending'), resendable(now)))
    .returning();
  return charge;
};

/** The provider is still working on it: its payment id, kept for the event that will answer. */
export const recordProcessing = (db: Database, chargeId: number, paymentId: string, now: Date) =>
  db
    .update(charges)
    .set({ providerPaymentId: paymentId, updatedAt: now })
    .where(and(eq(charges.id, chargeId), isNull(charges.providerPaymentId)));

export const clubOfCharge = async (db: Executor, chargeId: number) => {
  const [charge] = await db.select({ clubId: charges.clubId }).from(charges).where(eq(charges.id, chargeId));
  return charge?.clubId ?? null;
};

export const lockCharge = async (tx: Transaction, chargeId: number): Promise<ChargeRow | undefined> => {
  const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
  return charge;
};

/** The provider's answer, stored on the charge (a dropped one stays dropped). */
export const storeAnswer = (
  tx: Transaction,
  charge: ChargeRow,
  outcome: Exclude<ChargeOutcome, { status: 'processing' }>,
  now: Date,
) =>
  tx
    .update(charges)
    .set({
      status: charge.status === 'dropped' ? 'dropped' : outcome.status,
      providerPaymentId: outcome.paymentId ?? charge.providerPaymentId,
      clientSecret: outcome.status === 'requiresAction' ? outcome.clientSecret : null,
      errorCode: outcome.status === 'failed' ? outcome.code : null,
      updatedAt: now,
    })
    .where(eq(charges.id, charge.id));

export const chargeOfPayment = async (db: Executor, paymentId: string) => {
  const [charge] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(eq(charges.providerPaymentId, paymentId));
  return charge?.id ?? null;
};

/** Pending charges never sent, or claimed long ago and never answered: the job runner sends them again. */
export const staleChargeIds = async (db: Database, now: Date) =>
  (
    await db
      .select({ id: charges.id })
      .from(charges)
      .where(
        and(
          eq(charges.status, 'pending'),
          resendable(now),
          lt(charges.createdAt, new Date(now.getTime() - 60 * 1000)),
        ),
      )
      .limit(BATCH)
  ).map(({ id }) => id);

/** The latest charge of the club waiting for the owner's confirmation (authentication). */
export const chargeAwaitingConfirmation = async (db: Executor, clubId: number) => {
  const [charge] = await db
    .select({ providerPaymentId: charges.providerPaymentId, clientSecret: charges.clientSecret })
    .from(charges)
    .where(and(eq(charges.clubId, clubId), eq(charges.status, 'requiresAction')))
    .orderBy(desc(charges.id))
    .limit(1);
  return charge;
};

/** The sandbox's test clock: the club's waiting charges move `ms` earlier, in one statement. */
export const shiftWaitingCharges = (tx: Transaction, clubId: number, ms: number) => {
  const shift = sql`make_interval(secs => ${ms / 1000})`;
  return tx
    .update(charges)
    .set({
      periodStart: sql`${charges.periodStart} - ${shift}`,
      periodEnd: sql`${charges.periodEnd} - ${shift}`,
    })
    .where(and(eq(charges.clubId, clubId), inArray(charges.status, ['pending', 'requiresAction'])));
};
