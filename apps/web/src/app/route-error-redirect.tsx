import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '../features/static-pages/error-screen.tsx';
import { reportCaughtError } from '../lib/error-reporting.ts';
import { useSession } from '../lib/session-store.ts';
import { enqueueSnackbar } from '../lib/snackbar.ts';

/**
 * After a deployment the old build's lazily loaded chunks are gone from the server: that is not a bug
 * of the screen but an outdated app, which /update handles.
 */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    error.message,
  );

/** The router's errorElement: a rendering error sends the user to login (docs/product.md, Owner app). */
export const RouteErrorRedirect = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const isChunkError = isChunkLoadError(error);
  // Redirecting a broken login screen to itself would loop: there, show the error instead.
  const isOnLogin = pathname === '/login';

  useEffect(() => {
    console.error(error);
    // An outdated app's missing chunk is no bug to report: /update handles it.
    if (isChunkError) return;
    reportCaughtError(error);
    enqueueSnackbar(t('errors.INTERNAL_ERROR'), { variant: 'error' });
  }, [error, isChunkError, t]);

  if (isChunkError) return <Navigate to="/update" replace />;
  if (isOnLogin) {
    return (
      <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
        <ErrorScreen />
      </Box>
    );
  }
  // Logged in, /login leads back to the clubs, and so to the same broken screen again and again: the
  // error screen instead, whose "Try again" starts over with a fresh page load.
  if (isLoggedIn) return <Navigate to="/error" replace />;
  return <Navigate to="/login" replace />;
};
