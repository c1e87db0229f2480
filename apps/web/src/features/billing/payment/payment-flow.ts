import type { PaymentAction, PaymentMethod } from '@carta/contract/billing';
import type { CurrentPaymentState, PaymentPlan, PlanChoice } from '@carta/contract/payments';

// The payment screen's logic, as pure functions the hook (use-payment-flow.ts) runs and the unit tests
// check. What the screen is for, which plans it offers and whether a payment went through are the
// server's answers (`paymentScreen`, `planChoices`, docs/decisions/0064-one-owner-of-subscription-rules.md);
// this only moves between the steps and reads those answers (docs/decisions/0065-payment-screen-renders-
// the-server.md).

export type PaymentScreenMode = CurrentPaymentState['paymentScreen'];

/** The modes that run the three-step flow; the others show one panel. */
export type FlowMode = Extract<PaymentScreenMode, 'subscribe' | 'payAgain'>;

export type ScreenPanel = 'flow' | 'cards' | 'pending' | 'nothingToPay';

/** What the screen shows for the mode the server gave as it opened, and its subtitle's key. */
export const screenContent = (
  mode: PaymentScreenMode,
): { panel: ScreenPanel; subtitleKey: `payment.subtitle.${PaymentScreenMode}` } => ({
  panel: mode === 'subscribe' || mode === 'payAgain' ? 'flow' : mode,
  subtitleKey: `payment.subtitle.${mode}`,
});

/** The choices each flow carries out: subscribing (or confirming a first payment), or paying again. */
const FLOW_KINDS: Record<FlowMode, readonly PlanChoice['kind'][]> = {
  subscribe: ['subscribe', 'confirm'],
  payAgain: ['payAgain'],
};

/** The plans the flow may pay, in the catalogue's order, each with the server's choice for it. */
export const flowPlans = (
  mode: FlowMode,
  state: Pick<CurrentPaymentState, 'planChoices' | 'paymentPlan'>,
  plans: readonly PaymentPlan[],
): { plan: PaymentPlan; choice: PlanChoice }[] => {
  const chosen = plans.flatMap((plan) => {
    const choice = state.planChoices.find((candidate) => candidate.paymentPlanId === plan.id);
    return choice && FLOW_KINDS[mode].includes(choice.kind) ? [{ plan, choice }] : [];
  });
  // The failed renewal's plan may have left the catalogue since: it is still the one to pay.
  if (chosen.length === 0 && mode === 'payAgain' && state.paymentPlan) {
    const choice = state.planChoices.find((candidate) => candidate.paymentPlanId === state.paymentPlan?.id);
    if (choice?.kind === 'payAgain') return [{ plan: state.paymentPlan, choice }];
  }
  return chosen;
};

/** The plan selected first: the one asked for in `?plan=`, else the club's own, else the first. */
export const initialPlanId = (
  offered: readonly { plan: Pick<PaymentPlan, 'id'> }[],
  requestedPlanId: number | null,
  currentPlanId: number | null,
): number | null => {
  const ids = offered.map((entry) => entry.plan.id);
  if (requestedPlanId !== null && ids.includes(requestedPlanId)) return requestedPlanId;
  if (currentPlanId !== null && ids.includes(currentPlanId)) return currentPlanId;
  return ids[0] ?? null;
};

export type Step = 'plan' | 'card' | 'confirm';

/** The steps of a choice: the card step only when it charges a card (a payment to confirm does not). */
export const stepsOf = (choice: Pick<PlanChoice, 'needsCard'> | undefined): Step[] =>
  choice && !choice.needsCard ? ['plan', 'confirm'] : ['plan', 'card', 'confirm'];

/** The step after `step` (the last one stays). */
export const nextStep = (steps: readonly Step[], step: Step): Step =>
  steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)] ?? step;

/** The step before `step` (the first one stays). */
export const previousStep = (steps: readonly Step[], step: Step): Step =>
  steps[Math.max(steps.indexOf(step) - 1, 0)] ?? step;

/** The card the payment uses: the one chosen, else the primary, else the first saved. */
export const cardOf = (
  methods: readonly PaymentMethod[],
  chosenId: number | null,
): PaymentMethod | undefined =>
  methods.find((method) => method.id === chosenId) ??
  methods.find((method) => method.isPrimary) ??
  methods[0];

/** How a payment ended, as the server's state after it tells. */
export type Settlement =
  | { kind: 'success'; state: CurrentPaymentState }
  | { kind: 'processing' }
  /** `code`: the server's `paymentErrorCode`, for its words. */
  | { kind: 'failed'; code: string | null };

/**
 * The outcome a state after paying means: nothing left to pay (the screen would only manage cards now)
 * is success; a payment still out is processing; the same thing still to pay is a failure.
 */
export const settlementOf = (after: CurrentPaymentState): Settlement => {
  if (after.paymentScreen === 'cards' || after.paymentScreen === 'nothingToPay')
    return { kind: 'success', state: after };
  if (after.paymentScreen === 'pending' || after.paymentPending) return { kind: 'processing' };
  return { kind: 'failed', code: after.paymentErrorCode };
};

/** After a new card during a failed renewal (the server charges it at once): the outcome, if it has one. */
export const settlementAfterNewCard = (mode: FlowMode, after: CurrentPaymentState): Settlement | null => {
  if (mode !== 'payAgain') return null;
  const settlement = settlementOf(after);
  return settlement.kind === 'failed' ? null : settlement;
};

/** Which words the success panel uses: a partner's club chose what follows, a renewal was paid, or new Smart. */
export const successKind = (
  mode: FlowMode,
  final: Pick<CurrentPaymentState, 'status'>,
): 'partner' | 'paidAgain' | 'subscribed' =>
  final.status === 'partner' ? 'partner' : mode === 'payAgain' ? 'paidAgain' : 'subscribed';

/** When the chosen plan starts: at the end of a partner's offer (nothing charged before), else now. */
export const startsOn = (state: Pick<CurrentPaymentState, 'status' | 'subscriptionExpiration'>) =>
  state.status === 'partner' ? state.subscriptionExpiration : null;

export type Outcome = { kind: 'success'; state: CurrentPaymentState } | { kind: 'processing' };

/** Everything the flow remembers between renders. */
export type Flow = {
  step: Step;
  /** The owner has moved between steps: from then on a new step takes the focus. */
  hasMoved: boolean;
  planId: number | null;
  /** The card the owner picked; null: the primary one. */
  chosenMethodId: number | null;
  error: string | null;
  outcome: Outcome | null;
  /** A payment that waits for the bank's confirmation in the sandbox's dialog. */
  action: PaymentAction | null;
  /** The answer on its way to the sandbox's dialog (approve or refuse), if any. */
  answering: boolean | null;
  isWorking: boolean;
};

export type FlowEvent =
  | { type: 'goTo'; step: Step }
  | { type: 'choosePlan'; planId: number }
  | { type: 'chooseCard'; methodId: number }
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'fail'; message: string }
  | { type: 'clearError' }
  | { type: 'askBank'; action: PaymentAction }
  | { type: 'answer'; approve: boolean }
  | { type: 'answered' }
  | { type: 'end'; outcome: Outcome };

export const initialFlow = (planId: number | null): Flow => ({
  step: 'plan',
  hasMoved: false,
  planId,
  chosenMethodId: null,
  error: null,
  outcome: null,
  action: null,
  answering: null,
  isWorking: false,
});

export const flowReducer = (flow: Flow, event: FlowEvent): Flow => {
  switch (event.type) {
    case 'goTo':
      return { ...flow, step: event.step, hasMoved: true };
    case 'choosePlan':
      return { ...flow, planId: event.planId };
    case 'chooseCard':
      return { ...flow, chosenMethodId: event.methodId };
    case 'start':
      return { ...flow, isWorking: true, error: null };
    case 'stop':
      return { ...flow, isWorking: false };
    case 'fail':
      return { ...flow, error: event.message };
    case 'clearError':
      return { ...flow, error: null };
    case 'askBank':
      return { ...flow, action: event.action };
    case 'answer':
      return { ...flow, answering: event.approve };
    case 'answered':
      return { ...flow, action: null, answering: null };
    case 'end':
      return { ...flow, outcome: event.outcome, error: null };
  }
};
