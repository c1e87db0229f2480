import type { Brand } from '@carta/contract/clubs';
import type { CurrentPaymentState, PaymentPlan } from '@carta/contract/payments';
import { daysBeforeDeactivation, isSmart, type SubscriptionState } from '@carta/contract/subscription-rules';

/** What the club's payment state is made of, as the store reads it. */
export type PaymentStateInputs = {
  clubId: number;
  freeForever: boolean;
  brand: Brand | null;
  partnerBrand: Brand | null;
  state: SubscriptionState;
  /** The plan the state bills (after a partner period: the one chosen for then), priced for the club. */
  plan: PaymentPlan | null;
};

const day = (instant: string) => instant.slice(0, 10);

/** The end of what is paid or offered; null when nothing is. */
const periodEndOf = (state: SubscriptionState): string | null => {
  switch (state.status) {
    case 'paid':
    case 'renewalCancelled':
    case 'paymentFailed':
    case 'partner':
      return state.periodEnd;
    default:
      return null;
  }
};

/** The next charge and when: a renewal that will happen, or the unpaid one of a failed payment. */
const nextInvoiceOf = (state: SubscriptionState): { on: string; cents: number } | null => {
  switch (state.status) {
    case 'paid':
      return { on: state.renewal?.charge.periodStart ?? state.periodEnd, cents: state.plan.amountCents };
    case 'partner':
      return state.nextPlan ? { on: state.periodEnd, cents: state.nextPlan.amountCents } : null;
    case 'paymentFailed':
      return { on: state.charge.periodStart, cents: state.charge.amountCents };
    default:
      return null;
  }
};

const errorCodeOf = (state: SubscriptionState) =>
  state.status === 'freemium' || state.status === 'paymentPending' || state.status === 'paymentFailed'
    ? state.paymentErrorCode
    : null;

/**
 * GET /clubs/{clubId}/payments/plans/current, decided at `now` from the rules' state
 * (@carta/contract/subscription-rules): Smart exactly when the rules say (a failed payment keeps it for
 * the countdown), a renewal date and an invoice due when a paid plan renews.
 */
export const paymentState = (inputs: PaymentStateInputs, now: Date): CurrentPaymentState => {
  const { state, plan } = inputs;
  const smart = inputs.freeForever || isSmart(state, now);
  const kind = inputs.freeForever
    ? 'earlyAdopter'
    : !smart
      ? 'free'
      : state.status === 'partner'
        ? 'partner'
        : 'paid';
  const periodEnd = periodEndOf(state);
  const next = inputs.freeForever || !smart ? null : nextInvoiceOf(state);
  return {
    id: inputs.clubId,
    brand: inputs.brand,
    freeForever: inputs.freeForever,
    paymentPending:
      state.status === 'paymentPending' ||
      (state.status === 'paid' && state.renewal !== null) ||
      (state.status === 'paymentFailed' && state.retrying),
    paymentErrorCode: errorCodeOf(state),
    paymentPlan: state.status === 'partner' && !state.nextPlan ? null : plan,
    subscriptionEnabled: !inputs.freeForever && smart && (kind === 'paid' || kind === 'partner'),
    subscriptionExpiration: periodEnd ? day(periodEnd) : null,
    kind,
    isSmart: smart,
    partnerBrand: state.status === 'partner' ? inputs.partnerBrand : null,
    renewalDate: next && state.status !== 'paymentFailed' ? day(next.on) : null,
    renewalCancelled: state.status === 'renewalCancelled',
    nextInvoiceCents: next?.cents ?? null,
    currency: plan?.currency ?? (next ? 'EUR' : null),
    daysBeforeDeactivation: inputs.freeForever ? null : daysBeforeDeactivation(state, now),
  };
};
