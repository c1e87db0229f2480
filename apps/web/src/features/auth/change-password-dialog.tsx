import { ChangePasswordRequestSchema } from '@carta/contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormCodeField } from '../../components/form-code-field.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useDialogFormSubmit } from '../../lib/use-form-submit.ts';
import { type ChangePasswordRequest, useChangePassword } from './api/change-password.ts';

type Values = z.input<typeof ChangePasswordRequestSchema>;
const EMPTY: Values = { currentPassword: '', password: '', passwordTwo: '', totp: '' };

/** New password after the current one and a fresh code; other devices are logged out. */
export const ChangePasswordDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const form = useForm<Values, unknown, ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { run, formError, close } = useDialogFormSubmit(form, { initial: EMPTY, onClose });

  const submit = (values: ChangePasswordRequest) =>
    run(async () => {
      await change.mutateAsync(values);
      enqueueSnackbar(t('changePassword.done'), { variant: 'success' });
      close();
    });

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={close}
      form={form}
      onSubmit={submit}
      title={t('changePassword.title')}
      error={formError}
      submitLabel={t('changePassword.submit')}
      isSubmitting={change.isPending}
    >
      <FormTextField<Values>
        name="currentPassword"
        label={t('changePassword.current')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField<Values>
        name="password"
        label={t('changePassword.new')}
        type="password"
        autoComplete="new-password"
        helperText={t('changePassword.help')}
        required
      />
      <FormTextField<Values>
        name="passwordTwo"
        label={t('changePassword.repeat')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormCodeField<Values> name="totp" />
    </FormDialog>
  );
};
