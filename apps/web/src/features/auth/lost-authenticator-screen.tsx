import { AuthenticatorResetRequestSchema, RESET_MESSAGE_MAX } from '@carta/contract/authenticator';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useRequestAuthenticatorReset } from '../../api/authenticator.ts';
import { CheckEmailScreen } from '../../components/check-email-screen.tsx';
import { FormHeader } from '../../components/form-header.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { phonePrefixSlot } from '../../components/phone-prefix.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type FormInput = z.input<typeof AuthenticatorResetRequestSchema>;
type FormOutput = z.output<typeof AuthenticatorResetRequestSchema>;

/**
 * /authenticator/lost: an owner without their authenticator app asks for a reset with phone and password
 * (0051); the account's email gets a link that hands the request to support. The answer is the same
 * whether or not the details match an account.
 */
export const LostAuthenticatorScreen = () => {
  const { t } = useTranslation();
  const request = useRequestAuthenticatorReset();
  const [formError, setFormError] = useState<string | null>(null);
  useDocumentTitle(t('lostAuthenticator.title'));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(AuthenticatorResetRequestSchema),
    defaultValues: { username: '', password: '', message: '' },
  });

  const submit = async (values: FormOutput) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED' && error.retryAfterSeconds) {
        setFormError(t('login.lockedOut', { count: Math.ceil(error.retryAfterSeconds / 60) }));
        return;
      }
      setFormError(errorMessage(error, t('errors.GENERIC_TRY_LATER')));
    }
  };

  if (request.isSuccess) {
    return (
      <CheckEmailScreen title={t('lostAuthenticator.sentTitle')} text={t('lostAuthenticator.sentText')} />
    );
  }

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate onSubmit={form.handleSubmit(submit)} spacing={2.5}>
        <FormHeader
          title={t('lostAuthenticator.title')}
          subtitle={t('lostAuthenticator.subtitle')}
          error={formError}
        />
        <FormTextField<FormInput>
          name="username"
          label={t('login.phone')}
          type="tel"
          autoComplete="username"
          autoFocus
          required
          slotProps={{ htmlInput: { inputMode: 'tel' }, input: phonePrefixSlot(form.watch('username')) }}
        />
        <FormTextField<FormInput>
          name="password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <FormTextField<FormInput>
          name="message"
          label={t('lostAuthenticator.message')}
          multiline
          minRows={3}
          helperText={t('lostAuthenticator.messageHelp')}
          characterLimit={RESET_MESSAGE_MAX}
        />
        <Typography variant="body2" color="text.secondary">
          {t('lostAuthenticator.steps')}
        </Typography>
        <Button type="submit" variant="contained" size="large" fullWidth loading={request.isPending}>
          {t('lostAuthenticator.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/password/recovery">
            {t('lostAuthenticator.forgotPassword')}
          </Link>
          {' · '}
          <Link component={RouterLink} to="/login">
            {t('common.backToLogin')}
          </Link>
        </Typography>
      </Stack>
    </FormProvider>
  );
};
