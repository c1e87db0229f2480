import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeScreen } from '../../components/notice-screen.tsx';

type ComingSoonScreenProps = {
  /** i18n key of the screen's name, under `screens.*`. */
  titleKey: string;
  /** Screens outside the session (sign-up, recovery) need a way back. */
  hasLoginLink?: boolean;
};

/** Stands in for a screen a later issue builds, so every route of spec §2 already answers. */
export const ComingSoonScreen = ({ titleKey, hasLoginLink = false }: ComingSoonScreenProps) => {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<ConstructionOutlined />}
      title={t(titleKey)}
      text={
        <>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, color: 'text.primary' }}>
            {t('comingSoon.title')}
          </Typography>
          {t('comingSoon.text')}
        </>
      }
      actions={
        hasLoginLink && (
          <Button component={Link} to="/login" variant="outlined">
            {t('common.backToLogin')}
          </Button>
        )
      }
    />
  );
};
