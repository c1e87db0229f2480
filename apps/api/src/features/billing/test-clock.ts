import type { SubscriptionState } from '@carta/contract/subscription-rules';
import { notFound } from '../../lib/app-error.ts';
import type { Billing } from './billing-context.ts';
import { applyEvent } from './billing-service.ts';
import { shiftWaitingCharges } from './charge-store.ts';
import { loadPaymentState } from './payment-store.ts';
import { lockSubscription, overwriteState } from './subscription-store.ts';

// The sandbox's test clock (docs/decisions/0047-payment-provider.md): like Stripe's, it lets an owner or a
// test live a club's subscription days forward without waiting.

const DAY_MS = 24 * 60 * 60 * 1000;

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
    // The charges still waiting move with it.
    await shiftWaitingCharges(tx, clubId, ms);
  });
  // What fell due runs as the job would (a renewal more than a day late bills from now).
  await applyEvent(billing, clubId, { type: 'timePasses' }, now);
  return loadPaymentState(billing.db, clubId, now);
};
