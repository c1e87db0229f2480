// Over 300 lines and kept one file: one property, whose oracle (`live`) keeps its own books beside the
// machine step by step; the commands drawn and the checks after each step read those same books.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BillingPlan,
  type Charge,
  changePlanPreview,
  daysBeforeDeactivation,
  type Effect,
  FREEMIUM,
  isSmart,
  nextState,
  nextWakeUp,
  PAYMENT_FAILURE_GRACE_DAYS,
  RENEWAL_PENDING_GRACE_DAYS,
  type SubscriptionEvent,
  type SubscriptionState,
  servedMenuLimit,
} from '../src/subscription-rules.ts';

// Random lives of one club: subscribe, change plan, cancel, reactivate, payments answered well or badly,
// partner and early-adopter grants, restarts and time passing (the scheduler calls `timePasses`). An
// oracle keeps its own books from the effects and the accepted events, and checks the rules after every
// step.

const DAY = 24 * 60 * 60 * 1000;
const RUNS = 2000;
const PLANS: BillingPlan[] = [
  { id: 1, months: 1, amountCents: 1220 },
  { id: 2, months: 12, amountCents: 7320 },
  { id: 3, months: 6, amountCents: 4999 },
];

const STALE = '2001-01-01T00:00:00.000Z';

type Command =
  | { kind: 'event'; event: SubscriptionEvent }
  | { kind: 'advance'; ms: number }
  /** Time passes and no job runs: the next event arrives between a deadline and its job. */
  | { kind: 'advanceQuietly'; ms: number }
  | { kind: 'restart' };

const planArb = fc.constantFrom(...PLANS);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 15,
    arbitrary: fc.integer({ min: 0, max: 40 * DAY }).map((ms) => ({ kind: 'advance', ms }) as Command),
  },
  {
    weight: 5,
    arbitrary: fc
      .integer({ min: 0, max: 3 * 60 * 60 * 1000 })
      .map((ms) => ({ kind: 'advance', ms }) as Command),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0, max: 400 * DAY }).map((ms) => ({ kind: 'advance', ms }) as Command),
  },
  {
    weight: 6,
    arbitrary: fc.integer({ min: 0, max: 40 * DAY }).map((ms) => ({ kind: 'advanceQuietly', ms }) as Command),
  },
  {
    weight: 12,
    arbitrary: planArb.map((plan) => ({ kind: 'event', event: { type: 'subscribe', plan } }) as Command),
  },
  {
    weight: 8,
    arbitrary: planArb.map((plan) => ({ kind: 'event', event: { type: 'changePlan', plan } }) as Command),
  },
  { weight: 5, arbitrary: fc.constant<Command>({ kind: 'event', event: { type: 'cancelRenewal' } }) },
  { weight: 5, arbitrary: fc.constant<Command>({ kind: 'event', event: { type: 'reactivate' } }) },
  { weight: 15, arbitrary: fc.constant<Command>({ kind: 'event', event: { type: 'paymentSucceeded' } }) },
  {
    weight: 12,
    arbitrary: fc
      .constantFrom('declined', 'insufficientFunds', 'authenticationRequired' as const)
      .map((code) => ({ kind: 'event', event: { type: 'paymentFailed', code } }) as Command),
  },
  { weight: 10, arbitrary: fc.constant<Command>({ kind: 'event', event: { type: 'retryPayment' } }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(6 as const, 12 as const)
      .map((months) => ({ kind: 'event', event: { type: 'partnerGranted', months, brandId: 7 } }) as Command),
  },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'event', event: { type: 'earlyAdopterGranted' } }) },
  { weight: 2, arbitrary: fc.constant<Command>({ kind: 'event', event: { type: 'earlyAdopterRevoked' } }) },
  { weight: 2, arbitrary: fc.constant<Command>({ kind: 'restart' }) },
  // An answer to an older attempt, arriving late.
  {
    weight: 2,
    arbitrary: fc.constant<Command>({
      kind: 'event',
      event: { type: 'paymentSucceeded', periodStart: STALE },
    }),
  },
);

/** The oracle's books, kept from what it saw, not from the machine's state. */
type Books = {
  early: boolean;
  /** The end of what the club paid for (or carried into a new plan). */
  paidThrough: number;
  /** The end of what a brand offered. */
  offeredThrough: number;
  /** The charge asked and not answered, and why it was asked. */
  outstanding: { charge: Charge; kind: 'first' | 'renewal' | 'retry'; since: number } | null;
  /** The renewal charge that failed (a provider retry may still succeed), and when it first failed. */
  failed: { charge: Charge; at: number } | null;
  /** The renewal was cancelled (and not reactivated, nor a new subscription made). */
  cancelled: { until: number } | null;
  charged: Charge[];
};

const expectedSmart = (books: Books, now: number): boolean =>
  books.early ||
  now < books.paidThrough ||
  now < books.offeredThrough ||
  (books.outstanding?.kind === 'renewal' &&
    now < books.outstanding.since + RENEWAL_PENDING_GRACE_DAYS * DAY) ||
  (books.failed !== null && now < books.failed.at + PAYMENT_FAILURE_GRACE_DAYS * DAY);

const periodEndOf = (state: SubscriptionState): number | null =>
  'periodEnd' in state ? Date.parse(state.periodEnd) : null;

const live = (commands: Command[], saw: (what: string) => void) => {
  let now = Date.parse('2026-01-10T09:00:00.000Z');
  let state: SubscriptionState = FREEMIUM;
  const books: Books = {
    early: false,
    paidThrough: 0,
    offeredThrough: 0,
    outstanding: null,
    failed: null,
    cancelled: null,
    charged: [],
  };

  /** Books an accepted event (or the catching up before it) that took `before` to `after`. */
  const book = (
    event: SubscriptionEvent,
    before: SubscriptionState,
    after: SubscriptionState,
    effects: Effect[],
    preview: ReturnType<typeof changePlanPreview> | null,
  ) => {
    state = after;
    saw(event.type);
    if (before.status !== state.status)
      saw(`${before.status} → ${state.status}${state.status === 'freemium' ? `:${state.lapsed}` : ''}`);

    // The accepted event, in the books.
    switch (event.type) {
      case 'subscribe':
        books.cancelled = null;
        break;
      case 'paymentSucceeded': {
        const paid = books.outstanding?.charge ?? books.failed?.charge;
        expect(paid, 'a success with nothing asked').toBeDefined();
        if (!paid) break;
        expect(books.early, 'an early adopter charged').toBe(false);
        books.charged.push(paid);
        saw('charged');
        if (before.status === 'paid') saw('renewal charged');
        if (before.status === 'paymentFailed') saw('retried and paid');
        books.paidThrough = Date.parse(paid.periodEnd);
        books.outstanding = null;
        books.failed = null;
        break;
      }
      case 'paymentFailed': {
        const out = books.outstanding;
        if (out?.kind === 'renewal') books.failed = { charge: out.charge, at: now };
        if (out?.kind === 'first' && event.code === 'authenticationRequired') break;
        if (out) books.outstanding = null;
        break;
      }
      case 'changePlan': {
        expect(preview?.ok).toBe(true);
        if (state.status === 'paid' && preview?.ok && before.status === 'paid') {
          // No extra cost: the new period is worth no more than what was left of the old one.
          const daysLeft = Math.max(0, Math.floor((books.paidThrough - now) / DAY));
          const daysGiven = (Date.parse(preview.periodEnd) - now) / DAY;
          expect(daysGiven * event.plan.amountCents * before.plan.months).toBeLessThanOrEqual(
            daysLeft * before.plan.amountCents * event.plan.months,
          );
          books.paidThrough = Date.parse(preview.periodEnd);
        }
        break;
      }
      case 'cancelRenewal':
        if (before.status === 'paymentFailed') {
          books.failed = null;
          books.outstanding = null;
        }
        books.cancelled = { until: periodEndOf(before) ?? now };
        break;
      case 'reactivate':
        expect(books.cancelled, 'reactivated without a cancel').not.toBeNull();
        expect(now, 'reactivated after the expiry').toBeLessThan(books.cancelled?.until ?? 0);
        books.cancelled = null;
        break;
      case 'partnerGranted':
        books.offeredThrough = periodEndOf(state) ?? 0;
        break;
      case 'earlyAdopterGranted':
        books.early = true;
        books.outstanding = null;
        books.failed = null;
        books.cancelled = null;
        break;
      case 'earlyAdopterRevoked':
        books.early = false;
        books.paidThrough = 0;
        books.offeredThrough = 0;
        break;
      default:
        break;
    }

    // What the machine asked for.
    for (const effect of effects) {
      if (effect.type !== 'charge') continue;
      expect(books.early, 'an early adopter billed').toBe(false);
      expect(books.cancelled, 'a cancelled subscription billed').toBeNull();
      expect(books.outstanding, 'a second charge while one is out').toBeNull();
      expect(Number.isSafeInteger(effect.amountCents) && effect.amountCents > 0, 'a charge of no money').toBe(
        true,
      );
      expect(Date.parse(effect.periodEnd)).toBeGreaterThan(Date.parse(effect.periodStart));
      expect(Date.parse(effect.periodStart), 'a period charged twice').toBeGreaterThanOrEqual(
        books.paidThrough,
      );
      const { type: _type, ...charge } = effect;
      const kind =
        event.type === 'subscribe' && before.status === 'freemium'
          ? 'first'
          : event.type === 'retryPayment'
            ? 'retry'
            : 'renewal';
      if (kind === 'retry') expect(charge).toEqual(books.failed?.charge);
      books.outstanding = { charge, kind, since: now };
    }

    // Answers that can no longer come (the machine gave up on them): a late success would be refused.
    if (state.status === 'freemium' || state.status === 'earlyAdopter') {
      books.outstanding = null;
      books.failed = null;
    }
    if (state.status === 'paymentPending' && books.outstanding === null)
      throw new Error('pending without a charge');
  };

  const send = (event: SubscriptionEvent) => {
    const before = state;
    const at = new Date(now);
    const preview = event.type === 'changePlan' ? changePlanPreview(before, event.plan, at) : null;
    const result = nextState(before, event, at);
    if (!result.ok) return result;
    if ('periodStart' in event)
      expect(event.periodStart, 'an answer to another charge taken').not.toBe(STALE);
    let effects = result.effects;
    let judged = before;
    if (event.type !== 'timePasses') {
      // An event that arrives after a deadline whose job has not run: what fell due is caught up first,
      // with its own effects (a renewal charged), then the event is judged on that state.
      const caught = nextState(before, { type: 'timePasses' }, at);
      if (!caught.ok) throw new Error('timePasses refused');
      if (JSON.stringify(caught.state) !== JSON.stringify(before)) {
        saw('event between a deadline and its job');
        const count = caught.effects.length;
        if (JSON.stringify(effects.slice(0, count)) === JSON.stringify(caught.effects)) {
          book({ type: 'timePasses' }, before, caught.state, caught.effects, null);
          effects = effects.slice(count);
        } else {
          // Only an early adoption drops what catching up asked for: nothing is billed to it.
          expect(result.state.status, 'catching up lost its effects').toBe('earlyAdopter');
        }
        judged = caught.state;
      }
    }
    book(event, judged, result.state, effects, preview);
    return result;
  };

  const check = () => {
    // Around the next deadline, the state read before its job ran says the same about Smart as after.
    const wake = nextWakeUp(state);
    if (wake)
      for (const offset of [-1, 0, 1, DAY / 2, DAY]) {
        const t = new Date(Date.parse(wake.at) + offset);
        const caughtUp = nextState(state, { type: 'timePasses' }, t);
        if (!caughtUp.ok) throw new Error('timePasses refused');
        expect(isSmart(state, t), `Smart before the ${wake.job} job ran, at ${offset}`).toBe(
          isSmart(caughtUp.state, t),
        );
      }
    const at = new Date(now);
    // Behind its job (time passed quietly), the books judge the state once the job has run.
    const caughtUp = nextState(state, { type: 'timePasses' }, at);
    if (caughtUp.ok && JSON.stringify(caughtUp.state) !== JSON.stringify(state)) return;
    expect(isSmart(state, at), `Smart at ${at.toISOString()} in ${JSON.stringify(state)}`).toBe(
      expectedSmart(books, now),
    );
    expect(servedMenuLimit(state, at)).toBe(isSmart(state, at) ? null : 2);
    if (books.failed && now >= books.failed.at + PAYMENT_FAILURE_GRACE_DAYS * DAY)
      expect(state.status, 'still billed after seven days of failed payment').toBe('freemium');
    const days = daysBeforeDeactivation(state, at);
    if (state.status === 'paymentFailed') expect(days).toBeGreaterThanOrEqual(0);
    if (days !== null) expect(days).toBeLessThanOrEqual(PAYMENT_FAILURE_GRACE_DAYS);
    if (books.early) expect(state.status).toBe('earlyAdopter');
  };

  for (const command of commands) {
    if (command.kind === 'advance') {
      const before = state;
      const wake = nextWakeUp(before);
      now += command.ms;
      // The scheduler's job: it runs at (or after) the time it was given.
      send({ type: 'timePasses' });
      // Read before the job ran (it may be up to a day late), the state says the same about Smart.
      if (wake && now <= Date.parse(wake.at) + DAY)
        expect(isSmart(before, new Date(now)), 'Smart differs before the job ran').toBe(
          isSmart(state, new Date(now)),
        );
    } else if (command.kind === 'advanceQuietly') {
      now += command.ms;
      // No job ran: the books learn what fell due from the next event's effects.
    } else if (command.kind === 'restart') {
      const stored = JSON.stringify(state);
      state = JSON.parse(stored);
      expect(JSON.stringify(state)).toBe(stored);
    } else {
      const result = send(command.event);
      // A refusal stores nothing; the scheduled job then catches up with the time.
      if (!result.ok) send({ type: 'timePasses' });
    }
    check();
  }
  return books;
};

describe('subscription rules, random lives', () => {
  it('Smart exactly when paid, offered, early or within a grace; never billed twice, for nothing, or when it should not', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 10, maxLength: 100, size: 'max' }), (commands) => {
        live(commands, (what) => seen.set(what, (seen.get(what) ?? 0) + 1));
      }),
      { numRuns: RUNS },
    );
    // The lives reached every rule, not only refusals.
    for (const what of [
      'charged',
      'renewal charged',
      'changePlan',
      'reactivate',
      'retried and paid',
      'paymentFailed → freemium:deactivated',
      'renewalCancelled → freemium:expired',
      'partner → freemium:partnerEnded',
      'partner → paid',
      'earlyAdopterGranted',
      'event between a deadline and its job',
    ])
      expect(seen.get(what) ?? 0, what).toBeGreaterThan(10);
  });
});
