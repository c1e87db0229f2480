import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CartaWordmark } from '../../components/carta-wordmark.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { AccountMenu } from '../../features/auth/account-menu.tsx';
import { LogoutButton } from './logout-button.tsx';

type AppTopBarProps = { clubName?: string; isCompact: boolean };

export const AppTopBar = ({ clubName, isCompact }: AppTopBarProps) => {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <Link
          component={RouterLink}
          to="/"
          aria-label={t('nav.home')}
          underline="none"
          sx={{ display: 'flex' }}
        >
          <CartaWordmark />
        </Link>
        {clubName && (
          <>
            <Divider orientation="vertical" flexItem sx={{ my: 2 }} />
            <Typography
              component="p"
              noWrap
              data-testid="club-name"
              sx={{ fontWeight: 600, minWidth: 0, fontSize: { xs: '0.95rem', sm: '1rem' } }}
            >
              {clubName}
            </Typography>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <LanguageSwitch />
          <AccountMenu />
          <LogoutButton isCompact={isCompact} />
        </Stack>
      </Toolbar>
    </AppBar>
  );
};
