import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeScreen } from '../../components/notice-screen.tsx';

export const NotFoundScreen = () => {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<SearchOffOutlined />}
      title={t('static.notFound.title')}
      text={t('static.notFound.text')}
      actions={
        <Button component={Link} to="/login" variant="contained">
          {t('common.goToLogin')}
        </Button>
      }
    />
  );
};
