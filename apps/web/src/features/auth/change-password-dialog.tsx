import { ChangePasswordRequestSchema } from '@carta/contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-text-field.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { type ChangePasswordRequest, useChangePassword } from './api/change-password.ts';

type Values = z.input<typeof ChangePasswordRequestSchema>;
const EMPTY: Values = { currentPassword: '', password: '', passwordTwo: '', totp: '' };

/** New password after the current one and a fresh code; other devices are logged out. */
export const ChangePasswordDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const close = () => {
    form.reset(EMPTY);
    setFormError(null);
    onClose();
  };

  const submit = async (values: ChangePasswordRequest) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      enqueueSnackbar(t('changePassword.done'), { variant: 'success' });
      close();
    } catch (error) {
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        setFormError(t('errors.GENERIC_TRY_LATER'));
        return;
      }
      for (const issue of error.issues)
        form.setError(issue.path.replace(/^body\./, '') as Path<Values>, { message: issue.message });
      if (error.issues.length === 0) setFormError(error.message);
    }
  };

  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs">
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(submit)}>
          <DialogTitle>{t('changePassword.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {formError && <Alert severity="error">{formError}</Alert>}
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
              <FormTextField<Values>
                name="totp"
                label={t('login.totp')}
                autoComplete="one-time-code"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={change.isPending}>
              {t('changePassword.submit')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
};
