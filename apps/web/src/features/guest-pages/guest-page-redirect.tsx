import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';

/**
 * Guest menus are pages the server renders (apps/guest), not screens of this app. A client-side
 * navigation that lands here hands the address to the server with a full page load.
 */
export const GuestPageRedirect = () => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // If this very document was loaded at this address, the server answered it with the owner app
  // rather than a guest page: loading it again would loop forever.
  const documentUrl = performance.getEntriesByType('navigation')[0]?.name;
  const isServedByThisApp = documentUrl !== undefined && new URL(documentUrl).pathname === pathname;

  useEffect(() => {
    if (!isServedByThisApp) window.location.replace(`${pathname}${search}`);
  }, [isServedByThisApp, pathname, search]);

  if (isServedByThisApp) {
    return (
      <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
        <NoticeScreen
          icon={<LinkOffOutlined />}
          title={t('guest.unavailableTitle')}
          text={t('guest.unavailableText')}
        />
      </Box>
    );
  }
  return <CenteredSpinner />;
};
