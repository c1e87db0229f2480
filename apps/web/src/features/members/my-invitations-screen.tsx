import './members-i18n.ts';
import AddHomeWorkOutlined from '@mui/icons-material/AddHomeWorkOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOwnedClubs } from '../../api/get-owned-clubs.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useMyInvitations } from './api/get-my-invitations.ts';
import { MyInvitationLine } from './my-invitation-card.tsx';
import { useAnswerInvitation } from './use-answer-invitation.ts';

/**
 * /invitations: where an account with no club lands (a waiter who signed up before accepting, or whose
 * venue let them go): the invitations addressed to it, or the way to a venue of its own.
 */
export const MyInvitationsScreen = () => {
  const { t } = useTranslation();
  const invitations = useMyInvitations();
  const clubs = useOwnedClubs();
  const { answer, isAnswering } = useAnswerInvitation();
  useDocumentTitle(t('members.mine.title'));
  const newClub = (
    <Button component={RouterLink} to="/clubs/new" variant="outlined" startIcon={<AddHomeWorkOutlined />}>
      {t('members.mine.newClub')}
    </Button>
  );

  if (invitations.isError) return <QueryError onRetry={() => void invitations.refetch()} />;
  if (!invitations.data || !clubs.data) return <CenteredSpinner isDelayed />;
  // Someone with clubs who opens the address: nothing waits, and their clubs are a click away.
  if (invitations.data.length === 0 && clubs.data.length > 0)
    return (
      <NoticeScreen
        icon={<MailOutlined />}
        title={t('members.mine.noneTitle')}
        text={t('members.mine.noneText')}
        actions={
          <Button component={RouterLink} to="/" variant="contained">
            {t('members.mine.yourClubs')}
          </Button>
        }
      />
    );
  if (invitations.data.length === 0)
    return (
      <NoticeScreen
        icon={<MailOutlined />}
        title={t('members.mine.emptyTitle')}
        text={t('members.mine.emptyText')}
        actions={newClub}
      />
    );
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h1">{t('members.mine.title')}</Typography>
        <Typography color="text.secondary">{t('members.mine.subtitle')}</Typography>
      </Stack>
      {invitations.data.map((invitation) => (
        <Paper key={invitation.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <MyInvitationLine
            invitation={invitation}
            isAnswering={isAnswering(invitation)}
            onAnswer={(isAccepting) => void answer(invitation, isAccepting)}
          />
        </Paper>
      ))}
      <Stack sx={{ alignItems: 'flex-start' }}>{newClub}</Stack>
    </Stack>
  );
};
