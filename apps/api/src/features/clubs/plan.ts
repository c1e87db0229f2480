import type { ClubPlan, ClubState } from '@carta/contract/clubs';

type PlanInputs = {
  freeForever: boolean;
  subscription: { kind: 'paid' | 'partner'; currentPeriodEnd: Date } | null;
};

/**
 * The club's plan (DESIGN.md §2): early adopters are Smart for ever; a paid or partner subscription
 * is Smart until its period ends; everyone else is on Free.
 */
export const clubPlan = ({ freeForever, subscription }: PlanInputs, now = new Date()): ClubPlan => {
  if (freeForever) return { kind: 'earlyAdopter', isSmart: true, expiresOn: null };
  if (subscription && subscription.currentPeriodEnd.getTime() > now.getTime()) {
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
