import { DeleteAccountRequestSchema } from '@carta/contract/accounts';
import { DELETE_CONFIRMATION_WORD } from '@carta/contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-text-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { clearSession } from '../../lib/session-store.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useDeleteAccount } from './api/delete-account.ts';

type Values = z.input<typeof DeleteAccountRequestSchema>;

/** Deletes the owner's account with its clubs after password, code and the typed word `elimina`/`delete`. */
export const DeleteAccountDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const deletion = useDeleteAccount();
  const [confirmation, setConfirmation] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const word = DELETE_CONFIRMATION_WORD[currentLanguage()];
  const form = useForm<Values, unknown, z.output<typeof DeleteAccountRequestSchema>>({
    resolver: zodResolver(DeleteAccountRequestSchema),
    defaultValues: { password: '', totp: '' },
  });

  const submit = async (values: z.output<typeof DeleteAccountRequestSchema>) => {
    setFormError(null);
    try {
      await deletion.mutateAsync(values);
      clearSession({ isLogout: true });
      await navigate('/login', { replace: true });
      queryClient.clear();
      enqueueSnackbar(t('deleteAccount.done'), { variant: 'success' });
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : t('errors.GENERIC_TRY_LATER'));
    }
  };

  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs">
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(submit)}>
          <DialogTitle>{t('deleteAccount.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography color="text.secondary">{t('deleteAccount.text')}</Typography>
              {formError && <Alert severity="error">{formError}</Alert>}
              <FormTextField<Values>
                name="password"
                label={t('login.password')}
                type="password"
                autoComplete="current-password"
                required
              />
              <FormTextField<Values>
                name="totp"
                label={t('login.totp')}
                autoComplete="one-time-code"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              />
              <TextField
                label={t('deleteAccount.typeWord', { word })}
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                fullWidth
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('deleteAccount.cancel')}</Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={confirmation.trim().toLowerCase() !== word}
              loading={deletion.isPending}
            >
              {t('deleteAccount.submit')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
};
