import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type FormDialogProps<Values extends FieldValues, Output extends FieldValues> = {
  isOpen: boolean;
  onClose: () => void;
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: SubmitHandler<Output>;
  title: string;
  /** Above the form's message: what the dialog is about. */
  intro?: ReactNode;
  /** The message of a failed submit, above the fields. */
  error: string | null;
  submitLabel: string;
  isSubmitting: boolean;
  /** The way out's label; "Cancel" unless the dialog says it another way. */
  cancelLabel?: string;
  submitButton?: Pick<ButtonProps, 'color' | 'disabled'>;
  /** How wide the dialog may grow; `xs` suits a field or two, `sm` a longer form. */
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
};

/** A small form in a dialog: title, its fields with the failure's message above them, cancel and submit. */
export const FormDialog = <Values extends FieldValues, Output extends FieldValues>({
  isOpen,
  onClose,
  form,
  onSubmit,
  title,
  intro,
  error,
  submitLabel,
  isSubmitting,
  cancelLabel,
  submitButton,
  maxWidth = 'xs',
  children,
}: FormDialogProps<Values, Output>) => {
  const { t } = useTranslation();
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth={maxWidth}>
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {intro}
              {error && <Alert severity="error">{error}</Alert>}
              {children}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{cancelLabel ?? t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={isSubmitting} {...submitButton}>
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
};
