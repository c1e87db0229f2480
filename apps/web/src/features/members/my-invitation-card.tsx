import type { MyInvitation } from '@carta/contract/members';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** An invitation addressed to the account: who invites it where, as what; accept or decline. */
export const MyInvitationLine = ({
  invitation,
  isAnswering,
  onAnswer,
}: {
  invitation: MyInvitation;
  isAnswering: boolean;
  onAnswer: (isAccepting: boolean) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      data-testid="my-invitation"
    >
      <Stack spacing={0.25} sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {t('members.mine.line', {
            invitedBy: invitation.invitedBy,
            club: invitation.clubName,
            role: t(`members.roles.${invitation.role}`),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`members.roleTexts.${invitation.role}`)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button variant="contained" loading={isAnswering} onClick={() => onAnswer(true)}>
          {t('members.mine.accept')}
        </Button>
        <Button color="inherit" disabled={isAnswering} onClick={() => onAnswer(false)}>
          {t('members.mine.decline')}
        </Button>
      </Stack>
    </Stack>
  );
};
