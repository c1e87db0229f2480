import { vatOfCents } from '@carta/contract/payments';
import { type BillingPlan, FREEMIUM, type SubscriptionState } from '@carta/contract/subscription-rules';
import type { subscriptions } from '../../db/schema.ts';

// The subscription state as stored (docs/decisions/0049-subscriptions-stored-and-run.md): the rules' state in
// `subscriptions.state`, or, for a row written before it was kept, one derived from the row's columns.

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The state of a row written before the rules were stored (and of rows tests seed as a plain period):
 * Smart until `currentPeriodEnd`, renewing only when it names a plan.
 */
const legacyState = (
  row: SubscriptionRow | null,
  plan: { months: number; priceCents: number; vatBasisPoints: number } | null,
  now: Date,
): SubscriptionState => {
  if (!row) return FREEMIUM;
  if (row.currentPeriodEnd.getTime() <= now.getTime())
    return { status: 'freemium', lapsed: 'expired', paymentErrorCode: null };
  const periodEnd = row.currentPeriodEnd.toISOString();
  const periodStart = row.createdAt.toISOString();
  if (row.kind === 'partner')
    return {
      status: 'partner',
      brandId: row.sponsorBrandId ?? 0,
      periodStart,
      periodEnd,
      reminded: false,
      nextPlan: null,
    };
  const billing: BillingPlan = {
    id: row.paymentPlanId ?? 0,
    months: plan?.months ?? 1,
    amountCents: plan ? plan.priceCents + vatOfCents(plan.priceCents, plan.vatBasisPoints) : 1,
  };
  if (row.paymentFailedAt && plan)
    return {
      status: 'paymentFailed',
      plan: billing,
      periodEnd,
      charge: { planId: billing.id, amountCents: billing.amountCents, periodStart: periodEnd, periodEnd },
      failedAt: row.paymentFailedAt.toISOString(),
      paymentErrorCode: row.paymentErrorCode === 'insufficientFunds' ? 'insufficientFunds' : 'declined',
      retrying: false,
    };
  if (row.isRenewalCancelled || !plan)
    return { status: 'renewalCancelled', plan: billing, periodStart, periodEnd };
  return { status: 'paid', plan: billing, periodStart, periodEnd, reminded: false, renewal: null };
};

/** The club's subscription state: an early adopter's whatever the row says, else the stored one. */
export const storedState = (
  row: SubscriptionRow | null,
  plan: { months: number; priceCents: number; vatBasisPoints: number } | null,
  freeForever: boolean,
  now: Date,
): SubscriptionState => {
  if (freeForever) return { status: 'earlyAdopter' };
  return row?.state ?? legacyState(row, plan, now);
};
