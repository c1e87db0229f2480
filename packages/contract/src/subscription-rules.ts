// Over 300 lines: the state machine, its queries and what the owner sees read one another's private
// helpers (passTime, the period and invoice readers); split, they would have to be exported for each other.
// Subscriptions (docs/decisions/0045-subscription-rules.md, 0064-one-owner-of-subscription-rules.md): the
// state machine as pure code, and the one place that answers every question about a subscription: its
// status, whether it is Smart, its period, its next invoice and what the owner may do now. No I/O and no
// clock: every function takes `now`. A transition answers the new state and the effects the caller carries
// out (charges, emails), or a refusal code; the next job follows from the state (`nextWakeUp`). Instants in
// the state and the effects are ISO 8601 strings (UTC), so a state survives JSON (a jsonb column, a
// restart) unchanged.

import { FREE_PLAN_MAX_MENUS } from './limits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a failed renewal leaves before the club falls back to Free (docs/product.md, Subscription). */
export const PAYMENT_FAILURE_GRACE_DAYS = 7;
/** A renewal charge whose answer has not come keeps the club Smart at most this long. */
export const RENEWAL_PENDING_GRACE_DAYS = 7;
/** A first payment waiting for approval (authentication) is given up after this long. */
export const FIRST_PAYMENT_TIMEOUT_DAYS = 7;
/** The renewal reminder is emailed this many days before the renewal date. */
export const RENEWAL_REMINDER_DAYS = 7;
/** The owner of a partner-offered club is told this many days before the period ends what happens next. */
export const PARTNER_REMINDER_DAYS = 14;
/** The renewal may be cancelled until this many days before the renewal date (at least one day). */
export const CANCEL_NOTICE_DAYS = 1;
/** A renewal job that runs later than this after the renewal date bills from now, not from the old end. */
export const LATE_RENEWAL_TOLERANCE_MS = DAY_MS;

/**
 * A payment plan as billed: one period of `months` costs `amountCents`, an integer > 0: what the club pays,
 * VAT included (`grossCents` of `pricePlan` in ./payments.ts).
 */
export type BillingPlan = { id: number; months: number; amountCents: number };

/** Why a payment failed (`paymentErrorCode`); balance insufficient has its own (docs/product.md, Messages). */
export const PAYMENT_ERROR_CODES = ['declined', 'insufficientFunds', 'authenticationRequired'] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

/** A charge asked of the payment provider: one whole period of one plan. */
export type Charge = { planId: number; amountCents: number; periodStart: string; periodEnd: string };

/** Why a Free club is Free: null = never subscribed (or early adoption revoked). */
export type Lapse = 'expired' | 'cancelled' | 'deactivated' | 'partnerEnded' | 'paymentAbandoned';

export type SubscriptionState =
  /** Free. `paymentErrorCode`: why the last first payment failed, for the payment screen. */
  | { status: 'freemium'; lapsed: Lapse | null; paymentErrorCode: PaymentErrorCode | null }
  /** A first payment sent and not answered yet (or waiting for the owner's authentication): not Smart yet. */
  | {
      status: 'paymentPending';
      plan: BillingPlan;
      charge: Charge;
      since: string;
      paymentErrorCode: 'authenticationRequired' | null;
    }
  /**
   * Smart until `periodEnd`, renewed then. `renewal`: the renewal charge sent and not answered yet (the
   * club stays Smart meanwhile, at most RENEWAL_PENDING_GRACE_DAYS after it was sent).
   */
  | {
      status: 'paid';
      plan: BillingPlan;
      periodStart: string;
      periodEnd: string;
      reminded: boolean;
      renewal: { charge: Charge; since: string } | null;
    }
  /** Smart until `periodEnd`, then Free; `reactivate` before then restores the renewal at no cost. */
  | { status: 'renewalCancelled'; plan: BillingPlan; periodStart: string; periodEnd: string }
  /**
   * The renewal `charge` failed at `failedAt`: Smart until `failedAt` + PAYMENT_FAILURE_GRACE_DAYS, then
   * Free. `periodEnd` is the end of what was paid. `retrying`: a retry charge is out.
   */
  | {
      status: 'paymentFailed';
      plan: BillingPlan;
      periodEnd: string;
      charge: Charge;
      failedAt: string;
      paymentErrorCode: PaymentErrorCode;
      retrying: boolean;
    }
  /** Smart paid by a brand until `periodEnd`; `nextPlan`: what the owner chose to pay for afterwards. */
  | {
      status: 'partner';
      brandId: number;
      periodStart: string;
      periodEnd: string;
      reminded: boolean;
      nextPlan: BillingPlan | null;
    }
  /** `freeForever`, set by an admin: Smart, never billed. */
  | { status: 'earlyAdopter' };

export type SubscriptionStatus = SubscriptionState['status'];

export type SubscriptionEvent =
  | { type: 'subscribe'; plan: BillingPlan }
  /**
   * The provider's answer to the charge out. `periodStart` names the charge it answers: an answer to
   * another charge (an older attempt) is refused with PAYMENT_NOT_PENDING. Without it, the charge out.
   */
  | { type: 'paymentSucceeded'; periodStart?: string }
  | { type: 'paymentFailed'; code: PaymentErrorCode; periodStart?: string }
  /** The owner gave a new payment method, or the retry job runs: charge the unpaid period again. */
  | { type: 'retryPayment' }
  | { type: 'changePlan'; plan: BillingPlan }
  | { type: 'cancelRenewal' }
  | { type: 'reactivate' }
  /** A scheduled job (or any caller) woke up: renewals, reminders, expiries and deactivations due by now. */
  | { type: 'timePasses' }
  | { type: 'partnerGranted'; months: 6 | 12; brandId: number }
  | { type: 'earlyAdopterGranted' }
  | { type: 'earlyAdopterRevoked' };

export const EMAIL_KINDS = [
  'renewalInSevenDays',
  'paymentFailed',
  'clubDeactivated',
  'partnerPeriodEnding',
  /** A first payment, a renewal or a retry went through: the receipt, with the invoice. */
  'paymentReceived',
  /** The owner chose another plan: what changes and when. */
  'planChanged',
  /** The renewal was cancelled: until when Smart stays. */
  'renewalCancelled',
  /** A cancelled renewal was restored. */
  'reactivated',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The one job a club needs next; a new one replaces the club's earlier one. */
export type ScheduledJob =
  | 'renewalReminder'
  | 'renewal'
  | 'renewalTimeout'
  | 'expiry'
  | 'deactivation'
  | 'partnerReminder'
  | 'partnerEnd'
  | 'firstPaymentTimeout';

export type Effect = ({ type: 'charge' } & Charge) | { type: 'email'; kind: EmailKind };

export const REFUSAL_CODES = [
  'NOT_SUBSCRIBED',
  'ALREADY_SUBSCRIBED',
  'ALREADY_CANCELLED',
  'NOT_CANCELLED',
  'CANCEL_TOO_LATE',
  'SUBSCRIPTION_EXPIRED',
  'RENEWAL_CANCELLED',
  'PAYMENT_PENDING',
  'PAYMENT_NOT_PENDING',
  'PAYMENT_FAILED',
  'PAYMENT_NOT_FAILED',
  'SAME_PLAN',
  'INVALID_PLAN',
  'SUBSCRIPTION_ACTIVE',
  'EARLY_ADOPTER',
  'NOT_EARLY_ADOPTER',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export type Transition =
  | { ok: true; state: SubscriptionState; effects: Effect[] }
  | { ok: false; code: RefusalCode };

export const FREEMIUM: SubscriptionState = { status: 'freemium', lapsed: null, paymentErrorCode: null };

/** Paid for `period` on `plan`: the state a charge that went through (or a restored renewal) leads to. */
const paidFor = (
  plan: BillingPlan,
  period: { periodStart: string; periodEnd: string },
): Extract<SubscriptionState, { status: 'paid' }> => ({
  status: 'paid',
  plan,
  periodStart: period.periodStart,
  periodEnd: period.periodEnd,
  reminded: false,
  renewal: null,
});

// ---------------------------------------------------------------------------------------------- dates

const iso = (ms: number): string => new Date(ms).toISOString();
const ms = (instant: string): number => Date.parse(instant);

/**
 * `months` calendar months after the instant, in UTC, the day clamped to the month's length
 * (31 January + 1 month = 28 or 29 February).
 */
export const addMonths = (instant: string, months: number): string => {
  const date = new Date(instant);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
};

const validPlan = (plan: BillingPlan): boolean =>
  Number.isSafeInteger(plan.amountCents) &&
  plan.amountCents > 0 &&
  Number.isSafeInteger(plan.months) &&
  plan.months > 0 &&
  plan.months <= 120;

const chargeFor = (plan: BillingPlan, periodStart: string): Charge => ({
  planId: plan.id,
  amountCents: plan.amountCents,
  periodStart,
  periodEnd: addMonths(periodStart, plan.months),
});

// ---------------------------------------------------------------------------------------------- queries

/** When the club stops being Smart unless something happens (a payment, a renewal); null = never/now. */
export const smartUntil = (state: SubscriptionState): number | null => {
  switch (state.status) {
    case 'freemium':
    case 'paymentPending':
      return null;
    case 'earlyAdopter':
      return Number.POSITIVE_INFINITY;
    case 'paid':
      // A renewal is due at the period's end: until its answer (at most the grace after it was sent) the
      // club stays Smart, also in the moments before the renewal job has run.
      return state.renewal
        ? Math.max(ms(state.periodEnd), ms(state.renewal.since) + RENEWAL_PENDING_GRACE_DAYS * DAY_MS)
        : ms(state.periodEnd) + RENEWAL_PENDING_GRACE_DAYS * DAY_MS;
    case 'partner':
      return state.nextPlan ? ms(state.periodEnd) + RENEWAL_PENDING_GRACE_DAYS * DAY_MS : ms(state.periodEnd);
    case 'renewalCancelled':
      return ms(state.periodEnd);
    case 'paymentFailed':
      return ms(state.failedAt) + PAYMENT_FAILURE_GRACE_DAYS * DAY_MS;
  }
};

/** The charge a state waits for an answer to, if any. */
export const chargeOut = (state: SubscriptionState): Charge | null => {
  if (state.status === 'paymentPending' || state.status === 'paymentFailed') return state.charge;
  if (state.status === 'paid') return state.renewal?.charge ?? null;
  return null;
};

/** The plan a state bills (after a partner period: the one chosen for then); null when none. */
export const billedPlan = (state: SubscriptionState): BillingPlan | null => {
  switch (state.status) {
    case 'paymentPending':
    case 'paid':
    case 'renewalCancelled':
    case 'paymentFailed':
      return state.plan;
    case 'partner':
      return state.nextPlan;
    default:
      return null;
  }
};

/** Whether the state still charges a card (so the club's last card cannot be removed). */
export const chargesCard = (state: SubscriptionState): boolean =>
  state.status === 'paid' ||
  state.status === 'paymentPending' ||
  state.status === 'paymentFailed' ||
  (state.status === 'partner' && state.nextPlan !== null);

/** Whether the club has the Smart plan now. */
export const isSmart = (state: SubscriptionState, now: Date): boolean => {
  const until = smartUntil(state);
  return until !== null && now.getTime() < until;
};

/** Menus served to guests: null = all, otherwise the Free plan's limit (the others stay stored). */
export const servedMenuLimit = (state: SubscriptionState, now: Date): number | null =>
  isSmart(state, now) ? null : FREE_PLAN_MAX_MENUS;

/** Whole days (rounded up, never below 0) from `now` until PAYMENT_FAILURE_GRACE_DAYS after a failure. */
export const daysLeftAfterFailure = (failedAt: Date, now: Date): number =>
  Math.max(0, Math.ceil((failedAt.getTime() + PAYMENT_FAILURE_GRACE_DAYS * DAY_MS - now.getTime()) / DAY_MS));

/** Whole days left before a club whose payment failed falls back to Free (rounded up); null otherwise. */
export const daysBeforeDeactivation = (state: SubscriptionState, now: Date): number | null =>
  state.status === 'paymentFailed' ? daysLeftAfterFailure(new Date(ms(state.failedAt)), now) : null;

/** The next instant `timePasses` has something to do, and the job to schedule for it; null = none. */
export const nextWakeUp = (state: SubscriptionState): { job: ScheduledJob; at: string } | null => {
  switch (state.status) {
    case 'freemium':
    case 'earlyAdopter':
      return null;
    case 'paymentPending':
      return { job: 'firstPaymentTimeout', at: iso(ms(state.since) + FIRST_PAYMENT_TIMEOUT_DAYS * DAY_MS) };
    case 'paid': {
      if (state.renewal)
        return {
          job: 'renewalTimeout',
          at: iso(ms(state.renewal.since) + RENEWAL_PENDING_GRACE_DAYS * DAY_MS),
        };
      const reminder = ms(state.periodEnd) - RENEWAL_REMINDER_DAYS * DAY_MS;
      if (!state.reminded && reminder > ms(state.periodStart))
        return { job: 'renewalReminder', at: iso(reminder) };
      return { job: 'renewal', at: state.periodEnd };
    }
    case 'renewalCancelled':
      return { job: 'expiry', at: state.periodEnd };
    case 'paymentFailed':
      return { job: 'deactivation', at: iso(ms(state.failedAt) + PAYMENT_FAILURE_GRACE_DAYS * DAY_MS) };
    case 'partner': {
      const reminder = ms(state.periodEnd) - PARTNER_REMINDER_DAYS * DAY_MS;
      if (!state.reminded && reminder > ms(state.periodStart))
        return { job: 'partnerReminder', at: iso(reminder) };
      return { job: 'partnerEnd', at: state.periodEnd };
    }
  }
};

/**
 * What changing plan would give (docs/product.md, Subscription: no charge now, the days left converted). The
 * whole days left of the current period (rounded down) are worth their share of the current plan at its nominal daily
 * rate (price / months); that value buys whole days of the new plan at its rate (rounded down):
 * `days = floor(daysLeft × (oldPrice / oldMonths) / (newPrice / newMonths))`, in exact integers. Rounding
 * down twice means a change never creates value: changing back and forth can only lose part of a day.
 * The new period runs from now; the next charge is the new plan's full price at its end.
 */
export const changePlanPreview = (
  stored: SubscriptionState,
  plan: BillingPlan,
  now: Date,
):
  | { ok: true; periodStart: string; periodEnd: string; daysLeft: number; daysGiven: number }
  | { ok: false; code: RefusalCode } => {
  if (!validPlan(plan)) return { ok: false, code: 'INVALID_PLAN' };
  // Judged on the state as of now, as nextState does.
  const state = passTime(stored, now.getTime(), []);
  switch (state.status) {
    case 'freemium':
      return { ok: false, code: 'NOT_SUBSCRIBED' };
    case 'earlyAdopter':
      return { ok: false, code: 'EARLY_ADOPTER' };
    case 'paymentPending':
      return { ok: false, code: 'PAYMENT_PENDING' };
    case 'paymentFailed':
      return { ok: false, code: 'PAYMENT_FAILED' };
    case 'renewalCancelled':
      return { ok: false, code: 'RENEWAL_CANCELLED' };
    case 'partner':
      // Nothing paid by the owner to carry: the chosen plan starts when the partner period ends.
      if (!state.nextPlan) return { ok: false, code: 'NOT_SUBSCRIBED' };
      if (state.nextPlan.id === plan.id) return { ok: false, code: 'SAME_PLAN' };
      return {
        ok: true,
        periodStart: state.periodStart,
        periodEnd: state.periodEnd,
        daysLeft: 0,
        daysGiven: 0,
      };
    case 'paid': {
      if (state.renewal) return { ok: false, code: 'PAYMENT_PENDING' };
      if (state.plan.id === plan.id) return { ok: false, code: 'SAME_PLAN' };
      const daysLeft = Math.max(0, Math.floor((ms(state.periodEnd) - now.getTime()) / DAY_MS));
      const daysGiven = Math.floor(
        (daysLeft * state.plan.amountCents * plan.months) / (state.plan.months * plan.amountCents),
      );
      return {
        ok: true,
        periodStart: now.toISOString(),
        periodEnd: iso(now.getTime() + daysGiven * DAY_MS),
        daysLeft,
        daysGiven,
      };
    }
  }
};

// ---------------------------------------------------------------------------------------------- transitions

const refuse = (code: RefusalCode): Transition => ({ ok: false, code });

/** Starts the renewal of a paid period that ended: one charge, for the period after it. */
const renew = (
  state: Extract<SubscriptionState, { status: 'paid' }>,
  now: number,
  effects: Effect[],
): SubscriptionState => {
  // On time (or nearly), the new period follows the old one; a job that ran late bills from now, never for
  // days the club spent without Smart.
  const start = now - ms(state.periodEnd) > LATE_RENEWAL_TOLERANCE_MS ? iso(now) : state.periodEnd;
  const charge = chargeFor(state.plan, start);
  effects.push({ type: 'charge', ...charge });
  return { ...state, renewal: { charge, since: iso(now) } };
};

/** What is due by `now`, repeated until nothing more is (a long sleep may owe several steps). */
const passTime = (start: SubscriptionState, now: number, effects: Effect[]): SubscriptionState => {
  let state = start;
  for (let step = 0; step < 10; step += 1) {
    const next = tick(state, now, effects);
    if (next === state) return state;
    state = next;
  }
  return state;
};

const tick = (state: SubscriptionState, now: number, effects: Effect[]): SubscriptionState => {
  switch (state.status) {
    case 'freemium':
    case 'earlyAdopter':
      return state;
    case 'paymentPending':
      if (now >= ms(state.since) + FIRST_PAYMENT_TIMEOUT_DAYS * DAY_MS)
        return { status: 'freemium', lapsed: 'paymentAbandoned', paymentErrorCode: state.paymentErrorCode };
      return state;
    case 'paid': {
      if (state.renewal) {
        if (now >= ms(state.renewal.since) + RENEWAL_PENDING_GRACE_DAYS * DAY_MS) {
          effects.push({ type: 'email', kind: 'clubDeactivated' });
          return { status: 'freemium', lapsed: 'deactivated', paymentErrorCode: null };
        }
        return state;
      }
      if (now >= ms(state.periodEnd)) return renew(state, now, effects);
      if (!state.reminded && now >= ms(state.periodEnd) - RENEWAL_REMINDER_DAYS * DAY_MS) {
        effects.push({ type: 'email', kind: 'renewalInSevenDays' });
        return { ...state, reminded: true };
      }
      return state;
    }
    case 'renewalCancelled':
      if (now >= ms(state.periodEnd))
        return { status: 'freemium', lapsed: 'expired', paymentErrorCode: null };
      return state;
    case 'paymentFailed':
      if (now >= ms(state.failedAt) + PAYMENT_FAILURE_GRACE_DAYS * DAY_MS) {
        effects.push({ type: 'email', kind: 'clubDeactivated' });
        return { status: 'freemium', lapsed: 'deactivated', paymentErrorCode: state.paymentErrorCode };
      }
      return state;
    case 'partner': {
      if (now >= ms(state.periodEnd)) {
        if (!state.nextPlan) return { status: 'freemium', lapsed: 'partnerEnded', paymentErrorCode: null };
        const paid: Extract<SubscriptionState, { status: 'paid' }> = {
          status: 'paid',
          plan: state.nextPlan,
          periodStart: state.periodStart,
          periodEnd: state.periodEnd,
          reminded: true,
          renewal: null,
        };
        return renew(paid, now, effects);
      }
      if (!state.reminded && now >= ms(state.periodEnd) - PARTNER_REMINDER_DAYS * DAY_MS) {
        effects.push({ type: 'email', kind: 'partnerPeriodEnding' });
        return { ...state, reminded: true };
      }
      return state;
    }
  }
};

/**
 * The subscription's next state after `event` at `now`, with the effects to carry out in the same
 * transaction (a charge is asked of the provider once the state is stored), or a refusal. Time is caught
 * up first: an event is judged on the state as of `now` (a cancelled period that ended is Free). A refusal
 * stores nothing, not even that catching up: the scheduled job's own `timePasses` does.
 */
export const nextState = (before: SubscriptionState, event: SubscriptionEvent, now: Date): Transition => {
  const at = now.getTime();
  const effects: Effect[] = [];
  const state = passTime(before, at, effects);
  const result = apply(state, event, now, effects);
  if (!result.ok) return result;
  // An early adopter is never billed: a renewal that fell due before the grant (its job not run yet) is
  // not charged, and its emails would speak of a plan the club no longer has.
  const kept = result.state.status === 'earlyAdopter' ? [] : effects;
  // What the event made due at once (a plan change that left no whole day renews now).
  return { ok: true, state: passTime(result.state, at, kept), effects: kept };
};

/** Whether a payment answer naming `periodStart` is for the charge this state waits for. */
const answers = (state: SubscriptionState, periodStart: string | undefined): boolean => {
  if (periodStart === undefined) return true;
  const out = chargeOut(state);
  return out !== null && Date.parse(out.periodStart) === Date.parse(periodStart);
};

const apply = (
  state: SubscriptionState,
  event: SubscriptionEvent,
  now: Date,
  effects: Effect[],
): { ok: true; state: SubscriptionState } | { ok: false; code: RefusalCode } => {
  const at = now.getTime();
  const ok = (next: SubscriptionState) => ({ ok: true as const, state: next });

  if (event.type === 'earlyAdopterGranted') return ok({ status: 'earlyAdopter' });
  if (event.type === 'earlyAdopterRevoked')
    return state.status === 'earlyAdopter' ? ok(FREEMIUM) : refuse('NOT_EARLY_ADOPTER');
  if (state.status === 'earlyAdopter') {
    if (event.type === 'timePasses') return ok(state);
    // Early adopters are never billed: a payment answer is not theirs to take.
    if (event.type === 'paymentSucceeded' || event.type === 'paymentFailed')
      return refuse('PAYMENT_NOT_PENDING');
    return refuse('EARLY_ADOPTER');
  }
  if ((event.type === 'subscribe' || event.type === 'changePlan') && !validPlan(event.plan))
    return refuse('INVALID_PLAN');

  switch (event.type) {
    case 'timePasses':
      return ok(state);

    case 'subscribe':
      switch (state.status) {
        case 'freemium': {
          const charge = chargeFor(event.plan, now.toISOString());
          effects.push({ type: 'charge', ...charge });
          return ok({
            status: 'paymentPending',
            plan: event.plan,
            charge,
            since: now.toISOString(),
            paymentErrorCode: null,
          });
        }
        case 'partner':
          if (state.nextPlan) return refuse('ALREADY_SUBSCRIBED');
          return ok({ ...state, nextPlan: event.plan });
        case 'paymentPending':
          return refuse('PAYMENT_PENDING');
        default:
          return refuse('ALREADY_SUBSCRIBED');
      }

    case 'paymentSucceeded':
      if (!answers(state, event.periodStart)) return refuse('PAYMENT_NOT_PENDING');
      if (state.status === 'paymentPending' || state.status === 'paymentFailed' || state.status === 'paid')
        effects.push({ type: 'email', kind: 'paymentReceived' });
      switch (state.status) {
        case 'paymentPending':
          return ok(paidFor(state.plan, state.charge));
        case 'paid':
          if (!state.renewal) return refuse('PAYMENT_NOT_PENDING');
          return ok(paidFor(state.plan, state.renewal.charge));
        case 'paymentFailed':
          // The retry we sent, or the provider's own retry of the same charge.
          return ok(paidFor(state.plan, state.charge));
        default:
          return refuse('PAYMENT_NOT_PENDING');
      }

    case 'paymentFailed':
      if (!answers(state, event.periodStart)) return refuse('PAYMENT_NOT_PENDING');
      switch (state.status) {
        case 'paymentPending':
          if (event.code === 'authenticationRequired')
            return ok({ ...state, paymentErrorCode: 'authenticationRequired' });
          return ok({ status: 'freemium', lapsed: null, paymentErrorCode: event.code });
        case 'paid':
          if (!state.renewal) return refuse('PAYMENT_NOT_PENDING');
          effects.push({ type: 'email', kind: 'paymentFailed' });
          return ok({
            status: 'paymentFailed',
            plan: state.plan,
            periodEnd: state.periodEnd,
            charge: state.renewal.charge,
            failedAt: now.toISOString(),
            paymentErrorCode: event.code,
            retrying: false,
          });
        case 'paymentFailed':
          // The countdown does not start again.
          return ok({ ...state, paymentErrorCode: event.code, retrying: false });
        default:
          return refuse('PAYMENT_NOT_PENDING');
      }

    case 'retryPayment':
      if (state.status !== 'paymentFailed') return refuse('PAYMENT_NOT_FAILED');
      if (state.retrying) return refuse('PAYMENT_PENDING');
      effects.push({ type: 'charge', ...state.charge });
      return ok({ ...state, retrying: true });

    case 'changePlan': {
      const preview = changePlanPreview(state, event.plan, now);
      if (!preview.ok) return preview;
      if (state.status === 'partner') {
        effects.push({ type: 'email', kind: 'planChanged' });
        return ok({ ...state, nextPlan: event.plan });
      }
      if (state.status !== 'paid') return refuse('NOT_SUBSCRIBED');
      effects.push({ type: 'email', kind: 'planChanged' });
      return ok({
        ...state,
        plan: event.plan,
        periodStart: preview.periodStart,
        periodEnd: preview.periodEnd,
        reminded: false,
      });
    }

    case 'cancelRenewal':
      switch (state.status) {
        case 'paid':
          if (state.renewal || at > ms(state.periodEnd) - CANCEL_NOTICE_DAYS * DAY_MS)
            return refuse('CANCEL_TOO_LATE');
          effects.push({ type: 'email', kind: 'renewalCancelled' });
          return ok({
            status: 'renewalCancelled',
            plan: state.plan,
            periodStart: state.periodStart,
            periodEnd: state.periodEnd,
          });
        case 'partner':
          if (!state.nextPlan) return refuse('NOT_SUBSCRIBED');
          if (at > ms(state.periodEnd) - CANCEL_NOTICE_DAYS * DAY_MS) return refuse('CANCEL_TOO_LATE');
          effects.push({ type: 'email', kind: 'renewalCancelled' });
          return ok({ ...state, nextPlan: null });
        case 'paymentFailed':
          // Nothing paid to keep: the club is Free at once and the unpaid charge is dropped.
          return ok({ status: 'freemium', lapsed: 'cancelled', paymentErrorCode: null });
        case 'renewalCancelled':
          return refuse('ALREADY_CANCELLED');
        case 'paymentPending':
          return refuse('PAYMENT_PENDING');
        case 'freemium':
          return refuse('NOT_SUBSCRIBED');
      }
      return refuse('NOT_SUBSCRIBED');

    case 'reactivate':
      switch (state.status) {
        case 'renewalCancelled':
          // passTime already turned an ended period into freemium, so here it has not ended.
          effects.push({ type: 'email', kind: 'reactivated' });
          return ok(paidFor(state.plan, state));
        case 'freemium':
          return refuse(state.lapsed === 'expired' ? 'SUBSCRIPTION_EXPIRED' : 'NOT_SUBSCRIBED');
        default:
          return refuse('NOT_CANCELLED');
      }

    case 'partnerGranted': {
      if (event.months !== 6 && event.months !== 12) return refuse('INVALID_PLAN');
      if (state.status === 'freemium') {
        const start = now.toISOString();
        return ok({
          status: 'partner',
          brandId: event.brandId,
          periodStart: start,
          periodEnd: addMonths(start, event.months),
          reminded: false,
          nextPlan: null,
        });
      }
      if (state.status === 'partner')
        return ok({
          ...state,
          brandId: event.brandId,
          periodEnd: addMonths(state.periodEnd, event.months),
          reminded: false,
        });
      return refuse('SUBSCRIPTION_ACTIVE');
    }
  }
};

/**
 * The `subscriptions` row's flags for a state (null = no row: Free or early adopter). `currentPeriodEnd`
 * is the end of what is paid (or offered); the countdown of a failed payment is not in the row.
 */
export const subscriptionRowFlags = (
  state: SubscriptionState,
): {
  kind: 'paid' | 'partner';
  currentPeriodEnd: string;
  isRenewalCancelled: boolean;
  isPaymentPending: boolean;
  paymentErrorCode: PaymentErrorCode | null;
} | null => {
  switch (state.status) {
    case 'freemium':
    case 'earlyAdopter':
      return null;
    case 'paymentPending':
      return {
        kind: 'paid',
        currentPeriodEnd: state.charge.periodEnd,
        isRenewalCancelled: false,
        isPaymentPending: true,
        paymentErrorCode: state.paymentErrorCode,
      };
    case 'paid':
      return {
        kind: 'paid',
        currentPeriodEnd: state.periodEnd,
        isRenewalCancelled: false,
        isPaymentPending: state.renewal !== null,
        paymentErrorCode: null,
      };
    case 'renewalCancelled':
      return {
        kind: 'paid',
        currentPeriodEnd: state.periodEnd,
        isRenewalCancelled: true,
        isPaymentPending: false,
        paymentErrorCode: null,
      };
    case 'paymentFailed':
      return {
        kind: 'paid',
        currentPeriodEnd: state.periodEnd,
        isRenewalCancelled: false,
        isPaymentPending: state.retrying,
        paymentErrorCode: state.paymentErrorCode,
      };
    case 'partner':
      return {
        kind: 'partner',
        currentPeriodEnd: state.periodEnd,
        isRenewalCancelled: state.nextPlan === null,
        isPaymentPending: false,
        paymentErrorCode: null,
      };
  }
};

// ---------------------------------------------------------------------------------------------- what the owner sees

/** What the payment screen is for, as the club stands: the owner app shows that flow and decides nothing. */
export const PAYMENT_SCREEN_MODES = ['subscribe', 'payAgain', 'cards', 'pending', 'nothingToPay'] as const;
export type PaymentScreenMode = (typeof PAYMENT_SCREEN_MODES)[number];

/** What a plan's button does for the club now. */
export const PLAN_CHOICE_KINDS = [
  /** Free (or a partner period with nothing chosen after it): subscribe, paying now (or when the offer ends). */
  'subscribe',
  /** Another plan than the one paid: change, the days left carried over, nothing charged. */
  'change',
  /** The plan whose renewal was cancelled: restore the renewal, nothing charged. */
  'reactivate',
  /** Another plan while the renewal is cancelled: restore the renewal with this plan. */
  'reactivateWith',
  /** The plan whose renewal failed: pay it again. */
  'payAgain',
  /** The plan whose first payment waits for the bank's confirmation: confirm it. */
  'confirm',
  /** The club's plan, nothing to do. */
  'current',
  /** Not now (a payment is out or failed, or the club is an early adopter). */
  'unavailable',
] as const;
export type PlanChoiceKind = (typeof PLAN_CHOICE_KINDS)[number];

/** Why a plan is the current one, for its label; why it is unavailable. */
export type PlanChoice =
  | { kind: Exclude<PlanChoiceKind, 'current' | 'unavailable'>; needsCard: boolean }
  | { kind: 'current'; label: 'active' | 'notRenewing' | 'startsAfterOffer' | 'pending' | 'failed' }
  | { kind: 'unavailable'; reason: 'paymentPending' | 'paymentFailed' | 'earlyAdopter' };

/** The state as of `now`: what is due by then applied (without its effects), as every question reads it. */
const asOf = (state: SubscriptionState, now: Date): SubscriptionState => passTime(state, now.getTime(), []);

/** What choosing `plan` does for the club at `now`. */
export const planChoice = (
  stored: SubscriptionState,
  plan: Pick<BillingPlan, 'id'>,
  now: Date,
): PlanChoice => {
  const state = asOf(stored, now);
  switch (state.status) {
    case 'earlyAdopter':
      return { kind: 'unavailable', reason: 'earlyAdopter' };
    case 'freemium':
      return { kind: 'subscribe', needsCard: true };
    case 'paymentPending':
      if (state.plan.id !== plan.id) return { kind: 'unavailable', reason: 'paymentPending' };
      return state.paymentErrorCode === 'authenticationRequired'
        ? { kind: 'confirm', needsCard: false }
        : { kind: 'current', label: 'pending' };
    case 'paid':
      if (state.plan.id === plan.id) return { kind: 'current', label: state.renewal ? 'pending' : 'active' };
      return state.renewal
        ? { kind: 'unavailable', reason: 'paymentPending' }
        : { kind: 'change', needsCard: false };
    case 'renewalCancelled':
      return state.plan.id === plan.id
        ? { kind: 'reactivate', needsCard: true }
        : { kind: 'reactivateWith', needsCard: true };
    case 'paymentFailed':
      if (state.plan.id !== plan.id) return { kind: 'unavailable', reason: 'paymentFailed' };
      return state.retrying ? { kind: 'current', label: 'pending' } : { kind: 'payAgain', needsCard: true };
    case 'partner':
      if (!state.nextPlan) return { kind: 'subscribe', needsCard: true };
      return state.nextPlan.id === plan.id
        ? { kind: 'current', label: 'startsAfterOffer' }
        : { kind: 'change', needsCard: true };
  }
};

/**
 * The events that carry out choosing `plan` at `now` ('waiting' when a payment only needs the owner's
 * confirmation again), or the refusal that explains why it cannot be chosen.
 */
export const choiceEvents = (
  stored: SubscriptionState,
  plan: BillingPlan,
  now: Date,
): { ok: true; events: SubscriptionEvent[] | 'waiting' } | { ok: false; code: RefusalCode } => {
  const choice = planChoice(stored, plan, now);
  const events = (list: SubscriptionEvent[] | 'waiting') => ({ ok: true as const, events: list });
  switch (choice.kind) {
    case 'subscribe':
      return events([{ type: 'subscribe', plan }]);
    case 'change':
      return events([{ type: 'changePlan', plan }]);
    case 'reactivate':
      return events([{ type: 'reactivate' }]);
    case 'reactivateWith':
      return events([{ type: 'reactivate' }, { type: 'changePlan', plan }]);
    case 'payAgain':
      return events([{ type: 'retryPayment' }]);
    case 'confirm':
      return events('waiting');
    case 'current':
      return { ok: false, code: choice.label === 'pending' ? 'PAYMENT_PENDING' : 'SAME_PLAN' };
    case 'unavailable':
      return {
        ok: false,
        code:
          choice.reason === 'earlyAdopter'
            ? 'EARLY_ADOPTER'
            : choice.reason === 'paymentFailed'
              ? 'PAYMENT_FAILED'
              : 'PAYMENT_PENDING',
      };
  }
};

/** Everything the owner's screens show about a subscription, decided here and only here. */
export type SubscriptionView = {
  status: SubscriptionStatus;
  isSmart: boolean;
  /** The end of what is paid or offered (ISO); null when nothing is. */
  periodEnd: string | null;
  /** The next charge and when (a renewal that will happen, or the unpaid one of a failed payment). */
  nextInvoice: { on: string; cents: number } | null;
  /** A charge is out and not answered yet. */
  paymentPending: boolean;
  paymentErrorCode: PaymentErrorCode | null;
  daysBeforeDeactivation: number | null;
  /** The last instant the renewal may be cancelled (ISO); null when there is nothing to cancel now. */
  cancelUntil: string | null;
  /** Whether a cancelled renewal can be restored now. */
  canReactivate: boolean;
  paymentScreen: PaymentScreenMode;
};

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

const cancelUntilOf = (state: SubscriptionState): string | null => {
  switch (state.status) {
    case 'paid':
      return state.renewal ? null : iso(ms(state.periodEnd) - CANCEL_NOTICE_DAYS * DAY_MS);
    case 'partner':
      return state.nextPlan ? iso(ms(state.periodEnd) - CANCEL_NOTICE_DAYS * DAY_MS) : null;
    case 'paymentFailed':
      // Cancelling during the countdown ends Smart at once; possible until the countdown ends.
      return iso(ms(state.failedAt) + PAYMENT_FAILURE_GRACE_DAYS * DAY_MS);
    default:
      return null;
  }
};

const paymentScreenOf = (state: SubscriptionState): PaymentScreenMode => {
  switch (state.status) {
    case 'earlyAdopter':
      return 'nothingToPay';
    case 'paymentFailed':
      return state.retrying ? 'pending' : 'payAgain';
    case 'paymentPending':
      // A first payment the bank wants confirmed: subscribing again gives the same confirmation.
      return state.paymentErrorCode === 'authenticationRequired' ? 'subscribe' : 'pending';
    case 'paid':
      return state.renewal ? 'pending' : 'cards';
    case 'freemium':
      return 'subscribe';
    case 'partner':
      return state.nextPlan ? 'cards' : 'subscribe';
    case 'renewalCancelled':
      return 'cards';
  }
};

/** The subscription as the owner sees it at `now`. */
export const subscriptionView = (stored: SubscriptionState, now: Date): SubscriptionView => {
  const state = asOf(stored, now);
  const smart = isSmart(state, now);
  const at = now.getTime();
  const cancelUntil = cancelUntilOf(state);
  return {
    status: state.status,
    isSmart: smart,
    periodEnd: periodEndOf(state),
    nextInvoice: smart ? nextInvoiceOf(state) : null,
    paymentPending: chargeOut(state) !== null && (state.status !== 'paymentFailed' || state.retrying),
    paymentErrorCode:
      state.status === 'freemium' || state.status === 'paymentPending' || state.status === 'paymentFailed'
        ? state.paymentErrorCode
        : null,
    daysBeforeDeactivation: daysBeforeDeactivation(state, now),
    cancelUntil: cancelUntil !== null && ms(cancelUntil) >= at ? cancelUntil : null,
    canReactivate: state.status === 'renewalCancelled',
    paymentScreen: paymentScreenOf(state),
  };
};
