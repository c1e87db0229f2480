import type { CurrentPaymentState, PaymentPlan, PlanChoice } from '@carta/contract/payments';

// What each plan's button does on the plan screen: the server decides it (`planChoices`, docs/decisions/
// 0064-one-owner-of-subscription-rules.md), this only maps each kind to its button and words
// (docs/decisions/0065-payment-screen-renders-the-server.md).

/** A text by its key, with what it needs. */
export type Label = { key: string; options?: Record<string, string | number> };

export type PlanAction =
  /** To the payment screen: subscribe (`?plan=` preselects it), pay a failed renewal again, confirm a payment. */
  | { type: 'link'; to: string; label: Label; isPrimary: boolean }
  /** The change-plan dialog (its preview first). */
  | { type: 'change'; label: Label }
  /** Restore the cancelled renewal as it was: nothing to confirm, nothing charged. */
  | { type: 'reactivate'; label: Label }
  /** Restore the cancelled renewal with another plan: a dialog says what changes. */
  | { type: 'reactivateWith'; label: Label }
  /** The club's plan: a chip. */
  | { type: 'current'; label: Label }
  /** Not now: the button disabled, the reason under it. */
  | { type: 'unavailable'; label: Label; reason: Label };

const periodOf = (months: number) => (months === 1 ? 'monthly' : months === 12 ? 'annual' : 'months');

export type PlanActionContext = {
  clubId: string;
  status: CurrentPaymentState['status'];
  /** The end of a partner's offer, formatted: when a plan chosen for afterwards starts. */
  offerEndsOn: string;
};

/** The button of one plan for the server's choice; null when the server gave no choice for it. */
export const planAction = (
  choice: PlanChoice | undefined,
  plan: Pick<PaymentPlan, 'id' | 'months' | 'saving'>,
  { clubId, status, offerEndsOn }: PlanActionContext,
): PlanAction | null => {
  const period = periodOf(plan.months);
  const count = { count: plan.months };
  const payment = `/clubs/${clubId}/payment`;
  const choose: Label = {
    key: `${status === 'partner' ? 'plan.chooseAfterPartner' : 'plan.choose'}.${period}`,
    options: count,
  };
  switch (choice?.kind) {
    case undefined:
      return null;
    case 'subscribe':
      return {
        type: 'link',
        to: `${payment}?plan=${plan.id}`,
        label: choose,
        isPrimary: plan.saving !== null,
      };
    case 'payAgain':
      return { type: 'link', to: payment, label: { key: 'plan.payAgain' }, isPrimary: true };
    case 'confirm':
      return {
        type: 'link',
        to: `${payment}?plan=${plan.id}`,
        label: { key: 'plan.status.confirmPayment' },
        isPrimary: true,
      };
    case 'change':
      return { type: 'change', label: { key: `plan.switchTo.${period}`, options: count } };
    case 'reactivate':
      return { type: 'reactivate', label: { key: `plan.reactivatePlan.${period}`, options: count } };
    case 'reactivateWith':
      return { type: 'reactivateWith', label: { key: `plan.reactivateWith.${period}`, options: count } };
    case 'current':
      return {
        type: 'current',
        label: { key: `plan.currentChip.${choice.label ?? 'active'}`, options: { date: offerEndsOn } },
      };
    case 'unavailable':
      return {
        type: 'unavailable',
        label: choose,
        reason: { key: `plan.unavailable.${choice.reason ?? 'paymentPending'}` },
      };
  }
};

/** The plan whose cancelled renewal the card's "reactivate" restores, when the server says it can be. */
export const reactivationPlanId = (
  state: Pick<CurrentPaymentState, 'canReactivate' | 'planChoices' | 'paymentPlan'>,
) =>
  state.canReactivate
    ? (state.planChoices.find((choice) => choice.kind === 'reactivate')?.paymentPlanId ??
      state.paymentPlan?.id ??
      null)
    : null;

/** The payment the bank waits to have confirmed, if any: the plan alert links to it. */
export const planToConfirm = (state: Pick<CurrentPaymentState, 'planChoices'>) =>
  state.planChoices.find((choice) => choice.kind === 'confirm')?.paymentPlanId ?? null;

/**
 * What the cancel button stops, for its words: a paid renewal, the plan chosen after a partner's offer,
 * or (during a failed renewal's countdown, when Smart ends at once) the subscription now.
 */
export const cancelKindOf = (status: CurrentPaymentState['status']): 'renewal' | 'partner' | 'now' =>
  status === 'partner' ? 'partner' : status === 'paymentFailed' ? 'now' : 'renewal';
