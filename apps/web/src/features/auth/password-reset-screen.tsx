import { PasswordResetRequestSchema } from '@carta/contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormHeader } from '../../components/form-header.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { onRefusal } from '../../lib/on-refusal.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { usePasswordReset } from './api/password-recovery.ts';

type FormInput = z.input<typeof PasswordResetRequestSchema>;
type FormOutput = z.output<typeof PasswordResetRequestSchema>;

export const PasswordResetScreen = () => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = usePasswordReset();
  const [isLinkInvalid, setIsLinkInvalid] = useState(token === '');
  useDocumentTitle(t('reset.title'));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { token, password: '', passwordTwo: '' },
  });
  const { run, formError } = useFormSubmit(form.setError);

  const submit = (values: FormOutput) =>
    run(() => reset.mutateAsync(values).catch(onRefusal('RESET_LINK_INVALID', () => setIsLinkInvalid(true))));

  if (isLinkInvalid) {
    return (
      <NoticeScreen
        icon={<LinkOffOutlined />}
        title={t('reset.invalidTitle')}
        text={t('errors.RESET_LINK_INVALID')}
        actions={
          <Button component={RouterLink} to="/password/recovery" variant="contained">
            {t('reset.requestNewLink')}
          </Button>
        }
      />
    );
  }
  if (reset.isSuccess) {
    return (
      <NoticeScreen
        icon={<TaskAltOutlined />}
        title={t('reset.doneTitle')}
        text={t('reset.doneText')}
        actions={
          <Button component={RouterLink} to="/login" variant="contained">
            {t('common.goToLogin')}
          </Button>
        }
      />
    );
  }

  const passwordField = (name: 'password' | 'passwordTwo', label: string, helperText?: string) => (
    <FormTextField<FormInput>
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      helperText={helperText}
    />
  );

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate onSubmit={form.handleSubmit(submit)} spacing={2.5}>
        <FormHeader title={t('reset.title')} subtitle={t('reset.subtitle')} error={formError} />
        {passwordField('password', t('reset.password'), t('reset.passwordRules'))}
        {passwordField('passwordTwo', t('reset.passwordTwo'))}
        <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </FormProvider>
  );
};
