import type { TotpEnrolment } from '@carta/contract/accounts';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../lib/snackbar.ts';

/** The authenticator enrolment: a QR code of the otpauth:// URI, and the secret to type by hand. */
export const AuthenticatorStep = ({ enrolment }: { enrolment: TotpEnrolment }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    void QRCode.toDataURL(enrolment.otpauthUri, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then(
      setImage,
    );
  }, [enrolment.otpauthUri]);
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{t('signup.authenticatorText')}</Typography>
      <Box
        sx={{
          width: 220,
          height: 220,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        {image && <img src={image} width={220} height={220} alt={t('signup.qrAlt')} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('signup.secretLabel')}
      </Typography>
      <Typography
        data-testid="totp-secret"
        sx={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: '0.08em' }}
      >
        {grouped}
      </Typography>
      <Button
        startIcon={<ContentCopyOutlined />}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(enrolment.secret);
            enqueueSnackbar(t('signup.secretCopied'), { variant: 'success' });
          } catch {
            // No clipboard here (an insecure page, a refused permission): the key is on screen to type.
            enqueueSnackbar(t('signup.secretNotCopied'), { variant: 'error' });
          }
        }}
      >
        {t('signup.copySecret')}
      </Button>
    </Stack>
  );
};
