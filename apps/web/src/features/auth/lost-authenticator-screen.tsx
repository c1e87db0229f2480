import { AuthenticatorResetRequestSchema, RESET_MESSAGE_MAX } from '@carta/contract/authenticator';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useRequestAuthenticatorReset } from '../../api/authenticator.ts';
import { CheckEmailScreen } from '../../components/check-email-screen.tsx';
import { FormHeader } from '../../components/form-header.tsx';
import { FormPhoneField } from '../../components/form-phone-field.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { onRefusal } from '../../lib/on-refusal.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';

type FormInput = z.input<typeof AuthenticatorResetRequestSchema>;
type FormOutput = z.output<typeof AuthenticatorResetRequestSchema>;

/**
 * /authenticator/lost: an owner without their authenticator app asks for a reset with phone and password
 * (0072); the account's email gets a link that hands the request to support. The answer is the same
 * whether or not the details match an account.
 */
export const LostAuthenticatorScreen = () => {
  const { t } = useTranslation();
  const request = useRequestAuthenticatorReset();
  useDocumentTitle(t('lostAuthenticator.title'));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(AuthenticatorResetRequestSchema),
    defaultValues: { username: '', password: '', message: '' },
  });
  // A refusal shows above the form in the server's words, never by a field.
  const { run, formError, setFormError } = useFormSubmit(form.setError, { fieldOf: () => null });

  const submit = (values: FormOutput) =>
    run(() =>
      request.mutateAsync(values).catch(
        // Too many tries: how long to wait comes from the answer's Retry-After, in minutes.
        onRefusal('RATE_LIMITED', (error) =>
          setFormError(
            error.retryAfterSeconds
              ? t('login.lockedOut', { count: Math.ceil(error.retryAfterSeconds / 60) })
              : error.message,
          ),
        ),
      ),
    );

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
        <FormPhoneField<FormInput> name="username" label={t('login.phone')} />
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
