import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store.ts';

/** Protected screens: without a session, to /login, replacing history and remembering where to return. */
export const RequireSession = () => {
  const { isLoggedIn, hasLoggedOut } = useSession();
  const location = useLocation();
  if (!isLoggedIn)
    return <Navigate to="/login" replace state={hasLoggedOut ? undefined : { from: location }} />;
  return <Outlet />;
};
