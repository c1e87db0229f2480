import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router';
import { useOwnedClubs } from '../../api/get-owned-clubs.ts';
import { AppTopBar } from './app-top-bar.tsx';

/** Club creation: one narrow centred column (docs/product.md, Owner app), no club navigation since there is no club yet. */
export const FocusLayout = () => {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // Loaded here too so a stale session goes through the 401 flow on this screen as well.
  useOwnedClubs();
  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <AppTopBar isCompact={!isDesktop} />
      <Box component="main">
        <Toolbar />
        <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
          <Outlet />
        </Container>
      </Box>
    </Box>
  );
};
