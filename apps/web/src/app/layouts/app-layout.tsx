import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
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

type Section = 'menus' | 'qrCodes' | 'profile' | 'plan';
type NavigationEntry = { section: Section; path: string; icon: ReactNode };

const NAVIGATION: NavigationEntry[] = [
  { section: 'menus', path: 'menu', icon: <MenuBookOutlined /> },
  { section: 'qrCodes', path: 'qrcode', icon: <QrCode2Outlined /> },
  { section: 'profile', path: 'profile', icon: <StorefrontOutlined /> },
  { section: 'plan', path: 'profile/plan', icon: <WorkspacePremiumOutlined /> },
];

/** Which entry a path belongs to: /clubs/1/menu/2/sections/3 is still "Menus". */
const sectionOf = (pathname: string): Section | false => {
  const [, , , first, second] = pathname.split('/');
  if (first === 'menu') return 'menus';
  if (first === 'qrcode') return 'qrCodes';
  if (first === 'payment' || (first === 'profile' && (second === 'plan' || second === 'billing')))
    return 'plan';
  if (first === 'profile' || first === 'notice') return 'profile';
  return false;
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
  const { data: clubs } = useOwnedClubs();
  const club = clubs?.find(({ id }) => String(id) === clubId);
  const activeSection = sectionOf(pathname);
  const linkTo = (path: string) => `/clubs/${clubId}/${path}`;
  // Not one of the owner's clubs (mistyped, or another owner's): the API would answer 404 anyway.
  if (clubs && !club) return <Navigate to="/404" replace />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppTopBar
        clubSwitcher={clubs ? <ClubSwitcher clubs={clubs} current={club} /> : undefined}
        actions={clubId ? <ClubWaiterCalls clubId={clubId} /> : undefined}
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
                {NAVIGATION.map(({ section, path, icon }) => (
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
          {club && !pathname.endsWith('/payment') && (
            <Suspense fallback={null}>
              <PaymentFailedBanner
                clubId={String(club.id)}
                clubName={club.name}
                isBilled={!club.freeForever}
              />
            </Suspense>
          )}
          <Outlet />
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
            {NAVIGATION.map(({ section, path, icon }) => (
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
