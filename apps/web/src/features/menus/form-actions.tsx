import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

type FormActionsProps = {
  onCancel: () => void;
  isSaving: boolean;
  /** The submit button's words: "Create" for something new, "Save" for a change. */
  submitLabel: string;
};

/** A menu form's last row: cancel, then the submit button, on the right. */
export const FormActions = ({ onCancel, isSaving, submitLabel }: FormActionsProps) => {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" variant="contained" size="large" loading={isSaving}>
        {submitLabel}
      </Button>
    </Stack>
  );
};
