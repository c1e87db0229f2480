import { nextWakeUp, type SubscriptionState } from '@carta/contract/subscription-rules';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { billingJobs } from '../../db/schema.ts';

// The one due job per club (docs/decisions/0049-subscriptions-stored-and-run.md): what the rules'
// `nextWakeUp` says of the stored state, claimed with FOR UPDATE SKIP LOCKED when it falls due.

const BATCH = 50;
/** A job that failed is tried again this much later. */
const RETRY_AFTER_MS = 5 * 60 * 1000;

/** The club's one due job, as the state asks: replaced, or removed when it asks for none. */
export const writeJob = async (tx: Transaction, clubId: number, state: SubscriptionState) => {
  const next = nextWakeUp(state);
  if (!next) {
    await tx.delete(billingJobs).where(eq(billingJobs.clubId, clubId));
    return;
  }
  const values = { job: next.job, dueAt: new Date(next.at), attempts: 0, lastError: null };
  await tx
    .insert(billingJobs)
    .values({ clubId, ...values })
    .onConflictDoUpdate({ target: billingJobs.clubId, set: values });
};

/** The clubs whose job is due by `now`, the oldest first. */
export const clubsWithDueJobs = async (db: Database, now: Date) =>
  (
    await db
      .select({ clubId: billingJobs.clubId })
      .from(billingJobs)
      .where(lte(billingJobs.dueAt, now))
      .orderBy(asc(billingJobs.dueAt))
      .limit(BATCH)
  ).map(({ clubId }) => clubId);

/** The club's due job, locked for this transaction; undefined when another process holds it or it moved. */
export const claimDueJob = async (tx: Transaction, clubId: number, now: Date) => {
  const [job] = await tx
    .select()
    .from(billingJobs)
    .where(and(eq(billingJobs.clubId, clubId), lte(billingJobs.dueAt, now)))
    .for('update', { skipLocked: true });
  return job;
};

/** A job that failed, tried again later. */
export const postponeJob = (db: Database, clubId: number, now: Date, error: unknown) =>
  db
    .update(billingJobs)
    .set({ dueAt: new Date(now.getTime() + RETRY_AFTER_MS), lastError: String(error) })
    .where(eq(billingJobs.clubId, clubId));
