import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { onApiEvent } from '../lib/api-events.ts';
import { i18n } from '../lib/i18n.ts';
import { enqueueSnackbar } from '../lib/snackbar.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Turns what the HTTP client noticed into navigation and toasts (see lib/api-events.ts for why). */
export const handleApiEvents = ({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) =>
  onApiEvent((event) => {
    const { location } = router.state;
    switch (event.type) {
      case 'session-expired': {
        // The HTTP client has already cleared the session. Several calls failing together end up here
        // once each; the toasts collapse (preventDuplicate) and the navigation is the same.
        enqueueSnackbar(i18n.t('errors.SESSION_EXPIRED'), { variant: 'warning' });
        // Leave the protected screen before dropping its data, or it would refetch without a token.
        const leave =
          location.pathname === '/login'
            ? Promise.resolve()
            : router.navigate('/login', { replace: true, state: { from: location } });
        void leave.then(() => queryClient.clear());
        return;
      }
      case 'build-outdated': {
        if (location.pathname !== '/update') void router.navigate('/update');
        return;
      }
    }
  });
