import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** A screen's data did not load: say so where the data would be, with a way to try again. */
export const QueryError = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      }
    >
      {t('errors.SOMETHING_WENT_WRONG')}
    </Alert>
  );
};
