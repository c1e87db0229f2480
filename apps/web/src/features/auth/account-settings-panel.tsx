import { formatPhone } from '@carta/contract/phone-numbers';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useCurrentUser } from './api/get-current-user.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

const Row = ({ title, text, action }: { title: string; text: string; action: React.ReactNode }) => (
  <Stack
    direction={{ xs: 'column', sm: 'row' }}
    spacing={1.5}
    sx={{ py: 2, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
  >
    <Stack spacing={0.5} sx={{ flex: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
    {action}
  </Stack>
);

/** The owner's own account: who is logged in, the interface language, the password, deleting it. */
export const AccountSettingsPanel = () => {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  return (
    <Paper
      variant="outlined"
      component="section"
      id="account"
      aria-labelledby="account-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="account-title" variant="h3" component="h2">
        {t('accountSettings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="account-who">
        {user.data ? (
          t('accountSettings.who', {
            name: `${user.data.name} ${user.data.lastName}`,
            phone: formatPhone(user.data.phone),
            email: user.data.email,
          })
        ) : (
          <Skeleton width="60%" />
        )}
      </Typography>
      <Row
        title={t('accountSettings.language')}
        text={t('accountSettings.languageText')}
        action={<LanguageSwitch />}
      />
      <Row
        title={t('changePassword.title')}
        text={t('accountSettings.passwordText')}
        action={
          <Button variant="outlined" onClick={() => setDialog('password')}>
            {t('changePassword.open')}
          </Button>
        }
      />
      <Row
        title={t('deleteAccount.title')}
        text={t('accountSettings.deleteText')}
        action={
          <Button color="error" variant="outlined" onClick={() => setDialog('delete')}>
            {t('accountSettings.deleteOpen')}
          </Button>
        }
      />
      <ChangePasswordDialog isOpen={dialog === 'password'} onClose={() => setDialog(null)} />
      <DeleteAccountDialog isOpen={dialog === 'delete'} onClose={() => setDialog(null)} />
    </Paper>
  );
};
