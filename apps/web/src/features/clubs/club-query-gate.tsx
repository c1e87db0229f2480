import type { ReactNode } from 'react';
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
  if (club.isError) return <QueryError onRetry={() => void club.refetch()} />;
  if (!club.data) return <CenteredSpinner isDelayed />;
  return children(club.data, clubId);
};
