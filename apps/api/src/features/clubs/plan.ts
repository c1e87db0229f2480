import type { ClubPlan, ClubState } from '@carta/contract/clubs';
import { type PlanFeature, planAllows } from '@carta/contract/plan-features';
import { FREEMIUM, type SubscriptionState, subscriptionView } from '@carta/contract/subscription-rules';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import { clubs, subscriptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

export type PlanInputs = {
  /** The club's subscription row (null: never subscribed); only its rules' state counts. */
  subscription: { state: SubscriptionState } | null;
};

/**
 * The club's plan, as the subscription rules read its state at `now` (docs/decisions/0064-one-owner-of-
 * subscription-rules.md): early adopters are Smart for ever; a paid or partner subscription is Smart as
 * long as the rules say (its period, the countdown after a failed payment, a renewal waiting for its
 * answer); everyone else is on Free.
 */
export const clubPlan = ({ subscription }: PlanInputs, now = new Date()): ClubPlan => {
  const view = subscriptionView(subscription?.state ?? FREEMIUM, now);
  if (view.status === 'earlyAdopter') return { kind: 'earlyAdopter', isSmart: true, expiresOn: null };
  if (!view.isSmart) return { kind: 'free', isSmart: false, expiresOn: null };
  return {
    kind: view.status === 'partner' ? 'partner' : 'paid',
    isSmart: true,
    expiresOn: view.periodEnd ? view.periodEnd.slice(0, 10) : null,
  };
};

/** What the owner sees: the platform's suspension wins, then waiting, then the owner's own switch. */
export const clubState = (club: {
  status: 'pending' | 'active' | 'suspended';
  enabled: boolean;
}): ClubState => {
  if (club.status === 'suspended') return 'disabledByPlatform';
  if (club.status === 'pending') return 'waitingForActivation';
  return club.enabled ? 'active' : 'disabledByOwner';
};

/** Refuses a Smart-only action on a plan that does not allow it: 403 SMART_PLAN_REQUIRED. */
export const assertPlanAllows = (inputs: PlanInputs, feature: PlanFeature, now = new Date()): void => {
  if (!planAllows(clubPlan(inputs, now), feature)) throw new AppError(403, 'SMART_PLAN_REQUIRED');
};

/**
 * What the club's plan is made of, its row locked until the transaction ends (so a plan change waits for
 * the write that checked it); 404 without a club.
 */
export const lockClubPlanInputs = async (tx: Transaction, clubId: number): Promise<PlanInputs> => {
  const [club] = await tx
    .select({ subscription: { state: subscriptions.state } })
    .from(clubs)
    .leftJoin(subscriptions, subscriptionOfClub)
    .where(eq(clubs.id, clubId))
    .for('update', { of: clubs });
  if (!club) throw notFound();
  return club;
};
