import type { SubscriptionState } from '@carta/contract/subscription-rules';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { paymentPlans } from '../src/db/schema.ts';
import { lockSubscription, overwriteState } from '../src/features/billing/subscription-store.ts';

/**
 * Gives a club a subscription state as the store writes it (the state, its derived columns and its job),
 * without the rules' effects: for tests that need a club in a given state.
 */
export const seedSubscription = (db: Database, clubId: number, state: SubscriptionState, now = new Date()) =>
  db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, clubId);
    await overwriteState(tx, locked, state, now);
  });

const iso = (date: Date) => date.toISOString();

/** A paid period of `plan` ending at `end` (begun a month before), renewing. */
export const paidUntil = (
  end: Date,
  plan: { id: number; months: number; amountCents: number } = { id: 0, months: 1, amountCents: 2318 },
): SubscriptionState => ({
  status: 'paid',
  plan,
  periodStart: iso(new Date(end.getTime() - 30 * 24 * 3600 * 1000)),
  periodEnd: iso(end),
  reminded: false,
  renewal: null,
});

/** The enabled Italian plan of `months` (1 or 12), as the catalogue seeds it. */
export const italianPlan = async (db: Database, months: 1 | 12) => {
  const [plan] = await db
    .select()
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.isoCountryCode, 'IT'),
        eq(paymentPlans.months, months),
        eq(paymentPlans.enabled, true),
      ),
    );
  if (!plan) throw new Error(`no Italian ${months}-month plan`);
  return plan;
};
