import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CartaWordmark } from '../../components/carta-wordmark.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { AccountMenu } from '../../features/auth/account-menu.tsx';
import { LogoutButton } from './logout-button.tsx';

type AppTopBarProps = { clubSwitcher?: ReactNode; actions?: ReactNode; isCompact: boolean };

export const AppTopBar = ({ clubSwitcher, actions, isCompact }: AppTopBarProps) => {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <Link
          component={RouterLink}
          to="/"
          aria-label={t('nav.home')}
          underline="none"
          // On phones the venue's name needs the room more than the wordmark does.
          sx={{ display: clubSwitcher ? { xs: 'none', sm: 'flex' } : 'flex' }}
        >
          <CartaWordmark />
        </Link>
        {clubSwitcher && (
          <>
            <Divider orientation="vertical" flexItem sx={{ my: 2, display: { xs: 'none', sm: 'block' } }} />
            {/* On a phone the venue's name takes all the room the icons leave (the space after it too). */}
            <Box sx={{ minWidth: 0, flex: { xs: 1, sm: '0 1 auto' }, ml: { xs: -1, sm: 0 } }}>
              {clubSwitcher}
            </Box>
          </>
        )}
        <Box sx={{ flex: 1, display: clubSwitcher ? { xs: 'none', sm: 'block' } : 'block' }} />
        <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {actions}
          <LanguageSwitch />
          <AccountMenu />
          <LogoutButton isCompact={isCompact} />
        </Stack>
      </Toolbar>
    </AppBar>
  );
};
