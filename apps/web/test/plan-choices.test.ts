import type { CurrentPaymentState, PaymentPlan, PlanChoice } from '@carta/contract/payments';
import { describe, expect, it } from 'vitest';
import {
  cancelKindOf,
  type Label,
  type PlanActionContext,
  planAction,
  planToConfirm,
  reactivationPlanId,
} from '../src/features/billing/plan-choices.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll();

/** A label in words; a key missing from the catalogue would come back as the key itself. */
const words = (label: Label, language: 'it' | 'en' = 'it') => {
  const text = translators[language](label.key, label.options);
  expect(text).not.toBe(label.key);
  return text;
};

const MONTHLY: Pick<PaymentPlan, 'id' | 'months' | 'saving'> = { id: 1, months: 1, saving: null };
const ANNUAL: Pick<PaymentPlan, 'id' | 'months' | 'saving'> = {
  id: 2,
  months: 12,
  saving: { cents: 4636, percent: 16 },
};
const context = (status: CurrentPaymentState['status'] = 'freemium'): PlanActionContext => ({
  clubId: '7',
  status,
  offerEndsOn: '12 mar 2027',
});
const choice = (kind: PlanChoice['kind'], fields: Partial<PlanChoice> = {}): PlanChoice => ({
  paymentPlanId: 1,
  kind,
  needsCard: false,
  label: null,
  reason: null,
  ...fields,
});

describe('the button of each plan, as the server’s choice says', () => {
  it('leads a Free club to the payment screen with the plan preselected, the annual one first', () => {
    const monthly = planAction(choice('subscribe', { needsCard: true }), MONTHLY, context());
    expect(monthly).toMatchObject({ type: 'link', to: '/clubs/7/payment?plan=1', isPrimary: false });
    if (monthly?.type !== 'link') throw new Error('a link');
    expect(words(monthly.label)).toBe('Scegli il mensile');
    const annual = planAction(choice('subscribe', { paymentPlanId: 2 }), ANNUAL, context());
    expect(annual).toMatchObject({ type: 'link', to: '/clubs/7/payment?plan=2', isPrimary: true });
    if (annual?.type !== 'link') throw new Error('a link');
    expect(words(annual.label, 'en')).toBe('Choose annual');
  });

  it('says a partner’s club chooses what follows the offer', () => {
    const action = planAction(choice('subscribe'), MONTHLY, context('partner'));
    if (action?.type !== 'link') throw new Error('a link');
    expect(words(action.label)).toBe('Prosegui poi con il mensile');
  });

  it('pays a failed renewal again and confirms a payment on the payment screen', () => {
    const payAgain = planAction(choice('payAgain'), MONTHLY, context('paymentFailed'));
    expect(payAgain).toMatchObject({ type: 'link', to: '/clubs/7/payment', isPrimary: true });
    const confirm = planAction(choice('confirm'), ANNUAL, context('paymentPending'));
    expect(confirm).toMatchObject({ type: 'link', to: '/clubs/7/payment?plan=2' });
    if (payAgain?.type !== 'link' || confirm?.type !== 'link') throw new Error('links');
    expect(words(payAgain.label)).toBe('Paga il rinnovo');
    expect(words(confirm.label)).toBe('Conferma il pagamento');
  });

  it('opens the change dialog for another plan, and reactivates with or without a change', () => {
    const change = planAction(choice('change'), ANNUAL, context('paid'));
    expect(change?.type).toBe('change');
    if (change?.type !== 'change') throw new Error('a change');
    expect(words(change.label)).toBe("Passa all'annuale");
    const same = planAction(choice('reactivate', { needsCard: true }), MONTHLY, context('renewalCancelled'));
    const other = planAction(
      choice('reactivateWith', { needsCard: true }),
      ANNUAL,
      context('renewalCancelled'),
    );
    expect(same?.type).toBe('reactivate');
    expect(other?.type).toBe('reactivateWith');
    if (same?.type !== 'reactivate' || other?.type !== 'reactivateWith') throw new Error('reactivations');
    expect(words(same.label)).toBe('Riattiva il mensile');
    expect(words(other.label)).toBe("Riattiva con l'annuale");
    expect(words(other.label, 'en')).toBe('Reactivate with annual');
  });

  it('shows the current plan as a chip with its label', () => {
    const labels = {
      active: 'Il tuo piano',
      pending: 'Pagamento in corso',
      startsAfterOffer: 'Dal 12 mar 2027',
      notRenewing: 'Il tuo piano, senza rinnovo',
      failed: 'Pagamento non riuscito',
    } as const;
    for (const [label, text] of Object.entries(labels)) {
      const action = planAction(
        choice('current', { label: label as PlanChoice['label'] }),
        MONTHLY,
        context('paid'),
      );
      if (action?.type !== 'current') throw new Error('a chip');
      expect(words(action.label)).toBe(text);
    }
  });

  it('disables a plan not available now and says why', () => {
    const reasons = {
      paymentPending: 'Disponibile quando il pagamento in corso avrà un esito',
      paymentFailed: 'Disponibile dopo aver pagato il rinnovo non riuscito',
      earlyAdopter: 'Incluso nel tuo piano early adopter: nulla da pagare',
    } as const;
    for (const [reason, text] of Object.entries(reasons)) {
      const action = planAction(
        choice('unavailable', { reason: reason as PlanChoice['reason'] }),
        ANNUAL,
        context('paid'),
      );
      if (action?.type !== 'unavailable') throw new Error('unavailable');
      expect(words(action.label)).toBe("Scegli l'annuale");
      expect(words(action.reason)).toBe(text);
    }
  });

  it('shows no button for a plan the server gave no choice for', () => {
    expect(planAction(undefined, MONTHLY, context())).toBeNull();
  });
});

describe('the plan card’s actions, from the server’s answers', () => {
  const base = { paymentPlan: null, planChoices: [] as PlanChoice[] };

  it('reactivates only when the server says it can, the plan whose renewal was cancelled', () => {
    const choices = [
      choice('reactivateWith', { paymentPlanId: 1 }),
      choice('reactivate', { paymentPlanId: 2 }),
    ];
    expect(reactivationPlanId({ ...base, canReactivate: true, planChoices: choices })).toBe(2);
    expect(reactivationPlanId({ ...base, canReactivate: false, planChoices: choices })).toBeNull();
  });

  it('links to the payment the bank waits to have confirmed, when there is one', () => {
    expect(
      planToConfirm({ planChoices: [choice('unavailable'), choice('confirm', { paymentPlanId: 2 })] }),
    ).toBe(2);
    expect(planToConfirm({ planChoices: [choice('current', { label: 'pending' })] })).toBeNull();
  });

  it('words the cancel button after what it stops', () => {
    expect(cancelKindOf('paid')).toBe('renewal');
    expect(cancelKindOf('partner')).toBe('partner');
    expect(cancelKindOf('paymentFailed')).toBe('now');
  });
});
