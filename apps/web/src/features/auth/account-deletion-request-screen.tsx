import { formatPhone, phoneOfAccount as phoneRule } from '@carta/contract/phone-numbers';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '../../api/get-public-config.ts';
import { FormHeader } from '../../components/form-header.tsx';
import { phonePrefixSlot } from '../../components/phone-prefix.tsx';
import { translateMessageKey } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * A deletion request (docs/product.md, Account deletion) for someone who cannot log in. The phone number identifies the account;
 * the request itself goes by email to support, prefilled here.
 */
export const AccountDeletionRequestScreen = () => {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mailto, setMailto] = useState<string | null>(null);
  useDocumentTitle(t('accountDeletion.title'));

  const openEmail = () => {
    const parsed = phoneRule.safeParse(phone);
    if (!parsed.success) {
      setError(translateMessageKey(t, parsed.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    setError(null);
    const subject = encodeURIComponent(t('accountDeletion.emailSubject'));
    const body = encodeURIComponent(t('accountDeletion.emailBody', { phone: formatPhone(parsed.data) }));
    const address = `mailto:${config.data?.supportEmail ?? ''}?subject=${subject}&body=${body}`;
    setMailto(address);
    // Opens the mail app where there is one; the link below stays for where there is not.
    window.location.assign(address);
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        openEmail();
      }}
    >
      <FormHeader title={t('accountDeletion.title')} subtitle={t('accountDeletion.text')} />
      <TextField
        label={t('login.phone')}
        type="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        required
        fullWidth
        autoFocus
        error={error !== null}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { inputMode: 'tel' }, input: phonePrefixSlot(phone) }}
      />
      <Button type="submit" variant="contained" size="large" disabled={!config.data}>
        {t('accountDeletion.submit')}
      </Button>
      {mailto && (
        <Typography variant="body2">
          {t('accountDeletion.fallback')}{' '}
          <Link href={mailto} sx={{ fontWeight: 600 }}>
            {config.data?.supportEmail}
          </Link>
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('accountDeletion.loggedInHint')}{' '}
        <Link component={RouterLink} to="/login">
          {t('common.goToLogin')}
        </Link>
      </Typography>
    </Stack>
  );
};
