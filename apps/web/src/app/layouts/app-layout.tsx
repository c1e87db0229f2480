import GroupOutlined from '@mui/icons-material/GroupOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import RoomServiceOutlined from '@mui/icons-material/RoomServiceOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation, useParams } from 'react-router';
import { useOwnedClubs } from '../../api/get-owned-clubs.ts';
import { ClubMessageAlert } from '../../features/clubs/club-message-alert.tsx';
import { ClubSwitcher } from '../../features/clubs/club-switcher.tsx';
import { ClubWaitingAlert } from '../../features/clubs/club-waiting-alert.tsx';
import { ClubWaiterCalls } from '../../features/waiter-calls/club-waiter-calls.tsx';
import {
  can,
  clubPathRest,
  type NavigationSection,
  navigationOf,
  screenActionOf,
  sectionOf,
} from '../../lib/club-roles.ts';
import { loadLaterTexts } from '../../lib/i18n.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { AppTopBar } from './app-top-bar.tsx';

const DRAWER_WIDTH = 248;

// The failed-payment countdown concerns few clubs and can wait for the first paint: its code, its texts
// (the later ones) and its call start once the browser is idle, out of every club screen's first load.
const PaymentFailedBanner = lazy(async () => {
  await new Promise<void>((resolve) => whenIdle(resolve));
  const [module] = await Promise.all([
    import('../../features/billing/payment-failed-banner.tsx'),
    loadLaterTexts(),
  ]);
  return { default: module.PaymentFailedBanner };
});

// Invitations addressed to the account, to accept or decline: few accounts have any, so the alert's code,
// texts and call wait for the browser to be idle, like the banner above.
const PendingInvitationsAlert = lazy(async () => {
  await new Promise<void>((resolve) => whenIdle(resolve));
  const module = await import('../../features/members/pending-invitations-alert.tsx');
  return { default: module.PendingInvitationsAlert };
});

// A screen the role does not open is rare (an address typed, or kept from before a role change): the
// notice and its texts (the later ones) load when it is needed.
const RoleRefusal = lazy(async () => {
  const [module] = await Promise.all([import('./role-refusal.tsx'), loadLaterTexts()]);
  return { default: module.RoleRefusal };
});

const NAVIGATION: Record<NavigationSection, { path: string; icon: ReactNode }> = {
  service: { path: 'service', icon: <RoomServiceOutlined /> },
  menus: { path: 'menu', icon: <MenuBookOutlined /> },
  qrCodes: { path: 'qrcode', icon: <QrCode2Outlined /> },
  profile: { path: 'profile', icon: <StorefrontOutlined /> },
  plan: { path: 'profile/plan', icon: <WorkspacePremiumOutlined /> },
  people: { path: 'people', icon: <GroupOutlined /> },
};

/**
 * The frame of a club's screens: top bar, and navigation in a drawer on wide screens or at the bottom
 * on phones, where the thumb reaches it. It loads the owner's clubs, which also puts a stale session
 * through the 401 flow as soon as a protected screen opens.
 */
export const AppLayout = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { clubId } = useParams();
  const { pathname } = useLocation();
  const { data: clubs, isFetching } = useOwnedClubs();
  const club = clubs?.find(({ id }) => String(id) === clubId);
  // The navigation and the screens follow the account's role in this club (docs/product.md, Staff and roles).
  const shown = navigationOf(club?.role, !isDesktop);
  const navigation = shown.map((section) => ({ section, ...NAVIGATION[section] }));
  const activeSection = sectionOf(pathname, shown);
  const rest = clubPathRest(pathname);
  const isAllowed = !club || can(club.role, screenActionOf(rest));
  const isService = screenActionOf(rest) === 'answerCalls';
  const linkTo = (path: string) => `/clubs/${clubId}/${path}`;
  // Not one of the account's clubs (mistyped, another owner's, or no longer theirs): the API would answer 404 anyway.
  // A list kept from before (a club just joined) is asked again first.
  if (clubs && !club && !isFetching) return <Navigate to="/404" replace />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppTopBar
        clubSwitcher={clubs ? <ClubSwitcher clubs={clubs} current={club} /> : undefined}
        // The calls screen lists the calls itself, and rings for them.
        actions={clubId && !isService ? <ClubWaiterCalls clubId={clubId} /> : undefined}
        isCompact={!isDesktop}
      />
      {isDesktop && (
        // What MUI's permanent Drawer draws, without the Drawer: its module brings the modal and slide
        // transition of the temporary variant into every club screen's first load.
        <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
          <Paper
            square
            elevation={0}
            sx={{
              position: 'fixed',
              insetBlock: 0,
              left: 0,
              zIndex: 'drawer',
              width: DRAWER_WIDTH,
              boxSizing: 'border-box',
              overflowY: 'auto',
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.default',
            }}
          >
            <Toolbar />
            <Box component="nav" aria-label={t('nav.label')}>
              <List sx={{ px: 1.5, py: 2 }}>
                {/* Each link in its list item: a list holds items only (WCAG 1.3.1). */}
                {navigation.map(({ section, path, icon }) => (
                  <ListItem key={section} disablePadding>
                    <ListItemButton
                      component={RouterLink}
                      to={linkTo(path)}
                      selected={activeSection === section}
                      aria-current={activeSection === section ? 'page' : undefined}
                      sx={{
                        borderRadius: 1,
                        mb: 0.5,
                        '&.Mui-selected': { bgcolor: 'rgba(122, 31, 61, 0.1)', color: 'primary.main' },
                        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
                      }}
                    >
                      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
                      <ListItemText
                        primary={t(`nav.${section}`)}
                        slotProps={{ primary: { fontWeight: 600 } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Box>
          </Paper>
        </Box>
      )}
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, pb: isDesktop ? 0 : 'calc(56px + env(safe-area-inset-bottom))' }}
      >
        <Toolbar />
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          {club && !pathname.endsWith('/notice') && <ClubMessageAlert club={club} />}
          {/* The board shows the club's state in a card of its own. */}
          {club && !pathname.endsWith('/profile') && <ClubWaitingAlert club={club} />}
          {/* The payment screen is where the banner leads: it says the same there in its own words. */}
          {club && !pathname.endsWith('/payment') && can(club.role, 'managePlan') && (
            <Suspense fallback={null}>
              <PaymentFailedBanner
                clubId={String(club.id)}
                clubName={club.name}
                isBilled={!club.freeForever}
              />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <PendingInvitationsAlert />
          </Suspense>
          {club && !isAllowed ? (
            <Suspense fallback={null}>
              <RoleRefusal clubId={club.id} role={club.role} />
            </Suspense>
          ) : (
            <Outlet />
          )}
        </Container>
      </Box>
      {!isDesktop && (
        // Toasts sit bottom left (NOTIFICATIONS, docs/product.md, Rules and limits): on phones, above the navigation rather than over it.
        <GlobalStyles
          styles={{
            '.notistack-SnackbarContainer': { bottom: 'calc(64px + env(safe-area-inset-bottom)) !important' },
          }}
        />
      )}
      {!isDesktop && (
        <Paper
          component="nav"
          aria-label={t('nav.label')}
          elevation={0}
          square
          sx={{
            position: 'fixed',
            insetInline: 0,
            bottom: 0,
            borderTop: 1,
            borderColor: 'divider',
            pb: 'env(safe-area-inset-bottom)',
            zIndex: (theme) => theme.zIndex.appBar,
          }}
        >
          <BottomNavigation showLabels value={activeSection}>
            {navigation.map(({ section, path, icon }) => (
              <BottomNavigationAction
                key={section}
                value={section}
                label={t(`nav.${section}`)}
                icon={icon}
                component={RouterLink}
                to={linkTo(path)}
                aria-current={activeSection === section ? 'page' : undefined}
              />
            ))}
          </BottomNavigation>
        </Paper>
      )}
    </Box>
  );
};
