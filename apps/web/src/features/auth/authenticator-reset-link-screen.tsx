import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useConfirmAuthenticatorReset } from '../../api/authenticator.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Where the reset email's link lands (0072): the request goes to support, who confirms it. */
export const AuthenticatorResetLinkScreen = () => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirmation = useConfirmAuthenticatorReset(token);
  useDocumentTitle(t('lostAuthenticator.linkTitle'));
  const loginButton = (
    <Button component={RouterLink} to="/login" variant="contained">
      {t('common.goToLogin')}
    </Button>
  );

  if (token !== '' && confirmation.isPending) return <CenteredSpinner />;
  if (confirmation.isSuccess) {
    return (
      <NoticeScreen
        icon={<SupportAgentOutlined />}
        title={t('lostAuthenticator.awaitingTitle')}
        text={t('lostAuthenticator.awaitingText', { hours: confirmation.data.supportHours })}
        actions={loginButton}
      />
    );
  }
  return (
    <NoticeScreen
      icon={<LinkOffOutlined />}
      title={t('activation.invalidTitle')}
      text={t('lostAuthenticator.linkInvalid')}
      actions={
        <Button component={RouterLink} to="/authenticator/lost" variant="contained">
          {t('lostAuthenticator.askAgain')}
        </Button>
      }
    />
  );
};
