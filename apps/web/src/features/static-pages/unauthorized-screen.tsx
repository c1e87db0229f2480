import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeScreen } from '../../components/notice-screen.tsx';

export const UnauthorizedScreen = () => {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<LockOutlined />}
      title={t('static.unauthorized.title')}
      text={t('static.unauthorized.text')}
      actions={
        <Button component={Link} to="/login" variant="contained">
          {t('common.goToLogin')}
        </Button>
      }
    />
  );
};
