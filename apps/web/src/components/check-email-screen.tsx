import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NoticeScreen } from './notice-screen.tsx';

/** The page after a sign-in form sent an email (sign-up, recovery, a lost authenticator): read it, then log in. */
export const CheckEmailScreen = ({ title, text }: { title: string; text: string }) => {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<MarkEmailReadOutlined />}
      title={title}
      text={text}
      actions={
        <Button component={RouterLink} to="/login" variant="contained">
          {t('common.goToLogin')}
        </Button>
      }
    />
  );
};
