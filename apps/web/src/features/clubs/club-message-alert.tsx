import type { OwnedClubSummary } from '@carta/contract/clubs';
import { severityName } from '@carta/contract/message-severity';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The platform's message to the club, over every screen of the club, coloured by its severity. */
export const ClubMessageAlert = ({ club }: { club: OwnedClubSummary }) => {
  const { t } = useTranslation();
  if (!club.message) return null;
  return (
    <Alert
      severity={severityName(club.message.severity)}
      data-testid="club-message"
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={`/clubs/${club.id}/notice`}>
          {t('notice.read')}
        </Button>
      }
    >
      <AlertTitle sx={{ mb: 0 }}>{club.message.summary}</AlertTitle>
    </Alert>
  );
};
