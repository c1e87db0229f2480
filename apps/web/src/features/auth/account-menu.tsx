import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuItem from '@mui/material/MenuItem';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { HintIconButton } from '../../components/hint-icon-button.tsx';
import { LazyMenu } from '../../components/lazy-overlays.tsx';
import { i18n, isLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session-store.ts';
import { saveLanguage } from './api/save-language.ts';

// Its form (text fields, validation) would weigh on every club screen's first load for a dialog most
// never open: it loads when first asked for, and stays mounted afterwards so it can animate out.
const DeleteAccountDialog = lazy(async () => ({
  default: (await import('./delete-account-dialog.tsx')).DeleteAccountDialog,
}));

/** The owner's own account: its settings, the admin console for admins, deleting it. Also tells the server when the language changes. */
export const AccountMenu = () => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [hasAskedToDelete, setHasAskedToDelete] = useState(false);
  const { isAdmin } = useSession();
  const { clubId } = useParams();

  useEffect(() => {
    const onChange = (language: string) => {
      if (isLanguage(language)) void saveLanguage(language).catch(() => {});
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);

  return (
    <>
      <HintIconButton hint={t('account.menu')} onClick={(event) => setAnchor(event.currentTarget)}>
        <ManageAccountsOutlined />
      </HintIconButton>
      <LazyMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {clubId && (
          <MenuItem
            component={RouterLink}
            to={`/clubs/${clubId}/profile/settings#account`}
            onClick={() => setAnchor(null)}
          >
            {t('account.settings')}
          </MenuItem>
        )}
        {isAdmin && (
          <MenuItem component={RouterLink} to="/admin" onClick={() => setAnchor(null)}>
            {t('account.admin')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setIsDeleting(true);
            setHasAskedToDelete(true);
          }}
        >
          {t('deleteAccount.title')}
        </MenuItem>
      </LazyMenu>
      {hasAskedToDelete && (
        <Suspense fallback={null}>
          <DeleteAccountDialog isOpen={isDeleting} onClose={() => setIsDeleting(false)} />
        </Suspense>
      )}
    </>
  );
};
