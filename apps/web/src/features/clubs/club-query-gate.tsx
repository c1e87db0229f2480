import { type ReactNode, useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { type ClubDetails, useClub } from '../../api/get-club.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';

/** The open club's details for a screen: a spinner while they load, a retry when they fail. */
export const ClubQueryGate = ({
  children,
}: {
  children: (club: ClubDetails, clubId: string) => ReactNode;
}) => {
  const { clubId = '' } = useParams();
  const club = useClub(clubId);
  // The screen renders in the background once the club arrives (a deferred render, which React splits
  // into short tasks), so a whole screen at once does not hold the main thread; the spinner stays until
  // it is ready. Details already in the cache show at once.
  const data = useDeferredValue(club.data);
  if (club.isError) return <QueryError onRetry={() => void club.refetch()} />;
  if (!data) return <CenteredSpinner isDelayed />;
  return children(data, clubId);
};
