import type { TotpEnrolment } from '@carta/contract/accounts';
import { TOTP_DIGITS } from '@carta/contract/limits';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-error.ts';
import { useSnackbar } from '../lib/snackbar.ts';
import { TextField } from './text-field.tsx';

// Authenticator apps show the code as "123 456"; copied that way it must still fit and validate.
const normaliseCode = (value: string) => value.replace(/[\s-]/g, '');
const CODE_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/**
 * The authenticator enrolment: a QR code of the otpauth:// URI, the secret to type by hand, and one
 * current code that proves the app holds the right secret before the step ends (`onConfirm`, which
 * throws the server's refusal). Not a form of its own: it sits inside the sign-up's form.
 */
export const AuthenticatorStep = ({
  enrolment,
  onConfirm,
  confirmLabel,
}: {
  enrolment: TotpEnrolment;
  onConfirm: (code: string) => Promise<void>;
  confirmLabel: string;
}) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [image, setImage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  useEffect(() => {
    void QRCode.toDataURL(enrolment.otpauthUri, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then(
      setImage,
    );
  }, [enrolment.otpauthUri]);
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;

  const check = async () => {
    if (isChecking) return;
    if (!CODE_PATTERN.test(code)) {
      setCodeError(t('validation.totpDigits'));
      return;
    }
    setCodeError(null);
    setIsChecking(true);
    try {
      await onConfirm(code);
    } catch (error) {
      setCode('');
      setCodeError(errorMessage(error, t('errors.GENERIC_TRY_LATER')));
    } finally {
      setIsChecking(false);
    }
  };

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
      <Divider flexItem />
      <Typography>{t('signup.codeText')}</Typography>
      <TextField
        value={code}
        onChange={(event) => {
          setCode(normaliseCode(event.target.value).slice(0, TOTP_DIGITS));
          setCodeError(null);
        }}
        onKeyDown={(event) => {
          // Enter checks the code here instead of submitting the form around it.
          if (event.key === 'Enter') {
            event.preventDefault();
            void check();
          }
        }}
        label={t('login.totp')}
        autoComplete="one-time-code"
        required
        fullWidth
        error={codeError !== null}
        helperText={codeError ?? t('signup.codeHelp')}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            maxLength: TOTP_DIGITS,
            pattern: '[0-9]*',
            style: { letterSpacing: '0.3em', textAlign: 'center' },
          },
        }}
      />
      <Button variant="contained" size="large" fullWidth loading={isChecking} onClick={() => void check()}>
        {confirmLabel}
      </Button>
    </Stack>
  );
};
