import { PasswordRecoveryRequestSchema } from '@carta/contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { CheckEmailScreen } from '../../components/check-email-screen.tsx';
import { FormHeader } from '../../components/form-header.tsx';
import { FormPhoneField } from '../../components/form-phone-field.tsx';
import { onRefusal } from '../../lib/on-refusal.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { usePasswordRecovery } from './api/password-recovery.ts';

type FormInput = z.input<typeof PasswordRecoveryRequestSchema>;
type FormOutput = z.output<typeof PasswordRecoveryRequestSchema>;

export const PasswordRecoveryScreen = () => {
  const { t } = useTranslation();
  const recovery = usePasswordRecovery();
  useDocumentTitle(t('recovery.title'));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PasswordRecoveryRequestSchema),
    defaultValues: { phone: '' },
  });
  const { run, formError } = useFormSubmit(form.setError, { fieldOf: () => null });

  const submit = (values: FormOutput) =>
    run(() =>
      recovery
        .mutateAsync(values)
        // An unknown number is said by the phone field; the answer carries no field issue for it.
        .catch(onRefusal('ACCOUNT_NOT_FOUND', (error) => form.setError('phone', { message: error.message }))),
    );

  if (recovery.isSuccess) {
    return <CheckEmailScreen title={t('recovery.sentTitle')} text={t('recovery.sentText')} />;
  }

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate onSubmit={form.handleSubmit(submit)} spacing={2.5}>
        <FormHeader title={t('recovery.title')} subtitle={t('recovery.subtitle')} error={formError} />
        <FormPhoneField<FormInput> name="phone" label={t('login.phone')} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={recovery.isPending}>
          {t('recovery.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            {t('common.backToLogin')}
          </Link>
        </Typography>
      </Stack>
    </FormProvider>
  );
};
