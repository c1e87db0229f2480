import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeScreen } from '../../components/notice-screen.tsx';

export const SessionExpiredScreen = () => {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<TimerOffOutlined />}
      title={t('static.sessionExpired.title')}
      text={t('errors.SESSION_EXPIRED')}
      actions={
        <Button component={Link} to="/login" replace variant="contained">
          {t('common.goToLogin')}
        </Button>
      }
    />
  );
};
