import {
  type AdminClub,
  type ClubMessageRequest,
  ClubMessageRequestSchema,
  MESSAGE_FULL_MAX,
  MESSAGE_SUMMARY_MAX,
} from '@carta/contract/admin';
import { MESSAGE_SEVERITIES } from '@carta/contract/message-severity';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-text-field.tsx';

type Values = z.input<typeof ClubMessageRequestSchema>;

/** Writes the club's message: severity, the summary every screen shows, the full text of /notice. */
export const ClubMessageDialog = ({
  club,
  isSaving,
  onSave,
  onClose,
}: {
  club: AdminClub | null;
  isSaving: boolean;
  onSave: (message: ClubMessageRequest) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, ClubMessageRequest>({
    resolver: zodResolver(ClubMessageRequestSchema),
    values: club?.message
      ? {
          severity: club.message.severity,
          summary: club.message.summary,
          fullMessage: club.message.fullMessage,
        }
      : { severity: 1, summary: '', fullMessage: '' },
  });
  return (
    <Dialog open={club !== null} onClose={onClose} fullWidth maxWidth="sm">
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onSave)}>
          <DialogTitle>{t('admin.messageDialog.title', { name: club?.name ?? '' })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {club?.message && <Alert severity="info">{t('admin.messageDialog.replaces')}</Alert>}
              <Controller
                name="severity"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t('admin.messageDialog.severity')}
                    value={field.value}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                  >
                    {MESSAGE_SEVERITIES.map((severity, index) => (
                      <MenuItem key={severity} value={index}>
                        {t(`admin.messageDialog.severities.${severity}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <FormTextField<Values>
                name="summary"
                label={t('admin.messageDialog.summary')}
                helperText={t('admin.messageDialog.summaryHelp')}
                required
                slotProps={{ htmlInput: { maxLength: MESSAGE_SUMMARY_MAX } }}
              />
              <FormTextField<Values>
                name="fullMessage"
                label={t('admin.messageDialog.fullMessage')}
                helperText={t('admin.messageDialog.fullMessageHelp')}
                required
                multiline
                minRows={4}
                slotProps={{ htmlInput: { maxLength: MESSAGE_FULL_MAX } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={isSaving}>
              {t('admin.messageDialog.save')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
};
