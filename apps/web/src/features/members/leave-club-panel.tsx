import './members-i18n.ts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteMember } from './api/delete-member.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type LeaveClubPanelProps = {
  clubId: string;
  clubName: string;
  /** The account leaving: a member removes itself. */
  accountId: number;
  /** Once it has left: the screen moves on to a club it still has. */
  onLeft: () => void;
};

/** In a manager's or a waiter's settings: leaving the club, after a confirmation (the owner hands it over instead). */
export const LeaveClubPanel = ({ clubId, clubName, accountId, onLeft }: LeaveClubPanelProps) => {
  const { t } = useTranslation();
  const leave = useDeleteMember(clubId);
  const run = useMutationWithToast(leave);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="leave-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Stack spacing={0.5} sx={{ flex: 1 }}>
          <Typography id="leave-title" variant="h3" component="h2">
            {t('members.leave.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('members.leave.text', { club: clubName })}
          </Typography>
        </Stack>
        <Button color="error" variant="outlined" onClick={() => setIsConfirming(true)}>
          {t('members.leave.open')}
        </Button>
      </Stack>
      <ConfirmDialog
        confirmation={
          isConfirming
            ? {
                title: t('members.leave.confirmTitle', { club: clubName }),
                text: t('members.leave.text', { club: clubName }),
                confirmLabel: t('members.leave.confirm'),
              }
            : null
        }
        isWorking={leave.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={async () => {
          if ((await run(accountId, t('members.leave.done', { club: clubName }))) === null) {
            setIsConfirming(false);
            onLeft();
          }
        }}
      />
    </Paper>
  );
};
