import type { PaymentMethod } from '@carta/contract/billing';
import type { CurrentPaymentState, PaymentPlan, PlanChoice } from '@carta/contract/payments';
import { describe, expect, it } from 'vitest';
import {
  cardOf,
  flowPlans,
  flowReducer,
  initialFlow,
  initialPlanId,
  nextStep,
  previousStep,
  screenContent,
  settlementAfterNewCard,
  settlementOf,
  startsOn,
  stepsOf,
  successKind,
} from '../src/features/billing/payment/payment-flow.ts';

const plan = (id: number, months: number): PaymentPlan => ({
  id,
  isoCountryCode: 'IT',
  months,
  price: months === 1 ? 19 : 190,
  vat: 22,
  currency: 'EUR',
  netCents: months === 1 ? 1900 : 19000,
  vatBasisPoints: 2200,
  vatCents: months === 1 ? 418 : 4180,
  grossCents: months === 1 ? 2318 : 23180,
  reverseCharge: false,
  saving: null,
});
const MONTHLY = plan(1, 1);
const ANNUAL = plan(2, 12);

const choice = (paymentPlanId: number, fields: Partial<PlanChoice>): PlanChoice => ({
  paymentPlanId,
  kind: 'subscribe',
  needsCard: true,
  label: null,
  reason: null,
  ...fields,
});

const state = (fields: Partial<CurrentPaymentState>): CurrentPaymentState => ({
  id: 7,
  brand: null,
  freeForever: false,
  paymentPending: false,
  paymentErrorCode: null,
  paymentPlan: null,
  subscriptionEnabled: false,
  subscriptionExpiration: null,
  kind: 'free',
  isSmart: false,
  partnerBrand: null,
  renewalDate: null,
  renewalCancelled: false,
  nextInvoiceCents: null,
  currency: null,
  daysBeforeDeactivation: null,
  status: 'freemium',
  cancelUntil: null,
  canReactivate: false,
  paymentScreen: 'subscribe',
  planChoices: [choice(1, {}), choice(2, {})],
  ...fields,
});

const card = (id: number, isPrimary: boolean): PaymentMethod =>
  ({ id, brand: 'visa', last4: String(4240 + id), expMonth: 12, expYear: 2035, isPrimary }) as PaymentMethod;

describe('what the payment screen shows for the mode the server gives', () => {
  it('runs the flow to subscribe or pay again, and one panel for the other modes', () => {
    expect(screenContent('subscribe')).toEqual({ panel: 'flow', subtitleKey: 'payment.subtitle.subscribe' });
    expect(screenContent('payAgain')).toEqual({ panel: 'flow', subtitleKey: 'payment.subtitle.payAgain' });
    expect(screenContent('cards').panel).toBe('cards');
    expect(screenContent('pending').panel).toBe('pending');
    expect(screenContent('nothingToPay')).toEqual({
      panel: 'nothingToPay',
      subtitleKey: 'payment.subtitle.nothingToPay',
    });
  });
});

describe('the plans the flow offers, from the server’s choices', () => {
  it('offers a Free club every plan it may subscribe to, in the catalogue’s order', () => {
    const offered = flowPlans('subscribe', state({}), [MONTHLY, ANNUAL]);
    expect(offered.map((entry) => entry.plan.id)).toEqual([1, 2]);
  });

  it('offers only the payment to confirm while the others are unavailable', () => {
    const pending = state({
      status: 'paymentPending',
      paymentPending: true,
      paymentErrorCode: 'authenticationRequired',
      planChoices: [
        choice(1, { kind: 'unavailable', needsCard: false, reason: 'paymentPending' }),
        choice(2, { kind: 'confirm', needsCard: false }),
      ],
    });
    const offered = flowPlans('subscribe', pending, [MONTHLY, ANNUAL]);
    expect(offered.map((entry) => [entry.plan.id, entry.choice.kind])).toEqual([[2, 'confirm']]);
  });

  it('pays again only the plan whose renewal failed, even when it left the catalogue', () => {
    const failed = state({
      status: 'paymentFailed',
      paymentScreen: 'payAgain',
      paymentPlan: ANNUAL,
      planChoices: [
        choice(1, { kind: 'unavailable', needsCard: false, reason: 'paymentFailed' }),
        choice(2, { kind: 'payAgain' }),
      ],
    });
    expect(flowPlans('payAgain', failed, [MONTHLY, ANNUAL]).map((entry) => entry.plan.id)).toEqual([2]);
    expect(flowPlans('payAgain', failed, [MONTHLY]).map((entry) => entry.plan.id)).toEqual([2]);
    expect(flowPlans('subscribe', failed, [MONTHLY, ANNUAL])).toEqual([]);
  });

  it('preselects the plan of ?plan= when offered, else the club’s own, else the first', () => {
    const offered = [{ plan: MONTHLY }, { plan: ANNUAL }];
    expect(initialPlanId(offered, 2, null)).toBe(2);
    expect(initialPlanId(offered, 99, null)).toBe(1);
    expect(initialPlanId(offered, 99, 2)).toBe(2);
    expect(initialPlanId(offered, null, null)).toBe(1);
    expect(initialPlanId([], 2, 2)).toBeNull();
  });
});

describe('steps', () => {
  it('asks for a card when the choice charges one, and skips it for a payment only to confirm', () => {
    expect(stepsOf(choice(1, { needsCard: true }))).toEqual(['plan', 'card', 'confirm']);
    expect(stepsOf(choice(1, { kind: 'confirm', needsCard: false }))).toEqual(['plan', 'confirm']);
    expect(stepsOf(undefined)).toEqual(['plan', 'card', 'confirm']);
  });

  it('moves forward and back within the steps, never past either end', () => {
    const three = stepsOf(choice(1, {}));
    expect(nextStep(three, 'plan')).toBe('card');
    expect(nextStep(three, 'card')).toBe('confirm');
    expect(nextStep(three, 'confirm')).toBe('confirm');
    expect(previousStep(three, 'confirm')).toBe('card');
    expect(previousStep(three, 'plan')).toBe('plan');
    const two = stepsOf(choice(1, { kind: 'confirm', needsCard: false }));
    expect(nextStep(two, 'plan')).toBe('confirm');
    expect(previousStep(two, 'confirm')).toBe('plan');
  });

  it('pays with the card chosen, else the primary one, else the first saved', () => {
    const methods = [card(1, false), card(2, true), card(3, false)];
    expect(cardOf(methods, 3)?.id).toBe(3);
    expect(cardOf(methods, null)?.id).toBe(2);
    expect(cardOf([card(5, false), card(6, false)], null)?.id).toBe(5);
    expect(cardOf([], null)).toBeUndefined();
  });
});

describe('the flow’s state', () => {
  it('starts on the plan step without taking the focus, then every move takes it', () => {
    const start = initialFlow(2);
    expect(start).toMatchObject({
      step: 'plan',
      hasMoved: false,
      planId: 2,
      outcome: null,
      isWorking: false,
    });
    const moved = flowReducer(start, { type: 'goTo', step: 'card' });
    expect(moved).toMatchObject({ step: 'card', hasMoved: true });
  });

  it('clears the error when work starts, keeps it after, and drops it with an outcome', () => {
    let flow = flowReducer(initialFlow(1), { type: 'fail', message: 'La carta è stata rifiutata' });
    expect(flow.error).toBe('La carta è stata rifiutata');
    flow = flowReducer(flow, { type: 'start' });
    expect(flow).toMatchObject({ isWorking: true, error: null });
    flow = flowReducer(flowReducer(flow, { type: 'fail', message: 'x' }), { type: 'stop' });
    expect(flow).toMatchObject({ isWorking: false, error: 'x' });
    flow = flowReducer(flow, { type: 'end', outcome: { kind: 'processing' } });
    expect(flow).toMatchObject({ error: null, outcome: { kind: 'processing' } });
  });

  it('holds the bank’s confirmation until it is answered', () => {
    const action = { provider: 'sandbox' as const, paymentId: 'p1', clientSecret: 's', publishableKey: null };
    let flow = flowReducer(initialFlow(1), { type: 'askBank', action });
    expect(flow.action).toEqual(action);
    flow = flowReducer(flow, { type: 'answer', approve: true });
    expect(flow.answering).toBe(true);
    flow = flowReducer(flow, { type: 'answered' });
    expect(flow).toMatchObject({ action: null, answering: null });
  });

  it('remembers the plan and card chosen', () => {
    const flow = flowReducer(flowReducer(initialFlow(1), { type: 'choosePlan', planId: 2 }), {
      type: 'chooseCard',
      methodId: 9,
    });
    expect(flow).toMatchObject({ planId: 2, chosenMethodId: 9 });
  });
});

describe('how a payment ended, read from the server’s state after it', () => {
  it('is a success when nothing is left to pay', () => {
    const paid = state({ status: 'paid', kind: 'paid', isSmart: true, paymentScreen: 'cards' });
    expect(settlementOf(paid)).toEqual({ kind: 'success', state: paid });
    expect(settlementOf(state({ paymentScreen: 'nothingToPay' })).kind).toBe('success');
  });

  it('is processing while a payment is out', () => {
    expect(settlementOf(state({ paymentScreen: 'pending', paymentPending: true }))).toEqual({
      kind: 'processing',
    });
    expect(settlementOf(state({ status: 'paymentPending', paymentPending: true }))).toEqual({
      kind: 'processing',
    });
  });

  it('is a failure with the server’s reason when the same payment is still to make', () => {
    expect(settlementOf(state({ paymentErrorCode: 'declined' }))).toEqual({
      kind: 'failed',
      code: 'declined',
    });
    expect(settlementOf(state({ paymentScreen: 'payAgain', paymentErrorCode: 'insufficientFunds' }))).toEqual(
      {
        kind: 'failed',
        code: 'insufficientFunds',
      },
    );
  });

  it('after a new card, ends a failed renewal that it paid and keeps the flow otherwise', () => {
    const paid = state({ status: 'paid', paymentScreen: 'cards' });
    expect(settlementAfterNewCard('payAgain', paid)?.kind).toBe('success');
    expect(settlementAfterNewCard('payAgain', state({ paymentScreen: 'pending' }))?.kind).toBe('processing');
    expect(settlementAfterNewCard('payAgain', state({ paymentScreen: 'payAgain' }))).toBeNull();
    expect(settlementAfterNewCard('subscribe', paid)).toBeNull();
  });

  it('thanks a partner’s club for its choice, a failed renewal for the payment, a new subscriber for Smart', () => {
    expect(successKind('subscribe', { status: 'partner' })).toBe('partner');
    expect(successKind('payAgain', { status: 'paid' })).toBe('paidAgain');
    expect(successKind('subscribe', { status: 'paid' })).toBe('subscribed');
  });

  it('starts a partner’s club’s plan when the offer ends, anyone else’s now', () => {
    expect(startsOn({ status: 'partner', subscriptionExpiration: '2027-03-12' })).toBe('2027-03-12');
    expect(startsOn({ status: 'paid', subscriptionExpiration: '2027-03-12' })).toBeNull();
  });
});
