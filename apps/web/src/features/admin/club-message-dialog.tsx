import {
  type ClubMessageRequest,
  ClubMessageRequestSchema,
  MESSAGE_FULL_MAX,
  MESSAGE_SUMMARY_MAX,
} from '@carta/contract/admin';
import { MESSAGE_SEVERITIES } from '@carta/contract/message-severity';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import type { ClubDialogProps } from './club-dialog-props.ts';

type Values = z.input<typeof ClubMessageRequestSchema>;

/** Writes the club's message: severity, the summary every screen shows, the full text of /notice. */
export const ClubMessageDialog = ({
  club,
  isSaving,
  onSave,
  onClose,
}: ClubDialogProps<ClubMessageRequest>) => {
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
    <FormDialog
      isOpen={club !== null}
      onClose={onClose}
      form={form}
      onSubmit={onSave}
      title={t('admin.messageDialog.title', { name: club?.name ?? '' })}
      intro={club?.message && <Alert severity="info">{t('admin.messageDialog.replaces')}</Alert>}
      error={null}
      submitLabel={t('admin.messageDialog.save')}
      isSubmitting={isSaving}
      maxWidth="sm"
    >
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
    </FormDialog>
  );
};
