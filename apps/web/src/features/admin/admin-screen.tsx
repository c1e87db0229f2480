import './admin-i18n.ts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { CartaWordmark } from '../../components/carta-wordmark.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useSession } from '../../lib/session-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuditTab } from './audit-tab.tsx';
import { AuthenticatorResetsTab } from './authenticator-resets-tab.tsx';
import { BrandsTab } from './brands-tab.tsx';
import { ClubsTab } from './clubs-tab.tsx';
import { EInvoicesTab } from './e-invoices-tab.tsx';
import { PhoneDuplicatesTab } from './phone-duplicates-tab.tsx';
import { PlansTab } from './plans-tab.tsx';

const TABS = ['clubs', 'brands', 'plans', 'audit', 'phones', 'authenticator', 'eInvoices'] as const;
type TabName = (typeof TABS)[number];
const isTab = (value: unknown): value is TabName => TABS.includes(value as TabName);

/** /admin: the platform's console (docs/product.md, Admin), for accounts with the admin flag only. */
export const AdminScreen = () => {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [searchParameters, setSearchParameters] = useSearchParams();
  const requested = searchParameters.get('tab');
  const tab: TabName = isTab(requested) ? requested : 'clubs';
  useDocumentTitle(t('admin.title'));
  // The API refuses the calls anyway (403); this keeps the screen from showing its frame.
  if (!isAdmin) return <Navigate to="/401" replace />;

  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <CartaWordmark />
          <Box sx={{ flex: 1 }} />
          <LanguageSwitch />
          <Button
            component={RouterLink}
            to="/"
            startIcon={<ArrowBack />}
            color="inherit"
            // Named on a phone too, where only its arrow shows.
            aria-label={t('admin.backToApp')}
            sx={{ flexShrink: 0 }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('admin.backToApp')}
            </Box>
          </Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
        <Stack spacing={3}>
          <Typography variant="h1">{t('admin.title')}</Typography>
          <Tabs
            value={tab}
            onChange={(_, value: unknown) => {
              if (isTab(value)) setSearchParameters({ tab: value });
            }}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((name) => (
              <Tab key={name} value={name} label={t(`admin.tabs.${name}`)} />
            ))}
          </Tabs>
          {tab === 'clubs' && <ClubsTab />}
          {tab === 'brands' && <BrandsTab />}
          {tab === 'plans' && <PlansTab />}
          {tab === 'audit' && <AuditTab />}
          {tab === 'phones' && <PhoneDuplicatesTab />}
          {tab === 'authenticator' && <AuthenticatorResetsTab />}
          {tab === 'eInvoices' && <EInvoicesTab />}
        </Stack>
      </Container>
    </Box>
  );
};
