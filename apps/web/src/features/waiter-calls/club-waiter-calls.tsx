import { lazy, Suspense } from 'react';
import { useClub } from '../../api/get-club.ts';

// The bell, its live stream and its list load once the club says guests may call: they are out of every
// club screen's first load, and the calls and stock screen shares them with it from one chunk.
const WaiterCallsBell = lazy(() =>
  import('./waiter-calls-bell.tsx').then((module) => ({ default: module.WaiterCallsBell })),
);

/** The bell, for a club whose guests may call a waiter (the switch in the club's settings). */
export const ClubWaiterCalls = ({ clubId }: { clubId: string }) => {
  const { data: club } = useClub(clubId);
  // Keyed by club: switching clubs starts afresh (no alarm for the other club's waiting calls).
  return club?.callWaiterEnabled ? (
    <Suspense fallback={null}>
      <WaiterCallsBell key={clubId} clubId={clubId} />
    </Suspense>
  ) : null;
};
