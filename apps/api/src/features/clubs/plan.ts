import type { ClubPlan, ClubState } from '@carta/contract/clubs';
import { type PlanFeature, planAllows } from '@carta/contract/plan-features';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { clubs, subscriptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

export type PlanInputs = {
  freeForever: boolean;
  subscription: {
    kind: 'paid' | 'partner';
    currentPeriodEnd: Date;
    /** Null on rows written before the rules' state was kept: those are Smart until `currentPeriodEnd`. */
    state: unknown;
    smartUntil: Date | null;
  } | null;
};

/** When the subscription stops being Smart (0049): the rules' `smartUntil`, or a legacy row's period end. */
const smartEnd = (subscription: NonNullable<PlanInputs['subscription']>) =>
  subscription.state === null ? subscription.currentPeriodEnd : subscription.smartUntil;

/**
 * The club's plan (DESIGN.md §2): early adopters are Smart for ever; a paid or partner subscription
 * is Smart as long as the subscription rules say (its period, the countdown after a failed payment, a
 * renewal waiting for its answer); everyone else is on Free.
 */
export const clubPlan = ({ freeForever, subscription }: PlanInputs, now = new Date()): ClubPlan => {
  if (freeForever) return { kind: 'earlyAdopter', isSmart: true, expiresOn: null };
  const until = subscription ? smartEnd(subscription) : null;
  if (subscription && until && until.getTime() > now.getTime()) {
    return {
      kind: subscription.kind,
      isSmart: true,
      expiresOn: subscription.currentPeriodEnd.toISOString().slice(0, 10),
    };
  }
  return { kind: 'free', isSmart: false, expiresOn: null };
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
    .select({ freeForever: clubs.freeForever, subscription: subscriptions })
    .from(clubs)
    .leftJoin(subscriptions, eq(subscriptions.clubId, clubs.id))
    .where(eq(clubs.id, clubId))
    .for('update', { of: clubs });
  if (!club) throw notFound();
  return club;
};
