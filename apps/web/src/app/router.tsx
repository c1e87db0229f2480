// The app's routes, one table: where each address leads, its layout and its loader read best together.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner.tsx';
import { ErrorScreen } from '../features/static-pages/error-screen.tsx';
import { RequireSession } from './layouts/require-session.tsx';
import { firstScreen, screen } from './lazy-screen.ts';
import { RootLayout } from './root-layout.tsx';
import { ClubHomeRedirect, RootRedirect, UnknownPathGate } from './root-redirect.tsx';
import { RouteErrorRedirect } from './route-error-redirect.tsx';
import {
  billingLoader,
  clubBoardLoader,
  clubLoader,
  menuListLoader,
  menuLoader,
  planLoader,
  qrCodesLoader,
  schedulingsLoader,
} from './route-loaders.ts';

const guestPage = firstScreen(
  () => import('../features/guest-pages/guest-page-redirect.tsx'),
  'GuestPageRedirect',
);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorRedirect />,
    HydrateFallback: () => <CenteredSpinner />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        lazy: async () => {
          const { CenteredCardLayout } = await import('./layouts/centered-card-layout.tsx');
          return { element: <CenteredCardLayout isAuth /> };
        },
        children: [
          {
            path: 'login',
            lazy: firstScreen(() => import('../features/auth/login-screen.tsx'), 'LoginScreen'),
          },
          {
            path: 'signup',
            lazy: screen(() => import('../features/signup/signup-screen.tsx'), 'SignupScreen'),
          },
          {
            path: 'password/recovery',
            lazy: screen(
              () => import('../features/auth/password-recovery-screen.tsx'),
              'PasswordRecoveryScreen',
            ),
          },
          {
            path: 'password/reset',
            lazy: screen(() => import('../features/auth/password-reset-screen.tsx'), 'PasswordResetScreen'),
          },
          {
            path: 'authenticator/lost',
            lazy: screen(
              () => import('../features/auth/lost-authenticator-screen.tsx'),
              'LostAuthenticatorScreen',
            ),
          },
          {
            path: 'authenticator/reset',
            lazy: screen(
              () => import('../features/auth/authenticator-reset-link-screen.tsx'),
              'AuthenticatorResetLinkScreen',
            ),
          },
          // A sign-in page too (docs/product.md, Account deletion: for whoever cannot log in), with their legal links below.
          {
            path: 'account/delete',
            lazy: screen(
              () => import('../features/auth/account-deletion-request-screen.tsx'),
              'AccountDeletionRequestScreen',
            ),
          },
          {
            path: 'users/activate',
            lazy: screen(
              () => import('../features/auth/account-activation-screen.tsx'),
              'AccountActivationScreen',
            ),
          },
          // The emailed invitation's link (docs/product.md, Staff and roles): open to anyone, the token is enough to see it.
          {
            path: 'invitations/:token',
            lazy: screen(() => import('../features/members/invitation-screen.tsx'), 'InvitationScreen'),
          },
        ],
      },
      {
        lazy: firstScreen(() => import('./layouts/centered-card-layout.tsx'), 'CenteredCardLayout'),
        children: [
          {
            path: '401',
            lazy: firstScreen(
              () => import('../features/static-pages/unauthorized-screen.tsx'),
              'UnauthorizedScreen',
            ),
          },
          {
            path: '404',
            lazy: firstScreen(
              () => import('../features/static-pages/not-found-screen.tsx'),
              'NotFoundScreen',
            ),
          },
          // The operations email's activation link (0053): no session needed, the link's token is enough.
          {
            path: 'club-activation',
            lazy: screen(
              () => import('../features/admin/club-activation-screen.tsx'),
              'ClubActivationScreen',
            ),
          },
          // Not lazy: the error handling around the router needs this screen in the main chunk anyway.
          { path: 'error', element: <ErrorScreen /> },
          {
            path: 'update',
            lazy: firstScreen(() => import('../features/static-pages/update-screen.tsx'), 'UpdateScreen'),
          },
          {
            path: 'session-expired',
            lazy: firstScreen(
              () => import('../features/static-pages/session-expired-screen.tsx'),
              'SessionExpiredScreen',
            ),
          },
        ],
      },
      { path: 'public/qrcodemenu/:clubId/:tableId', lazy: guestPage },
      { path: 'public/menu/:clubId/:tableId/:menuId', lazy: guestPage },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: firstScreen(() => import('./layouts/focus-layout.tsx'), 'FocusLayout'),
            children: [
              {
                path: 'clubs/new',
                lazy: screen(() => import('../features/clubs/new-club-screen.tsx'), 'NewClubScreen'),
              },
              // An account with no club yet: the invitations addressed to it, or a venue of its own.
              {
                path: 'invitations',
                lazy: screen(
                  () => import('../features/members/my-invitations-screen.tsx'),
                  'MyInvitationsScreen',
                ),
              },
            ],
          },
          {
            path: 'admin',
            lazy: screen(() => import('../features/admin/admin-screen.tsx'), 'AdminScreen'),
          },
          {
            path: 'clubs/:clubId',
            loader: clubLoader,
            lazy: firstScreen(() => import('./layouts/app-layout.tsx'), 'AppLayout'),
            children: [
              // The obvious address of a club opens its menus, or calls and stock for staff (docs/product.md, Owner app).
              { index: true, element: <ClubHomeRedirect /> },
              {
                path: 'service',
                lazy: screen(() => import('./screens/service-screen.tsx'), 'ServiceScreen'),
              },
              {
                path: 'people',
                lazy: screen(() => import('../features/members/members-screen.tsx'), 'MembersScreen'),
              },
              {
                path: 'payment',
                loader: planLoader,
                lazy: screen(() => import('../features/billing/payment-screen.tsx'), 'PaymentScreen'),
              },
              {
                path: 'menu',
                loader: menuListLoader,
                lazy: screen(() => import('../features/menus/menu-list-screen.tsx'), 'MenuListScreen'),
              },
              {
                path: 'menu/new',
                lazy: screen(() => import('../features/menus/menu-form-screen.tsx'), 'MenuFormScreen'),
              },
              {
                path: 'menu/import',
                lazy: screen(
                  () => import('../features/menu-import/menu-import-screen.tsx'),
                  'MenuImportScreen',
                ),
              },
              {
                path: 'menu/time-prices',
                lazy: screen(
                  () => import('../features/time-prices/time-prices-screen.tsx'),
                  'TimePricesScreen',
                ),
              },
              {
                path: 'menu/:menuId/edit',
                lazy: screen(() => import('../features/menus/menu-form-screen.tsx'), 'MenuFormScreen'),
              },
              {
                path: 'menu/:menuId/schedulings',
                loader: schedulingsLoader,
                lazy: screen(() => import('../features/tables/schedulings-screen.tsx'), 'SchedulingsScreen'),
              },
              {
                path: 'menu/:menuId/translations',
                lazy: screen(() => import('../features/menus/translations-screen.tsx'), 'TranslationsScreen'),
              },
              {
                path: 'profile/theme',
                lazy: screen(() => import('../features/clubs/theme-editor-screen.tsx'), 'ThemeEditorScreen'),
              },
              {
                path: 'menu/:menuId',
                loader: menuLoader,
                lazy: screen(() => import('../features/menus/sections-screen.tsx'), 'SectionsScreen'),
              },
              {
                path: 'menu/:menuId/sections/:sectionId',
                loader: menuLoader,
                lazy: screen(() => import('../features/menus/items-screen.tsx'), 'ItemsScreen'),
              },
              {
                path: 'menu/:menuId/sections/:sectionId/items/new',
                lazy: screen(() => import('../features/menus/item-form-screen.tsx'), 'ItemFormScreen'),
              },
              {
                path: 'menu/:menuId/sections/:sectionId/items/:itemId',
                lazy: screen(() => import('../features/menus/item-form-screen.tsx'), 'ItemFormScreen'),
              },
              {
                path: 'menu/:menuId/banner',
                lazy: screen(() => import('../features/banners/banner-screen.tsx'), 'BannerScreen'),
              },
              {
                path: 'menu/:menuId/banner/new',
                lazy: screen(
                  () => import('../features/banners/banner-image-screen.tsx'),
                  'BannerImageScreen',
                ),
              },
              {
                path: 'menu/:menuId/banner/details',
                lazy: screen(
                  () => import('../features/banners/banner-details-screen.tsx'),
                  'BannerDetailsScreen',
                ),
              },
              {
                path: 'menu/:menuId/banner/new/details',
                lazy: screen(
                  () => import('../features/banners/banner-details-screen.tsx'),
                  'BannerDetailsScreen',
                ),
              },
              {
                path: 'profile',
                loader: clubBoardLoader,
                lazy: firstScreen(() => import('../features/clubs/club-board-screen.tsx'), 'ClubBoardScreen'),
              },
              {
                path: 'profile/contacts',
                lazy: screen(
                  () => import('../features/clubs/club-contacts-screen.tsx'),
                  'ClubContactsScreen',
                ),
              },
              {
                path: 'profile/settings',
                lazy: screen(() => import('./screens/settings-screen.tsx'), 'SettingsScreen'),
              },
              {
                path: 'profile/plan',
                loader: planLoader,
                lazy: screen(() => import('../features/billing/plan-screen.tsx'), 'PlanScreen'),
              },
              {
                path: 'profile/billing',
                loader: billingLoader,
                lazy: screen(() => import('../features/billing/billing-screen.tsx'), 'BillingScreen'),
              },
              {
                path: 'qrcode',
                loader: qrCodesLoader,
                lazy: screen(() => import('../features/tables/qr-codes-screen.tsx'), 'QrCodesScreen'),
              },
              {
                path: 'notice',
                lazy: screen(() => import('../features/clubs/club-notice-screen.tsx'), 'ClubNoticeScreen'),
              },
            ],
          },
        ],
      },
      // Any unknown path (docs/product.md, Owner app) goes to the login; logged in, it is a page not found (with their clubs).
      {
        element: <UnknownPathGate />,
        children: [
          {
            lazy: firstScreen(() => import('./layouts/centered-card-layout.tsx'), 'CenteredCardLayout'),
            children: [
              {
                path: '*',
                lazy: firstScreen(
                  () => import('../features/static-pages/not-found-screen.tsx'),
                  'NotFoundScreen',
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
