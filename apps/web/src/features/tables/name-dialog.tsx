import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-text-field.tsx';

type NameValues = { name: string };

type NameDialogProps = {
  title: string;
  label: string;
  initial: string;
  max: number;
  /** The contract's rule for this name (a table's, a zone's). */
  schema: z.ZodType<NameValues, NameValues>;
  isOpen: boolean;
  /** Answers the failure's message to show by the field, or null when saved. */
  onSave: (name: string) => Promise<string | null>;
  onClose: () => void;
};

const NameForm = ({
  title,
  label,
  initial,
  max,
  schema,
  onSave,
  onClose,
}: Omit<NameDialogProps, 'isOpen'>) => {
  const { t } = useTranslation();
  const form = useForm<NameValues>({ resolver: zodResolver(schema), defaultValues: { name: initial } });
  const submit = async ({ name }: NameValues) => {
    const failure = await onSave(name);
    if (failure) form.setError('name', { message: failure });
    else onClose();
  };
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <FormTextField<NameValues>
            name="name"
            autoFocus
            required
            label={label}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: max } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('tables.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
};

/** A name asked in a small dialog: renaming a table or a zone, creating a zone. */
export const NameDialog = ({ isOpen, ...props }: NameDialogProps) => (
  <Dialog open={isOpen} onClose={props.onClose} fullWidth maxWidth="xs">
    {/* Mounted afresh at each opening, so the field starts from the current name. */}
    <NameForm key={props.initial} {...props} />
  </Dialog>
);
