import { DeleteAccountRequestSchema } from '@carta/contract/accounts';
import { DELETE_CONFIRMATION_WORD } from '@carta/contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormCodeField } from '../../components/form-code-field.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { clearSession } from '../../lib/session-store.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
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
  const word = DELETE_CONFIRMATION_WORD[currentLanguage()];
  const form = useForm<Values, unknown, z.output<typeof DeleteAccountRequestSchema>>({
    resolver: zodResolver(DeleteAccountRequestSchema),
    defaultValues: { password: '', totp: '' },
  });
  // A wrong password or code is said above the form as the server words it, not by its field.
  const { run, formError } = useFormSubmit(form.setError, { fieldOf: () => null });

  const submit = (values: z.output<typeof DeleteAccountRequestSchema>) =>
    run(async () => {
      await deletion.mutateAsync(values);
      clearSession({ isLogout: true });
      await navigate('/login', { replace: true });
      queryClient.clear();
      enqueueSnackbar(t('deleteAccount.done'), { variant: 'success' });
    });

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      title={t('deleteAccount.title')}
      intro={<Typography color="text.secondary">{t('deleteAccount.text')}</Typography>}
      error={formError}
      submitLabel={t('deleteAccount.submit')}
      isSubmitting={deletion.isPending}
      cancelLabel={t('deleteAccount.cancel')}
      submitButton={{ color: 'error', disabled: confirmation.trim().toLowerCase() !== word }}
    >
      <FormTextField<Values>
        name="password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormCodeField<Values> name="totp" />
      <TextField
        label={t('deleteAccount.typeWord', { word })}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        fullWidth
      />
    </FormDialog>
  );
};
