import './members-i18n.ts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useMyInvitations } from './api/get-my-invitations.ts';
import { MyInvitationLine } from './my-invitation-card.tsx';
import { useAnswerInvitation } from './use-answer-invitation.ts';

/**
 * Above a club's screens: the invitations addressed to the account (its email or phone), to accept or
 * decline where it already works; nothing at all when there are none.
 */
export const PendingInvitationsAlert = () => {
  const { data: invitations } = useMyInvitations();
  const { answer, isAnswering } = useAnswerInvitation();
  if (!invitations || invitations.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      {invitations.map((invitation) => (
        <Alert key={invitation.id} severity="info" sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
          <MyInvitationLine
            invitation={invitation}
            isAnswering={isAnswering(invitation)}
            onAnswer={(isAccepting) => void answer(invitation, isAccepting)}
          />
        </Alert>
      ))}
    </Stack>
  );
};
