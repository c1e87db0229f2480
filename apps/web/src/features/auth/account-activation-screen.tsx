import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { useActivateAccount } from './api/activate-account.ts';

/** Where the activation email's link lands: confirms the account and offers to log in. */
export const AccountActivationScreen = () => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const activation = useActivateAccount(token);
  const loginButton = (
    <Button component={RouterLink} to="/login" variant="contained">
      {t('common.goToLogin')}
    </Button>
  );

  if (token !== '' && activation.isPending) return <CenteredSpinner />;
  if (activation.isSuccess) {
    return (
      <NoticeScreen
        icon={<VerifiedOutlined />}
        title={t('activation.doneTitle')}
        text={t('activation.doneText')}
        actions={loginButton}
      />
    );
  }
  return (
    <NoticeScreen
      icon={<LinkOffOutlined />}
      title={t('activation.invalidTitle')}
      text={t('errors.RESET_LINK_INVALID')}
      actions={loginButton}
    />
  );
};
