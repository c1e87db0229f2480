import type { Brand } from '@carta/contract/clubs';
import type {
  CurrentPaymentState,
  PaymentPlan,
  PlanChoice,
  SubscriptionSummary,
} from '@carta/contract/payments';
import {
  billedPlan,
  planChoice,
  type SubscriptionState,
  subscriptionView,
} from '@carta/contract/subscription-rules';

// The club's payment state as the owner's screens read it. Every answer comes from the subscription rules
// (`subscriptionView`, `planChoice`: docs/decisions/0064-one-owner-of-subscription-rules.md); this only
// shapes them for the contract.

/** What the club's payment state is made of, as the store reads it. */
export type PaymentStateInputs = {
  clubId: number;
  brand: Brand | null;
  partnerBrand: Brand | null;
  state: SubscriptionState;
  /** The plan the state bills (after a partner period: the one chosen for then), priced for the club. */
  plan: PaymentPlan | null;
  /** The plans offered to the club now. */
  offered: PaymentPlan[];
};

const day = (instant: string | null) => (instant ? instant.slice(0, 10) : null);

/** One plan's button, as the contract carries it. */
const choiceOf = (state: SubscriptionState, plan: PaymentPlan, now: Date): PlanChoice => {
  const choice = planChoice(state, plan, now);
  return {
    paymentPlanId: plan.id,
    kind: choice.kind,
    needsCard: 'needsCard' in choice ? choice.needsCard : false,
    label: choice.kind === 'current' ? choice.label : null,
    reason: choice.kind === 'unavailable' ? choice.reason : null,
  };
};

/** GET /clubs/{clubId}/payments/plans/current, decided at `now` by the rules. */
export const paymentState = (inputs: PaymentStateInputs, now: Date): CurrentPaymentState => {
  const { state, plan } = inputs;
  const view = subscriptionView(state, now);
  const isEarlyAdopter = view.status === 'earlyAdopter';
  const kind = isEarlyAdopter
    ? 'earlyAdopter'
    : !view.isSmart
      ? 'free'
      : view.status === 'partner'
        ? 'partner'
        : 'paid';
  return {
    id: inputs.clubId,
    brand: inputs.brand,
    freeForever: isEarlyAdopter,
    paymentPending: view.paymentPending,
    paymentErrorCode: view.paymentErrorCode,
    paymentPlan: view.status === 'partner' && state.status === 'partner' && !state.nextPlan ? null : plan,
    subscriptionEnabled: view.isSmart && (kind === 'paid' || kind === 'partner'),
    subscriptionExpiration: day(view.periodEnd),
    kind,
    isSmart: view.isSmart,
    partnerBrand: view.status === 'partner' ? inputs.partnerBrand : null,
    renewalDate: view.nextInvoice && view.status !== 'paymentFailed' ? day(view.nextInvoice.on) : null,
    renewalCancelled: view.status === 'renewalCancelled',
    nextInvoiceCents: view.nextInvoice?.cents ?? null,
    currency: plan?.currency ?? (view.nextInvoice ? 'EUR' : null),
    daysBeforeDeactivation: view.daysBeforeDeactivation,
    status: view.status,
    cancelUntil: day(view.cancelUntil),
    canReactivate: view.canReactivate,
    paymentScreen: view.paymentScreen,
    planChoices: inputs.offered.map((offered) => choiceOf(state, offered, now)),
  };
};

/** A club's subscription in a list, as the rules read it at `now`. */
export const subscriptionSummary = (state: SubscriptionState, now: Date): SubscriptionSummary => {
  const view = subscriptionView(state, now);
  return {
    status: view.status,
    isSmart: view.isSmart,
    periodEnd: day(view.periodEnd),
    planMonths: billedPlan(state)?.months ?? null,
  };
};
