import SystemUpdateAltOutlined from '@mui/icons-material/SystemUpdateAltOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NoticeScreen } from '../../components/notice-screen.tsx';

export const UpdateScreen = () => {
  const { t } = useTranslation();
  const reload = () => {
    // Reloading /update would only show this notice again: start the new build from the top.
    window.history.replaceState(null, '', '/');
    window.location.reload();
  };
  return (
    <NoticeScreen
      icon={<SystemUpdateAltOutlined />}
      title={t('static.update.title')}
      text={t('static.update.text')}
      actions={
        <Button variant="contained" onClick={reload}>
          {t('static.update.action')}
        </Button>
      }
    />
  );
};
