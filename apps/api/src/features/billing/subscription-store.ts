import {
  billedPlan,
  chargeOut,
  type Effect,
  type EmailKind,
  nextState,
  nextWakeUp,
  type RefusalCode,
  type SubscriptionEvent,
  type SubscriptionState,
  smartUntil,
  subscriptionRowFlags,
} from '@carta/contract/subscription-rules';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { accounts, billingJobs, charges, clubs, paymentPlans, subscriptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { signalGuestPagesChanged } from '../../plugins/guest-cache.ts';
import { storedState } from '../payments/stored-state.ts';

// The subscription as stored (docs/decisions/0049-subscriptions-stored-and-run.md): the rules' state in `subscriptions.state`,
// the flag columns every other reader uses derived from it, the one due job per club, and the charges the
// rules asked for. Every change goes through `transition`, inside the caller's transaction, with the club's
// row locked, so a webhook, the owner and the job runner never interleave on one club.

type SubscriptionRow = typeof subscriptions.$inferSelect;
type ChargeReason = 'first' | 'renewal' | 'retry';

export type LockedSubscription = {
  clubId: number;
  clubName: string;
  freeForever: boolean;
  owner: { email: string; name: string; language: string };
  row: SubscriptionRow | null;
  state: SubscriptionState;
};

/** What a transition leaves to do once its transaction commits. */
export type AfterCommit = { emails: EmailKind[]; chargeIds: number[] };

/** The club's row locked until the transaction ends, with its subscription state; 404 without a club. */
export const lockSubscription = async (tx: Transaction, clubId: number): Promise<LockedSubscription> => {
  const [found] = await tx
    .select({
      clubName: clubs.name,
      freeForever: clubs.freeForever,
      owner: { email: accounts.email, name: accounts.name, language: accounts.language },
      row: subscriptions,
      plan: {
        months: paymentPlans.months,
        priceCents: paymentPlans.priceCents,
        vatBasisPoints: paymentPlans.vatBasisPoints,
      },
    })
    .from(clubs)
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .leftJoin(subscriptions, eq(subscriptions.clubId, clubs.id))
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
    .where(eq(clubs.id, clubId))
    .for('update', { of: clubs });
  if (!found) throw notFound();
  const state = storedState(found.row, found.plan, found.freeForever, new Date());
  return {
    clubId,
    clubName: found.clubName,
    freeForever: found.freeForever,
    owner: found.owner,
    row: found.row,
    state,
  };
};

/** Writes the state and the columns derived from it. */
const writeState = async (
  tx: Transaction,
  locked: LockedSubscription,
  state: SubscriptionState,
  now: Date,
) => {
  const flags = subscriptionRowFlags(state);
  const until = smartUntil(state);
  const columns = {
    state,
    smartUntil: until === null || !Number.isFinite(until) ? null : new Date(until),
    paymentPlanId: billedPlan(state)?.id ?? locked.row?.paymentPlanId ?? null,
    sponsorBrandId: state.status === 'partner' ? state.brandId : null,
    kind: flags?.kind ?? locked.row?.kind ?? ('paid' as const),
    currentPeriodEnd: flags ? new Date(flags.currentPeriodEnd) : (locked.row?.currentPeriodEnd ?? now),
    isRenewalCancelled: flags?.isRenewalCancelled ?? false,
    isPaymentPending: flags?.isPaymentPending ?? false,
    paymentErrorCode:
      flags?.paymentErrorCode ?? (state.status === 'freemium' ? state.paymentErrorCode : null),
    paymentFailedAt: state.status === 'paymentFailed' ? new Date(state.failedAt) : null,
    updatedAt: now,
  };
  if (locked.row) await tx.update(subscriptions).set(columns).where(eq(subscriptions.clubId, locked.clubId));
  else await tx.insert(subscriptions).values({ clubId: locked.clubId, ...columns });
  // The plan decides which menus, theme and banners guests see (0048): their kept pages go at commit.
  await signalGuestPagesChanged(tx, locked.clubId);
};

/** The one due job: what `nextWakeUp` says, or none. */
const writeJob = async (tx: Transaction, clubId: number, state: SubscriptionState) => {
  const next = nextWakeUp(state);
  if (!next) {
    await tx.delete(billingJobs).where(eq(billingJobs.clubId, clubId));
    return;
  }
  const values = { job: next.job, dueAt: new Date(next.at), attempts: 0, lastError: null };
  await tx
    .insert(billingJobs)
    .values({ clubId, ...values })
    .onConflictDoUpdate({ target: billingJobs.clubId, set: values });
};

export type TransitionOptions = {
  /** The owner is at the screen: a first payment or their retry may ask for authentication. */
  isOwnerPresent?: boolean;
  /** The club's currency, for the charges this transition asks for. */
  currency?: string;
};

/**
 * The rules' next state after `event` at `now`, stored with its job and its charges; a refusal throws 409
 * with the refusal's code and stores nothing. What must happen after the commit (emails, sending the
 * charges) is answered.
 */
export const transition = async (
  tx: Transaction,
  locked: LockedSubscription,
  event: SubscriptionEvent,
  now: Date,
  options: TransitionOptions = {},
): Promise<{ state: SubscriptionState } & AfterCommit> => {
  const result = nextState(locked.state, event, now);
  if (!result.ok) throw refusal(result.code);
  return store(tx, locked, result.state, result.effects, now, options);
};

export const refusal = (code: RefusalCode) => new AppError(409, code);

const store = async (
  tx: Transaction,
  locked: LockedSubscription,
  state: SubscriptionState,
  effects: Effect[],
  now: Date,
  options: TransitionOptions,
): Promise<{ state: SubscriptionState } & AfterCommit> => {
  await writeState(tx, locked, state, now);
  await writeJob(tx, locked.clubId, state);
  // A charge no longer waited for (the renewal was cancelled during a failure, the club became an early
  // adopter) is not sent; one already sent gets its answer refused by the rules.
  const waited = chargeOut(state);
  await tx
    .update(charges)
    .set({ status: 'dropped', updatedAt: now })
    .where(
      and(
        eq(charges.clubId, locked.clubId),
        inArray(charges.status, ['pending', 'requiresAction']),
        ...(waited ? [ne(charges.periodStart, new Date(waited.periodStart))] : []),
      ),
    );
  const chargeIds: number[] = [];
  const emails: EmailKind[] = [];
  for (const effect of effects) {
    if (effect.type === 'email') emails.push(effect.kind);
    if (effect.type !== 'charge') continue;
    const reason: ChargeReason =
      locked.state.status === 'freemium' ? 'first' : options.isOwnerPresent ? 'retry' : 'renewal';
    const [charge] = await tx
      .insert(charges)
      .values({
        clubId: locked.clubId,
        paymentPlanId: effect.planId,
        amountCents: effect.amountCents,
        currency: options.currency ?? 'EUR',
        periodStart: new Date(effect.periodStart),
        periodEnd: new Date(effect.periodEnd),
        reason,
      })
      .returning({ id: charges.id });
    if (charge) chargeIds.push(charge.id);
  }
  locked.state = state;
  return { state, emails, chargeIds };
};

/**
 * Stores a state as it is (the sandbox's test clock, which moves a subscription's dates): the job follows
 * it; nothing is charged and no email leaves.
 */
export const overwriteState = async (
  tx: Transaction,
  locked: LockedSubscription,
  state: SubscriptionState,
  now: Date,
) => {
  await writeState(tx, locked, state, now);
  await writeJob(tx, locked.clubId, state);
  locked.state = state;
};
