import type { Language } from '@carta/contract/limits';
import {
  billedPlan,
  chargeOut,
  type Effect,
  type EmailKind,
  FREEMIUM,
  isSmart,
  nextState,
  type RefusalCode,
  type SubscriptionEvent,
  type SubscriptionState,
  smartUntil,
  subscriptionRowFlags,
} from '@carta/contract/subscription-rules';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import { accounts, clubs, paymentPlans, subscriptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { signalGuestPagesChanged } from '../../plugins/guest-cache.ts';
import { turnOnSmartSettings } from '../clubs/smart-settings.ts';
import { type ChargeReason, dropChargesNotWaited, insertCharge } from './charge-store.ts';
import { writeJob } from './job-store.ts';

// The subscription as stored (docs/decisions/0049-subscriptions-stored-and-run.md): the rules' state in `subscriptions.state`,
// the flag columns every other reader uses derived from it, the one due job per club, and the charges the
// rules asked for. Every change goes through `transition`, inside the caller's transaction, with the club's
// row locked, so a webhook, the owner and the job runner never interleave on one club.

type SubscriptionRow = typeof subscriptions.$inferSelect;

export type LockedSubscription = {
  clubId: number;
  clubName: string;
  freeForever: boolean;
  owner: { email: string; name: string; language: Language };
  row: SubscriptionRow | null;
  /** The billed plan's currency (EUR when none is billed yet). */
  currency: string;
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
      currency: paymentPlans.currency,
    })
    .from(clubs)
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .leftJoin(subscriptions, subscriptionOfClub)
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
    .where(eq(clubs.id, clubId))
    .for('update', { of: clubs });
  if (!found) throw notFound();
  const state = found.row?.state ?? FREEMIUM;
  return {
    clubId,
    clubName: found.clubName,
    freeForever: found.freeForever,
    owner: found.owner,
    row: found.row,
    currency: found.currency ?? 'EUR',
    state,
  };
};

/**
 * `smart_until` of an early adopter, Smart for ever: a date rather than null, so that one SQL condition
 * (`smart_until > now()`) reads Smart exactly as the rules' `isSmart` does.
 */
export const FOREVER = new Date('9999-12-31T00:00:00.000Z');

/**
 * The SQL condition "the subscription is Smart now", the rules' `isSmart` over the stored `smart_until`
 * (written from the rules' `smartUntil` at every change; FOREVER for early adopters).
 */
export const isSmartNowSql = () => sql`${subscriptions.smartUntil} > now()`;

const positiveOrNull = (id: number | undefined) => (id !== undefined && id > 0 ? id : null);

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
    smartUntil: until === null ? null : Number.isFinite(until) ? new Date(until) : FOREVER,
    // Ids of 0 come from rows migrated without a plan or a brand (0016): no row to point at.
    paymentPlanId: positiveOrNull(billedPlan(state)?.id) ?? locked.row?.paymentPlanId ?? null,
    sponsorBrandId: state.status === 'partner' ? positiveOrNull(state.brandId) : null,
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
  // The admin's early-adopter flag is the state's, kept on the club for the lists that show it.
  const isEarlyAdopter = state.status === 'earlyAdopter';
  if (isEarlyAdopter !== locked.freeForever) {
    await tx.update(clubs).set({ freeForever: isEarlyAdopter }).where(eq(clubs.id, locked.clubId));
    locked.freeForever = isEarlyAdopter;
  }
  if (!isSmart(locked.state, now) && isSmart(state, now)) await turnOnSmartSettings(tx, locked.clubId);
  // The plan decides which menus, theme and banners guests see (0048): their kept pages go at commit.
  await signalGuestPagesChanged(tx, locked.clubId);
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
  await dropChargesNotWaited(tx, locked.clubId, chargeOut(state)?.periodStart ?? null, now);
  const chargeIds: number[] = [];
  const emails: EmailKind[] = [];
  for (const effect of effects) {
    if (effect.type === 'email') emails.push(effect.kind);
    if (effect.type !== 'charge') continue;
    const reason: ChargeReason =
      locked.state.status === 'freemium' ? 'first' : options.isOwnerPresent ? 'retry' : 'renewal';
    const chargeId = await insertCharge(tx, {
      clubId: locked.clubId,
      paymentPlanId: effect.planId,
      amountCents: effect.amountCents,
      // A renewal bills in the plan's currency as the first payment did.
      currency: options.currency ?? locked.currency,
      periodStart: new Date(effect.periodStart),
      periodEnd: new Date(effect.periodEnd),
      reason,
    });
    if (chargeId !== null) chargeIds.push(chargeId);
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
