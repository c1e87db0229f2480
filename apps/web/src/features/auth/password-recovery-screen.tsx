import { PasswordRecoveryRequestSchema } from '@carta/contract/accounts';
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
import { CheckEmailScreen } from '../../components/check-email-screen.tsx';
import { FormHeader } from '../../components/form-header.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { phonePrefixSlot } from '../../components/phone-prefix.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePasswordRecovery } from './api/password-recovery.ts';

type FormInput = z.input<typeof PasswordRecoveryRequestSchema>;
type FormOutput = z.output<typeof PasswordRecoveryRequestSchema>;

export const PasswordRecoveryScreen = () => {
  const { t } = useTranslation();
  const recovery = usePasswordRecovery();
  const [formError, setFormError] = useState<string | null>(null);
  useDocumentTitle(t('recovery.title'));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PasswordRecoveryRequestSchema),
    defaultValues: { phone: '' },
  });

  const submit = async (values: FormOutput) => {
    setFormError(null);
    try {
      await recovery.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_FOUND') {
        form.setError('phone', { message: error.message });
        return;
      }
      setFormError(errorMessage(error, t('errors.GENERIC_TRY_LATER')));
    }
  };

  if (recovery.isSuccess) {
    return <CheckEmailScreen title={t('recovery.sentTitle')} text={t('recovery.sentText')} />;
  }

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate onSubmit={form.handleSubmit(submit)} spacing={2.5}>
        <FormHeader title={t('recovery.title')} subtitle={t('recovery.subtitle')} error={formError} />
        <FormTextField<FormInput>
          name="phone"
          label={t('login.phone')}
          type="tel"
          autoComplete="username"
          autoFocus
          required
          slotProps={{ htmlInput: { inputMode: 'tel' }, input: phonePrefixSlot(form.watch('phone')) }}
        />
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
