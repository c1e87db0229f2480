import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { usePublicConfig } from '../../api/get-public-config.ts';
import { CartaWordmark } from '../../components/carta-wordmark.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';

const LegalFooter = () => {
  const { t } = useTranslation();
  // Asked once the page is idle: the links are not what the page is opened for.
  const { data: config } = usePublicConfig({ isDeferred: true });
  // Until the server's addresses arrive (or if they never do) the names stay as plain text, so the
  // footer keeps its shape instead of jumping when the links appear.
  const links = [
    { label: t('legal.privacy'), href: config?.privacyUrl },
    { label: t('legal.cookie'), href: config?.cookieUrl },
    { label: t('legal.terms'), href: config?.termsUrl },
  ];
  return (
    <Box component="footer" sx={{ px: 2, pb: 3, pt: 1 }}>
      <Stack
        component="nav"
        aria-label={t('legal.label')}
        direction="row"
        sx={{ justifyContent: 'center', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
      >
        {links.map(({ label, href }) =>
          href ? (
            <Link
              key={label}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              color="text.secondary"
            >
              {label}
            </Link>
          ) : (
            <Typography key={label} variant="body2" color="text.secondary">
              {label}
            </Typography>
          ),
        )}
      </Stack>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ textAlign: 'center', mt: 1.5 }}
      >
        {t('legal.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
};

type CenteredCardLayoutProps = {
  /** The sign-in screens: wordmark and tagline in the card, legal links below it (docs/product.md, Owner app). */
  isAuth?: boolean;
};

/** A card in the middle of the page: the sign-in screens (account deletion too) and the static pages. */
export const CenteredCardLayout = ({ isAuth = false }: CenteredCardLayoutProps) => {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        background:
          'radial-gradient(1200px 600px at 10% -10%, rgba(122, 31, 61, 0.10), transparent 60%), radial-gradient(900px 500px at 110% 110%, rgba(47, 107, 102, 0.10), transparent 60%)',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: isAuth ? 'flex-end' : 'space-between',
          px: { xs: 2, sm: 3 },
          py: 2,
        }}
      >
        {!isAuth && (
          <Link component={RouterLink} to="/" aria-label={t('nav.home')} underline="none">
            <CartaWordmark />
          </Link>
        )}
        <LanguageSwitch />
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2, sm: 3 },
          pb: 3,
        }}
      >
        <Paper elevation={1} sx={{ width: '100%', maxWidth: isAuth ? 440 : 520, p: { xs: 3, sm: 5 } }}>
          {isAuth && (
            <Stack spacing={1} sx={{ alignItems: 'center', mb: 4 }}>
              <CartaWordmark size="large" component="p" />
              <Typography variant="body2" color="text.secondary">
                {t('app.tagline')}
              </Typography>
            </Stack>
          )}
          <Outlet />
        </Paper>
      </Box>
      {isAuth && <LegalFooter />}
    </Box>
  );
};
