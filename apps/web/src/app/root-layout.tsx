import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner.tsx';

/**
 * The root route's element. Screens load lazily (route.lazy), and while the next one loads the router
 * keeps the current one on screen; the spinner says something is happening.
 */
export const RootLayout = () => {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <CenteredSpinner isDelayed />}
      <ScrollRestoration />
    </>
  );
};
