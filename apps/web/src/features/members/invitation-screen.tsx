import './members-i18n.ts';
import type { InvitationPreview } from '@carta/contract/members';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useInvitationPreview } from '../../api/preview-invitation.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { dateFormat } from '../../lib/date-formats.ts';
import { homeSectionOf } from '../../lib/home-section.ts';
import { useSession } from '../../lib/session-store.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAcceptInvitation } from './api/accept-invitation.ts';
import { invitationViewOf } from './member-list.ts';

const CLOSED_ICONS: Record<'accepted' | 'expired' | 'withdrawn', ReactNode> = {
  accepted: <HowToRegOutlined />,
  expired: <EventBusyOutlined />,
  withdrawn: <UnsubscribeOutlined />,
};

/** An open invitation: the club and the role; sign up or log in, or (logged in) accept it. */
const OpenInvitation = ({ token, preview }: { token: string; preview: InvitationPreview }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { isLoggedIn } = useSession();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('members.invitation.title', { club: preview.clubName });
  useDocumentTitle(title);
  const expires = dateFormat({ dateStyle: 'long' }).format(new Date(preview.expiresAt));

  const onAccept = async () => {
    setFailure(null);
    // Not useMutationWithToast: the failure stays on the page above the buttons (no form for useFormSubmit).
    try {
      const accepted = await accept.mutateAsync(token);
      enqueueSnackbar(t('members.invitation.welcome', { club: preview.clubName }), { variant: 'success' });
      await navigate(`/clubs/${accepted.clubId}/${homeSectionOf(accepted.role)}`, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, t('errors.GENERIC_TRY_LATER')));
    }
  };

  return (
    <Stack spacing={2.5}>
      <Stack spacing={1}>
        <Typography variant="h1">{title}</Typography>
        <Chip
          label={t('members.invitation.asRole', { role: t(`members.roles.${preview.role}`) })}
          color="primary"
          variant="outlined"
          sx={{ alignSelf: 'flex-start', fontWeight: 600 }}
        />
        <Typography color="text.secondary">{t(`members.roleTexts.${preview.role}`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('members.invitation.expires', { date: expires })}
        </Typography>
      </Stack>
      {failure && (
        <Alert severity="error" variant="outlined">
          {failure}
        </Alert>
      )}
      {isLoggedIn ? (
        <Stack spacing={1.5}>
          <Button variant="contained" size="large" loading={accept.isPending} onClick={() => void onAccept()}>
            {t('members.invitation.accept')}
          </Button>
          <Button component={RouterLink} to="/">
            {t('members.invitation.notNow')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <Typography>{t('members.invitation.loggedOut')}</Typography>
          {/* The token goes on in the navigation's state, not in another address. */}
          <Button
            component={RouterLink}
            to="/signup"
            state={{ invitationToken: token, invitationEmail: preview.email }}
            variant="contained"
            size="large"
          >
            {t('members.invitation.signUp')}
          </Button>
          <Button
            component={RouterLink}
            to="/login"
            state={{ from: { pathname: `/invitations/${token}` } }}
            variant="outlined"
            size="large"
          >
            {t('members.invitation.logIn')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
};

/** /invitations/:token, the emailed link (docs/product.md, Staff and roles): open to anyone who has it. */
export const InvitationScreen = () => {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { isLoggedIn } = useSession();
  const preview = useInvitationPreview(token);
  const view = invitationViewOf({
    preview: preview.data,
    errorStatus: preview.error ? (preview.error instanceof ApiError ? preview.error.status : 0) : undefined,
    now: new Date(),
  });
  const onwards = isLoggedIn ? (
    <Button component={RouterLink} to="/" variant="contained">
      {t('members.invitation.openClub')}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained">
      {t('common.goToLogin')}
    </Button>
  );

  switch (view.kind) {
    case 'loading':
      return <CenteredSpinner />;
    case 'failed':
      return <QueryError onRetry={() => void preview.refetch()} />;
    case 'notFound':
      return (
        <NoticeScreen
          icon={<LinkOffOutlined />}
          title={t('members.invitation.notFound.title')}
          text={t('members.invitation.notFound.text')}
          actions={onwards}
        />
      );
    case 'closed':
      return (
        <NoticeScreen
          icon={CLOSED_ICONS[view.status]}
          title={t(`members.invitation.${view.status}.title`)}
          text={t(`members.invitation.${view.status}.text`)}
          actions={onwards}
        />
      );
    case 'open':
      return <OpenInvitation token={token} preview={view.preview} />;
  }
};
