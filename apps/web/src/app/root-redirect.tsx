import Box from '@mui/material/Box';
import { Navigate, Outlet, useParams } from 'react-router';
import { useOwnedClubs } from '../api/get-owned-clubs.ts';
import { CenteredSpinner } from '../components/centered-spinner.tsx';
import { useMyInvitations } from '../features/members/api/get-my-invitations.ts';
import { ErrorScreen } from '../features/static-pages/error-screen.tsx';
import { homeSectionOf } from '../lib/home-section.ts';
import { useSession } from '../lib/session-store.ts';
import { landingClub } from './landing-club.ts';

const ClubRedirect = () => {
  const { data: clubs, isError, refetch } = useOwnedClubs();
  // A 401 is already on its way to /login through the HTTP client; anything else gets a way to retry.
  if (isError) {
    return (
      <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
        <ErrorScreen onRetry={() => void refetch()} />
      </Box>
    );
  }
  if (!clubs) return <CenteredSpinner />;
  const club = landingClub(clubs);
  if (!club) return <NoClubRedirect />;
  return <Navigate to={`/clubs/${club.id}/${homeSectionOf(club.role)}`} replace />;
};

/**
 * No club at all: the invitations waiting for the account when there are some (docs/product.md, Staff and
 * roles), else club creation, as for a new owner.
 */
const NoClubRedirect = () => {
  const { data: invitations, isError } = useMyInvitations();
  if (isError) return <Navigate to="/clubs/new" replace />;
  if (!invitations) return <CenteredSpinner />;
  return <Navigate to={invitations.length > 0 ? '/invitations' : '/clubs/new'} replace />;
};

/** `/clubs/:clubId`: where the account's role starts in this club (staff on calls and stock, others on menus). */
export const ClubHomeRedirect = () => {
  const { clubId } = useParams();
  const { data: clubs } = useOwnedClubs();
  if (!clubs) return <CenteredSpinner isDelayed />;
  const club = clubs.find(({ id }) => String(id) === clubId);
  return <Navigate to={homeSectionOf(club?.role)} replace />;
};

/**
 * Around the unknown addresses (router.tsx): the login for a visitor (docs/product.md, Owner app); someone logged in
 * sees the not-found screen, with their clubs, rather than a login form they have no use for.
 */
export const UnknownPathGate = () => {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
};

/** `/`: the login when logged out, else the start of the landing club, or what an account with none does. */
export const RootRedirect = () => {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <ClubRedirect />;
};
