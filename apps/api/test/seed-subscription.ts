import type { SubscriptionState } from '@carta/contract/subscription-rules';
import type { Database } from '../src/db/client.ts';
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
