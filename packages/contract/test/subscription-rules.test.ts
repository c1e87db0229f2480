// Over 300 lines and kept one file: every case drives the one state machine through `club()` below (a driven
// clock, the state kept as JSON, every effect recorded), one describe per stage of a subscription.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  type BillingPlan,
  changePlanPreview,
  choiceEvents,
  daysBeforeDeactivation,
  type Effect,
  FREEMIUM,
  isSmart,
  nextState,
  nextWakeUp,
  planChoice,
  type SubscriptionEvent,
  type SubscriptionState,
  servedMenuLimit,
  subscriptionRowFlags,
  subscriptionView,
} from '../src/subscription-rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY: BillingPlan = { id: 1, months: 1, amountCents: 1220 };
const ANNUAL: BillingPlan = { id: 2, months: 12, amountCents: 7320 };

/** A driven clock and the state as the database would keep it (JSON), with every effect seen. */
const club = (start = '2026-01-10T09:00:00.000Z', state: SubscriptionState = FREEMIUM) => {
  let now = new Date(start);
  let current = state;
  const effects: Effect[] = [];
  const send = (event: SubscriptionEvent) => {
    const result = nextState(current, event, now);
    if (result.ok) {
      current = JSON.parse(JSON.stringify(result.state));
      effects.push(...result.effects);
    }
    return result;
  };
  return {
    send,
    advance: (days: number) => {
      now = new Date(now.getTime() + days * DAY);
      return send({ type: 'timePasses' });
    },
    at: (instant: string) => {
      now = new Date(instant);
      return send({ type: 'timePasses' });
    },
    get now() {
      return now;
    },
    get state() {
      return current;
    },
    get smart() {
      return isSmart(current, now);
    },
    effects,
    charges: () => effects.filter((effect) => effect.type === 'charge'),
    emails: () => effects.flatMap((effect) => (effect.type === 'email' ? [effect.kind] : [])),
  };
};

const paidClub = () => {
  const c = club();
  c.send({ type: 'subscribe', plan: MONTHLY });
  c.send({ type: 'paymentSucceeded' });
  return c;
};

describe('subscribe and pay', () => {
  it('charges one period of the plan and turns Smart only when the payment succeeds', () => {
    const c = club();
    expect(c.smart).toBe(false);
    const result = c.send({ type: 'subscribe', plan: MONTHLY });
    expect(result.ok).toBe(true);
    expect(c.state.status).toBe('paymentPending');
    expect(c.smart).toBe(false);
    expect(c.charges()).toEqual([
      {
        type: 'charge',
        planId: 1,
        amountCents: 1220,
        periodStart: '2026-01-10T09:00:00.000Z',
        periodEnd: '2026-02-10T09:00:00.000Z',
      },
    ]);
    c.send({ type: 'paymentSucceeded' });
    expect(c.state).toMatchObject({ status: 'paid', periodEnd: '2026-02-10T09:00:00.000Z' });
    expect(c.smart).toBe(true);
    expect(servedMenuLimit(c.state, c.now)).toBeNull();
    expect(subscriptionRowFlags(c.state)).toMatchObject({ kind: 'paid', isPaymentPending: false });
  });

  it('waits for approval when authentication is required, and gives up after a week', () => {
    const c = club();
    c.send({ type: 'subscribe', plan: MONTHLY });
    c.send({ type: 'paymentFailed', code: 'authenticationRequired' });
    expect(c.state).toMatchObject({ status: 'paymentPending', paymentErrorCode: 'authenticationRequired' });
    expect(c.send({ type: 'subscribe', plan: ANNUAL })).toEqual({ ok: false, code: 'PAYMENT_PENDING' });
    c.advance(7);
    expect(c.state).toMatchObject({ status: 'freemium', lapsed: 'paymentAbandoned' });
    expect(c.send({ type: 'paymentSucceeded' })).toEqual({ ok: false, code: 'PAYMENT_NOT_PENDING' });
  });

  it('a declined first payment or an insufficient balance leaves the club Free with its own code', () => {
    for (const code of ['declined', 'insufficientFunds'] as const) {
      const c = club();
      c.send({ type: 'subscribe', plan: MONTHLY });
      c.send({ type: 'paymentFailed', code });
      expect(c.state).toEqual({ status: 'freemium', lapsed: null, paymentErrorCode: code });
      expect(c.smart).toBe(false);
    }
  });

  it('refuses a second subscription and payment answers nobody asked for', () => {
    const c = paidClub();
    expect(c.send({ type: 'subscribe', plan: ANNUAL })).toEqual({ ok: false, code: 'ALREADY_SUBSCRIBED' });
    expect(c.send({ type: 'paymentSucceeded' })).toEqual({ ok: false, code: 'PAYMENT_NOT_PENDING' });
    expect(c.send({ type: 'subscribe', plan: { id: 9, months: 1, amountCents: -5 } })).toEqual({
      ok: false,
      code: 'INVALID_PLAN',
    });
  });
});

describe('renewal', () => {
  it('reminds seven days before, then charges the next period from the old end, once', () => {
    const c = paidClub();
    c.advance(23);
    expect(c.emails()).toEqual(['paymentReceived']);
    c.at('2026-02-03T09:00:00.000Z');
    expect(c.emails()).toEqual(['paymentReceived', 'renewalInSevenDays']);
    c.advance(1);
    expect(c.emails()).toEqual(['paymentReceived', 'renewalInSevenDays']);
    c.at('2026-02-10T09:00:00.000Z');
    expect(c.charges()).toHaveLength(2);
    expect(c.charges()[1]).toMatchObject({
      periodStart: '2026-02-10T09:00:00.000Z',
      periodEnd: '2026-03-10T09:00:00.000Z',
    });
    expect(c.smart).toBe(true);
    c.send({ type: 'timePasses' });
    c.advance(0.5);
    expect(c.charges()).toHaveLength(2);
    c.send({ type: 'paymentSucceeded' });
    expect(c.state).toMatchObject({ status: 'paid', periodEnd: '2026-03-10T09:00:00.000Z', reminded: false });
  });

  it('takes an answer only for the charge out', () => {
    const c = paidClub();
    c.at('2026-02-10T09:00:00.000Z');
    expect(c.send({ type: 'paymentSucceeded', periodStart: '2026-01-10T09:00:00.000Z' })).toEqual({
      ok: false,
      code: 'PAYMENT_NOT_PENDING',
    });
    expect(c.send({ type: 'paymentSucceeded', periodStart: '2026-02-10T09:00:00.000Z' }).ok).toBe(true);
    expect(c.state).toMatchObject({ status: 'paid', periodEnd: '2026-03-10T09:00:00.000Z' });
  });

  it('a renewal job that ran late bills from now, not for the days without Smart', () => {
    const c = paidClub();
    c.at('2026-02-20T09:00:00.000Z');
    expect(c.charges()[1]).toMatchObject({ periodStart: '2026-02-20T09:00:00.000Z' });
  });

  it('names the next job from the state alone', () => {
    const c = paidClub();
    expect(nextWakeUp(c.state)).toEqual({ job: 'renewalReminder', at: '2026-02-03T09:00:00.000Z' });
    c.at('2026-02-03T09:00:00.000Z');
    expect(nextWakeUp(c.state)).toEqual({ job: 'renewal', at: '2026-02-10T09:00:00.000Z' });
  });

  it('reads Smart the same before the renewal or deactivation job has run', () => {
    const c = paidClub();
    expect(isSmart(c.state, new Date('2026-02-10T09:30:00.000Z'))).toBe(true);
    c.at('2026-02-10T09:00:00.000Z');
    c.send({ type: 'paymentFailed', code: 'declined' });
    expect(isSmart(c.state, new Date('2026-02-17T08:59:59.999Z'))).toBe(true);
    expect(isSmart(c.state, new Date('2026-02-17T09:00:00.000Z'))).toBe(false);
    expect(servedMenuLimit(c.state, new Date('2026-02-17T09:00:00.000Z'))).toBe(2);
  });

  it('counts calendar months, clamped to the end of a short month', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2028-01-31T10:00:00.000Z', 1)).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths('2026-11-15T10:00:00.000Z', 12)).toBe('2027-11-15T10:00:00.000Z');
  });
});

describe('payment failed', () => {
  const failed = () => {
    const c = paidClub();
    c.at('2026-02-10T09:00:00.000Z');
    c.send({ type: 'paymentFailed', code: 'insufficientFunds' });
    return c;
  };

  it('counts down seven days, emails, and stays Smart meanwhile', () => {
    const c = failed();
    expect(c.state).toMatchObject({ status: 'paymentFailed', paymentErrorCode: 'insufficientFunds' });
    expect(c.emails()).toContain('paymentFailed');
    expect(daysBeforeDeactivation(c.state, c.now)).toBe(7);
    c.advance(2.5);
    expect(daysBeforeDeactivation(c.state, c.now)).toBe(5);
    expect(c.smart).toBe(true);
    expect(subscriptionRowFlags(c.state)).toMatchObject({ paymentErrorCode: 'insufficientFunds' });
  });

  it('at zero the club is Free with two menus served, and told so', () => {
    const c = failed();
    c.advance(6.9);
    expect(c.smart).toBe(true);
    c.advance(0.1);
    expect(c.state).toMatchObject({ status: 'freemium', lapsed: 'deactivated' });
    expect(c.smart).toBe(false);
    expect(servedMenuLimit(c.state, c.now)).toBe(2);
    // The clock jumped straight to the renewal date: no late reminder.
    expect(c.emails()).toEqual(['paymentReceived', 'paymentFailed', 'clubDeactivated']);
  });

  it('a retry with a new method charges the same period again and returns to paid', () => {
    const c = failed();
    c.advance(2);
    c.send({ type: 'retryPayment' });
    expect(c.send({ type: 'retryPayment' })).toEqual({ ok: false, code: 'PAYMENT_PENDING' });
    expect(c.charges()).toHaveLength(3);
    expect(c.charges()[2]).toEqual(c.charges()[1]);
    c.send({ type: 'paymentFailed', code: 'declined' });
    expect(daysBeforeDeactivation(c.state, c.now)).toBe(5);
    c.send({ type: 'retryPayment' });
    c.send({ type: 'paymentSucceeded' });
    expect(c.state).toMatchObject({ status: 'paid', periodEnd: '2026-03-10T09:00:00.000Z' });
    expect(daysBeforeDeactivation(c.state, c.now)).toBeNull();
  });

  it('cancelling during the countdown makes the club Free at once and drops the charge', () => {
    const c = failed();
    c.send({ type: 'cancelRenewal' });
    expect(c.state).toMatchObject({ status: 'freemium', lapsed: 'cancelled' });
    expect(c.send({ type: 'retryPayment' })).toEqual({ ok: false, code: 'PAYMENT_NOT_FAILED' });
  });

  it('a renewal nobody answers for a week deactivates the club', () => {
    const c = paidClub();
    c.at('2026-02-10T09:00:00.000Z');
    c.advance(6);
    expect(c.smart).toBe(true);
    c.advance(1);
    expect(c.state).toMatchObject({ status: 'freemium', lapsed: 'deactivated' });
  });
});

describe('cancel and reactivate', () => {
  it('keeps Smart until the expiration date, then Free, never charged again', () => {
    const c = paidClub();
    c.advance(10);
    expect(c.send({ type: 'cancelRenewal' }).ok).toBe(true);
    expect(c.state.status).toBe('renewalCancelled');
    expect(c.send({ type: 'cancelRenewal' })).toEqual({ ok: false, code: 'ALREADY_CANCELLED' });
    expect(c.send({ type: 'changePlan', plan: ANNUAL })).toEqual({ ok: false, code: 'RENEWAL_CANCELLED' });
    c.at('2026-02-10T08:59:59.000Z');
    expect(c.smart).toBe(true);
    c.at('2026-02-10T09:00:00.000Z');
    expect(c.state).toMatchObject({ status: 'freemium', lapsed: 'expired' });
    c.advance(60);
    expect(c.charges()).toHaveLength(1);
    // A receipt and the cancellation's confirmation; no reminder of a renewal that will not come.
    expect(c.emails()).toEqual(['paymentReceived', 'renewalCancelled']);
    expect(c.send({ type: 'reactivate' })).toEqual({ ok: false, code: 'SUBSCRIPTION_EXPIRED' });
  });

  it('is allowed up to one day before the renewal date', () => {
    const c = paidClub();
    c.at('2026-02-09T09:00:01.000Z');
    expect(c.send({ type: 'cancelRenewal' })).toEqual({ ok: false, code: 'CANCEL_TOO_LATE' });
    const d = paidClub();
    d.at('2026-02-09T09:00:00.000Z');
    expect(d.send({ type: 'cancelRenewal' }).ok).toBe(true);
  });

  it('reactivating before the expiration restores the renewal at no cost', () => {
    const c = paidClub();
    c.advance(5);
    c.send({ type: 'cancelRenewal' });
    c.advance(20);
    expect(c.send({ type: 'reactivate' }).ok).toBe(true);
    expect(c.state).toMatchObject({ status: 'paid', periodEnd: '2026-02-10T09:00:00.000Z' });
    expect(c.charges()).toHaveLength(1);
    c.at('2026-02-10T09:00:00.000Z');
    expect(c.charges()).toHaveLength(2);
  });

  it('refuses what makes no sense on Free', () => {
    const c = club();
    expect(c.send({ type: 'cancelRenewal' })).toEqual({ ok: false, code: 'NOT_SUBSCRIBED' });
    expect(c.send({ type: 'reactivate' })).toEqual({ ok: false, code: 'NOT_SUBSCRIBED' });
    expect(c.send({ type: 'changePlan', plan: ANNUAL })).toEqual({ ok: false, code: 'NOT_SUBSCRIBED' });
  });
});

describe('change plan', () => {
  it('carries the remaining days at the old rate into days of the new plan, no charge', () => {
    const c = paidClub();
    c.advance(10.5);
    // 20 whole days left of 12.20/month; annual 73.20/12 months = 6.10/month: the same value buys 40 days.
    const preview = changePlanPreview(c.state, ANNUAL, c.now);
    expect(preview).toMatchObject({ ok: true, daysLeft: 20, daysGiven: 40 });
    c.send({ type: 'changePlan', plan: ANNUAL });
    expect(c.state).toMatchObject({
      status: 'paid',
      plan: ANNUAL,
      periodStart: '2026-01-20T21:00:00.000Z',
      periodEnd: '2026-03-01T21:00:00.000Z',
    });
    expect(preview.ok && preview.periodEnd).toBe('2026-03-01T21:00:00.000Z');
    expect(c.charges()).toHaveLength(1);
    c.at('2026-03-01T21:00:00.000Z');
    expect(c.charges()[1]).toMatchObject({
      planId: 2,
      amountCents: 7320,
      periodEnd: '2027-03-01T21:00:00.000Z',
    });
  });

  it('rounds down: changing back and forth never gains a day', () => {
    const c = paidClub();
    c.advance(3);
    const end = Date.parse((c.state as { periodEnd: string }).periodEnd);
    for (let round = 0; round < 5; round += 1) {
      c.send({ type: 'changePlan', plan: ANNUAL });
      c.send({ type: 'changePlan', plan: MONTHLY });
      expect(Date.parse((c.state as { periodEnd: string }).periodEnd)).toBeLessThanOrEqual(end);
    }
    expect(c.send({ type: 'changePlan', plan: MONTHLY })).toEqual({ ok: false, code: 'SAME_PLAN' });
  });

  it('is refused while a payment is out or has failed', () => {
    const c = paidClub();
    c.at('2026-02-10T09:00:00.000Z');
    expect(c.send({ type: 'changePlan', plan: ANNUAL })).toEqual({ ok: false, code: 'PAYMENT_PENDING' });
    c.send({ type: 'paymentFailed', code: 'declined' });
    expect(changePlanPreview(c.state, ANNUAL, c.now)).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
  });
});

describe('partner and early adopter', () => {
  it('a brand pays six months, the owner is told two weeks before, then Free', () => {
    const c = club();
    c.send({ type: 'partnerGranted', months: 6, brandId: 4 });
    expect(c.state).toMatchObject({ status: 'partner', periodEnd: '2026-07-10T09:00:00.000Z' });
    expect(c.smart).toBe(true);
    expect(subscriptionRowFlags(c.state)).toMatchObject({ kind: 'partner' });
    c.at('2026-06-26T09:00:00.000Z');
    expect(c.emails()).toEqual(['partnerPeriodEnding']);
    c.at('2026-07-10T09:00:00.000Z');
    expect(c.state).toMatchObject({ status: 'freemium', lapsed: 'partnerEnded' });
    expect(c.charges()).toEqual([]);
  });

  it('a plan chosen during the partner period is charged from its end', () => {
    const c = club();
    c.send({ type: 'partnerGranted', months: 12, brandId: 4 });
    c.send({ type: 'subscribe', plan: MONTHLY });
    expect(c.charges()).toEqual([]);
    c.at('2027-01-10T09:00:00.000Z');
    expect(c.charges()).toEqual([
      {
        type: 'charge',
        planId: 1,
        amountCents: 1220,
        periodStart: '2027-01-10T09:00:00.000Z',
        periodEnd: '2027-02-10T09:00:00.000Z',
      },
    ]);
    expect(c.smart).toBe(true);
    c.send({ type: 'paymentSucceeded' });
    expect(c.state).toMatchObject({ status: 'paid', periodEnd: '2027-02-10T09:00:00.000Z' });
  });

  it('a second grant extends the partner period; a paying club is refused', () => {
    const c = club();
    c.send({ type: 'partnerGranted', months: 6, brandId: 4 });
    c.send({ type: 'partnerGranted', months: 6, brandId: 4 });
    expect(c.state).toMatchObject({ periodEnd: '2027-01-10T09:00:00.000Z' });
    expect(paidClub().send({ type: 'partnerGranted', months: 12, brandId: 4 })).toEqual({
      ok: false,
      code: 'SUBSCRIPTION_ACTIVE',
    });
  });

  it('an early adoption granted after a renewal fell due, before its job ran, charges nothing', () => {
    const c = paidClub();
    const before = c.charges().length;
    // The renewal date passed; the job has not run yet when the admin makes the club an early adopter.
    const granted = nextState(c.state, { type: 'earlyAdopterGranted' }, new Date('2026-02-10T10:00:00.000Z'));
    expect(granted.ok).toBe(true);
    if (!granted.ok) return;
    expect(granted.state).toEqual({ status: 'earlyAdopter' });
    expect(granted.effects.filter((effect) => effect.type === 'charge')).toEqual([]);
    expect(c.charges()).toHaveLength(before);
  });

  it('an early adopter is Smart for ever and never billed', () => {
    const c = paidClub();
    c.at('2026-02-10T09:00:00.000Z');
    c.send({ type: 'earlyAdopterGranted' });
    expect(c.send({ type: 'paymentSucceeded' })).toEqual({ ok: false, code: 'PAYMENT_NOT_PENDING' });
    expect(c.send({ type: 'subscribe', plan: MONTHLY })).toEqual({ ok: false, code: 'EARLY_ADOPTER' });
    c.advance(3650);
    expect(c.smart).toBe(true);
    expect(c.charges()).toHaveLength(2);
    c.send({ type: 'earlyAdopterRevoked' });
    expect(c.state).toEqual(FREEMIUM);
  });
});

describe('what the owner sees and may do', () => {
  const at = (instant: string) => new Date(instant);

  it('offers subscribing on Free, changing when paying, the current plan as current', () => {
    expect(planChoice(FREEMIUM, MONTHLY, at('2026-01-10T09:00:00.000Z'))).toEqual({
      kind: 'subscribe',
      needsCard: true,
    });
    const c = paidClub();
    expect(planChoice(c.state, MONTHLY, c.now)).toEqual({ kind: 'current', label: 'active' });
    expect(planChoice(c.state, ANNUAL, c.now)).toEqual({ kind: 'change', needsCard: false });
    expect(choiceEvents(c.state, ANNUAL, c.now)).toEqual({
      ok: true,
      events: [{ type: 'changePlan', plan: ANNUAL }],
    });
    expect(choiceEvents(c.state, MONTHLY, c.now)).toEqual({ ok: false, code: 'SAME_PLAN' });
  });

  it('after a cancel: the same plan reactivates, another reactivates with it, until the end', () => {
    const c = paidClub();
    c.advance(10);
    c.send({ type: 'cancelRenewal' });
    expect(planChoice(c.state, MONTHLY, c.now)).toEqual({ kind: 'reactivate', needsCard: true });
    expect(choiceEvents(c.state, ANNUAL, c.now)).toEqual({
      ok: true,
      events: [{ type: 'reactivate' }, { type: 'changePlan', plan: ANNUAL }],
    });
    const view = subscriptionView(c.state, c.now);
    expect(view).toMatchObject({ status: 'renewalCancelled', canReactivate: true, cancelUntil: null });
    expect(view.nextInvoice).toBeNull();
    // Once the period ended, with no job run yet, it reads as Free: subscribing again.
    const after = at('2026-02-10T09:00:00.000Z');
    expect(planChoice(c.state, MONTHLY, after)).toEqual({ kind: 'subscribe', needsCard: true });
    expect(subscriptionView(c.state, after)).toMatchObject({ status: 'freemium', isSmart: false });
  });

  it('says until when the renewal can be cancelled, and nothing once it is too late', () => {
    const c = paidClub();
    expect(subscriptionView(c.state, c.now).cancelUntil).toBe('2026-02-09T09:00:00.000Z');
    expect(subscriptionView(c.state, at('2026-02-09T10:00:00.000Z')).cancelUntil).toBeNull();
  });

  it('after a failed renewal: pay the same plan again, another is not offered', () => {
    const c = paidClub();
    c.at('2026-02-10T09:00:00.000Z');
    c.send({ type: 'paymentFailed', code: 'declined' });
    expect(planChoice(c.state, MONTHLY, c.now)).toEqual({ kind: 'payAgain', needsCard: true });
    expect(planChoice(c.state, ANNUAL, c.now)).toEqual({ kind: 'unavailable', reason: 'paymentFailed' });
    expect(subscriptionView(c.state, c.now)).toMatchObject({
      paymentScreen: 'payAgain',
      daysBeforeDeactivation: 7,
      paymentPending: false,
    });
    c.send({ type: 'retryPayment' });
    expect(subscriptionView(c.state, c.now)).toMatchObject({
      paymentScreen: 'pending',
      paymentPending: true,
    });
  });

  it('a first payment the bank holds is confirmed, not charged again', () => {
    const c = club();
    c.send({ type: 'subscribe', plan: MONTHLY });
    c.send({ type: 'paymentFailed', code: 'authenticationRequired' });
    expect(planChoice(c.state, MONTHLY, c.now)).toEqual({ kind: 'confirm', needsCard: false });
    expect(choiceEvents(c.state, MONTHLY, c.now)).toEqual({ ok: true, events: 'waiting' });
    expect(planChoice(c.state, ANNUAL, c.now)).toEqual({ kind: 'unavailable', reason: 'paymentPending' });
    expect(subscriptionView(c.state, c.now).paymentScreen).toBe('subscribe');
  });

  it('an early adopter has nothing to choose or pay', () => {
    const state: SubscriptionState = { status: 'earlyAdopter' };
    const now = at('2030-01-01T00:00:00.000Z');
    expect(planChoice(state, MONTHLY, now)).toEqual({ kind: 'unavailable', reason: 'earlyAdopter' });
    expect(choiceEvents(state, MONTHLY, now)).toEqual({ ok: false, code: 'EARLY_ADOPTER' });
    expect(subscriptionView(state, now)).toMatchObject({
      isSmart: true,
      paymentScreen: 'nothingToPay',
      nextInvoice: null,
      cancelUntil: null,
    });
  });

  it('a partner period: choose what follows it, change it, then it is current', () => {
    const c = club();
    c.send({ type: 'partnerGranted', months: 6, brandId: 3 });
    expect(planChoice(c.state, MONTHLY, c.now)).toEqual({ kind: 'subscribe', needsCard: true });
    c.send({ type: 'subscribe', plan: MONTHLY });
    expect(planChoice(c.state, MONTHLY, c.now)).toEqual({ kind: 'current', label: 'startsAfterOffer' });
    expect(planChoice(c.state, ANNUAL, c.now)).toEqual({ kind: 'change', needsCard: true });
    expect(subscriptionView(c.state, c.now)).toMatchObject({
      paymentScreen: 'cards',
      nextInvoice: { on: '2026-07-10T09:00:00.000Z', cents: 1220 },
    });
  });
});
