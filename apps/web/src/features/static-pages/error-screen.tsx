import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NoticeScreen } from '../../components/notice-screen.tsx';

type ErrorScreenProps = {
  /** What "Try again" does; by default the app starts over from `/` with a fresh page load. */
  onRetry?: () => void;
};

export const ErrorScreen = ({ onRetry }: ErrorScreenProps) => {
  const { t } = useTranslation();
  // A fresh load drops whatever state broke the screen; `/` then sends the user where they belong.
  const retry = onRetry ?? (() => window.location.assign('/'));
  return (
    <NoticeScreen
      icon={<ErrorOutlineOutlined />}
      title={t('errors.SOMETHING_WENT_WRONG')}
      text={t('static.error.text')}
      actions={
        <Button variant="contained" onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      }
    />
  );
};
