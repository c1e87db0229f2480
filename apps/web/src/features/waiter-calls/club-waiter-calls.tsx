import { useClub } from '../../api/get-club.ts';
import { WaiterCallsBell } from './waiter-calls-bell.tsx';

/** The bell, for a club whose guests may call a waiter (the switch in the club's settings). */
export const ClubWaiterCalls = ({ clubId }: { clubId: string }) => {
  const { data: club } = useClub(clubId);
  // Keyed by club: switching clubs starts afresh (no alarm for the other club's waiting calls).
  return club?.callWaiterEnabled ? <WaiterCallsBell key={clubId} clubId={clubId} /> : null;
};
