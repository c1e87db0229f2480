import type { PaymentMethod } from '@carta/contract/billing';
import type { CurrentPaymentState, PaymentPlan } from '@carta/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { failureMessage } from '../../../lib/use-mutation-with-toast.ts';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment.ts';
import { waitForPaymentOutcome } from '../api/get-payment-state.ts';
import { useMakePrimaryPaymentMethod } from '../api/make-primary-payment-method.ts';
import { useSubscribe } from '../api/subscribe.ts';
import { paymentErrorKey } from '../billing-format.ts';
import { confirmStripePayment } from '../stripe-client.ts';
import {
  cardOf,
  type FlowMode,
  flowPlans,
  flowReducer,
  initialFlow,
  initialPlanId,
  nextStep,
  previousStep,
  type Settlement,
  settlementAfterNewCard,
  settlementOf,
  startsOn,
  stepsOf,
} from './payment-flow.ts';

export type PaymentFlowInput = {
  clubId: string;
  /** Judged once as the screen opened: the flow runs to its end while the state changes under it. */
  mode: FlowMode;
  state: CurrentPaymentState;
  plans: PaymentPlan[];
  methods: PaymentMethod[];
  requestedPlanId: number | null;
};

/**
 * The payment flow's one hook: plan → card → confirm and pay, the bank's confirmation (the sandbox's
 * dialog or Stripe's), then the outcome. Its decisions are the pure functions of payment-flow.ts.
 */
export const usePaymentFlow = ({
  clubId,
  mode,
  state,
  plans,
  methods,
  requestedPlanId,
}: PaymentFlowInput) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const subscribe = useSubscribe(clubId);
  const makePrimary = useMakePrimaryPaymentMethod(clubId);
  const confirmSandbox = useConfirmSandboxPayment();
  const offered = flowPlans(mode, state, plans);
  const [flow, dispatch] = useReducer(flowReducer, null, () =>
    initialFlow(initialPlanId(offered, requestedPlanId, state.paymentPlan?.id ?? null)),
  );
  const selected = offered.find((entry) => entry.plan.id === flow.planId) ?? offered[0];
  const steps = stepsOf(selected?.choice);
  const method = cardOf(methods, flow.chosenMethodId);
  const genericFailure = (error: unknown) => failureMessage(error, t('errors.GENERIC_TRY_LATER'));

  const apply = (settlement: Settlement) => {
    if (settlement.kind === 'failed')
      dispatch({ type: 'fail', message: t(paymentErrorKey(settlement.code)) });
    else dispatch({ type: 'end', outcome: settlement });
  };
  /** The outcome once the payment has one (a pending one asked again a few times). */
  const settle = async (after?: CurrentPaymentState) =>
    apply(settlementOf(after ?? (await waitForPaymentOutcome(queryClient, clubId))));

  const working = async (work: () => Promise<void>) => {
    dispatch({ type: 'start' });
    try {
      await work();
    } finally {
      dispatch({ type: 'stop' });
    }
  };

  // Not useMutationWithToast here or below: every outcome, a failure too, is a step of the flow's state.
  const pay = () =>
    working(async () => {
      if (!selected) return;
      try {
        const result = await subscribe.mutateAsync({ paymentPlanId: selected.plan.id });
        if (!result.action) {
          const after = result.state.paymentPending
            ? await waitForPaymentOutcome(queryClient, clubId)
            : result.state;
          return apply(settlementOf(after));
        }
        if (result.action.provider === 'sandbox') return dispatch({ type: 'askBank', action: result.action });
        const failure = await confirmStripePayment(result.action);
        if (failure !== null)
          return dispatch({ type: 'fail', message: failure || t('errors.GENERIC_TRY_LATER') });
        await settle();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'PAYMENT_METHOD_REQUIRED')
          dispatch({ type: 'goTo', step: 'card' });
        // Paid meanwhile (a new card retries a failed renewal by itself).
        if (error instanceof ApiError && error.code === 'PAYMENT_NOT_FAILED' && mode === 'payAgain')
          return settle();
        dispatch({ type: 'fail', message: genericFailure(error) });
      }
    });

  const answer = async (approve: boolean) => {
    if (!flow.action) return;
    dispatch({ type: 'answer', approve });
    try {
      const { paymentId, clientSecret } = flow.action;
      await confirmSandbox.mutateAsync({ paymentId, clientSecret, approve });
      dispatch({ type: 'answered' });
      await settle();
    } catch (error) {
      dispatch({ type: 'answered' });
      dispatch({ type: 'fail', message: genericFailure(error) });
    }
  };

  const checkAgain = () =>
    working(async () => settle(await waitForPaymentOutcome(queryClient, clubId, { attempts: 3 })));

  /** From the card step: the chosen card becomes the primary one, which the subscription charges. */
  const toConfirm = async () => {
    if (!method) return;
    dispatch({ type: 'clearError' });
    if (!method.isPrimary) {
      try {
        await makePrimary.mutateAsync(method.id);
      } catch (error) {
        return dispatch({ type: 'fail', message: genericFailure(error) });
      }
    }
    dispatch({ type: 'goTo', step: nextStep(steps, 'card') });
  };

  const cardSaved = async (saved: PaymentMethod) => {
    dispatch({ type: 'chooseCard', methodId: saved.id });
    // After a failed renewal the server charges the new card at once.
    if (mode !== 'payAgain') return;
    const settlement = settlementAfterNewCard(mode, await waitForPaymentOutcome(queryClient, clubId));
    if (settlement) apply(settlement);
  };

  return {
    flow,
    offered,
    plan: selected?.plan,
    steps,
    method,
    startsOn: startsOn(state),
    isMakingPrimary: makePrimary.isPending,
    choosePlan: (planId: number) => dispatch({ type: 'choosePlan', planId }),
    chooseCard: (methodId: number) => dispatch({ type: 'chooseCard', methodId }),
    next: () => dispatch({ type: 'goTo', step: nextStep(steps, flow.step) }),
    back: () => dispatch({ type: 'goTo', step: previousStep(steps, flow.step) }),
    otherCard: () => {
      dispatch({ type: 'clearError' });
      dispatch({ type: 'goTo', step: 'card' });
    },
    toConfirm: () => void toConfirm(),
    pay: () => void pay(),
    answer: (approve: boolean) => void answer(approve),
    checkAgain: () => void checkAgain(),
    cardSaved: (saved: PaymentMethod) => void cardSaved(saved),
  };
};

export type PaymentFlowModel = ReturnType<typeof usePaymentFlow>;
