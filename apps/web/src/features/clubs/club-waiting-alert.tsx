import type { OwnedClubSummary } from '@carta/contract/clubs';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/**
 * Over every screen of a club the platform has not activated yet (its board says it in its own card):
 * what the state means and what happens next, so an owner who lands on Menu or QR codes knows it too.
 */
export const ClubWaitingAlert = ({ club }: { club: OwnedClubSummary }) => {
  const { t } = useTranslation();
  if (club.state !== 'waitingForActivation') return null;
  return (
    <Alert severity="info" data-testid="club-waiting" sx={{ mb: 3 }}>
      <AlertTitle>{t('clubState.waitingForActivation.label')}</AlertTitle>
      {t('clubState.waitingForActivation.text')}
    </Alert>
  );
};
