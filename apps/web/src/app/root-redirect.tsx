import Box from '@mui/material/Box';
import { Navigate, Outlet } from 'react-router';
import { useOwnedClubs } from '../api/get-owned-clubs.ts';
import { CenteredSpinner } from '../components/centered-spinner.tsx';
import { ErrorScreen } from '../features/static-pages/error-screen.tsx';
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
  return <Navigate to={club ? `/clubs/${club.id}/menu` : '/clubs/new'} replace />;
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

/** `/`: the login when logged out, else the menus of the club made first, or club creation when there is none. */
export const RootRedirect = () => {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <ClubRedirect />;
};
