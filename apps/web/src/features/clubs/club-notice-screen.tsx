import { severityName } from '@carta/contract/message-severity';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { ClubQueryGate } from './club-query-gate.tsx';

/** /clubs/:clubId/notice: the platform's message to the club, in full. */
export const ClubNoticeScreen = () => {
  const { t } = useTranslation();
  return (
    <ClubQueryGate>
      {(club) =>
        club.message ? (
          <>
            <ScreenHeader title={t('screens.notice')} subtitle={club.name} />
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
              <Alert severity={severityName(club.message.severity)} sx={{ mb: 2 }}>
                <AlertTitle data-testid="notice-summary" sx={{ mb: 0 }}>
                  {club.message.summary}
                </AlertTitle>
              </Alert>
              <Typography data-testid="notice-text" sx={{ whiteSpace: 'pre-line', lineHeight: 1.7 }}>
                {club.message.fullMessage}
              </Typography>
            </Paper>
          </>
        ) : (
          <NoticeScreen
            icon={<MarkEmailReadOutlined />}
            title={t('notice.emptyTitle')}
            text={t('notice.emptyText')}
            actions={
              <Button variant="contained" component={RouterLink} to={`/clubs/${club.id}/profile`}>
                {t('notice.backToBoard')}
              </Button>
            }
          />
        )
      }
    </ClubQueryGate>
  );
};
