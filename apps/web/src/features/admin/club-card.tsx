import type { AdminClub } from '@carta/contract/admin';
import type { ClubState } from '@carta/contract/clubs';
import { severityName } from '@carta/contract/message-severity';
import { formatPhone } from '@carta/contract/phone-numbers';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats.ts';
import type { AdminClubAction } from './api/club-actions.ts';
import { ClubPaymentsButton } from './club-payments/club-payments-dialog.tsx';
import type { Confirmation } from './confirm-dialog.tsx';
import { SubscriptionChip } from './subscription-chip.tsx';

const STATE_COLOR: Record<ClubState, 'info' | 'success' | 'warning' | 'error'> = {
  waitingForActivation: 'info',
  active: 'success',
  disabledByOwner: 'warning',
  disabledByPlatform: 'error',
};

/** One venue in the list: who and where, its state and plan, and what the admin can do with it. */
export const ClubCard = ({
  club,
  isBusy,
  onAction,
  onConfirm,
  onWriteMessage,
  onOfferSmart,
}: {
  club: AdminClub;
  isBusy: boolean;
  onAction: (action: AdminClubAction) => void;
  onConfirm: (confirmation: Confirmation, action: AdminClubAction) => void;
  onWriteMessage: () => void;
  onOfferSmart: () => void;
}) => {
  const { t } = useTranslation();
  const created = dateFormat({ dateStyle: 'medium' }).format(new Date(club.createdAt));
  const canActivate = club.state === 'waitingForActivation' || club.state === 'disabledByPlatform';
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}
      data-testid="admin-club"
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h3" component="h3" sx={{ mr: 1 }}>
            {club.name}
          </Typography>
          <Chip size="small" color={STATE_COLOR[club.state]} label={t(`clubState.${club.state}.label`)} />
          <SubscriptionChip subscription={club.subscription} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {club.city} ({club.country}) · {t('admin.club.created', { date: created })}
          {club.brand && ` · ${t('admin.club.brand', { name: club.brand.name })}`}
        </Typography>
        <Typography variant="body2">
          {t('admin.club.owner')}: {club.owner.name} {club.owner.lastName} · {club.owner.email} ·{' '}
          {formatPhone(club.owner.phone)}
        </Typography>
        {club.message && (
          <Alert severity={severityName(club.message.severity)} sx={{ py: 0 }}>
            {t('admin.club.hasMessage', { summary: club.message.summary })}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap', rowGap: 1 }}
        >
          {canActivate ? (
            <Button
              variant="contained"
              disabled={isBusy}
              onClick={() => onAction({ kind: 'activate', clubId: club.id })}
            >
              {club.state === 'waitingForActivation' ? t('admin.club.activate') : t('admin.club.enable')}
            </Button>
          ) : (
            <Button
              variant="outlined"
              color="error"
              disabled={isBusy}
              onClick={() =>
                onConfirm(
                  {
                    title: t('admin.confirm.disableTitle', { name: club.name }),
                    text: t('admin.confirm.disableText'),
                    confirmLabel: t('admin.confirm.disable'),
                    isDestructive: true,
                  },
                  { kind: 'disable', clubId: club.id },
                )
              }
            >
              {t('admin.club.disable')}
            </Button>
          )}
          <Button variant="outlined" disabled={isBusy} onClick={onWriteMessage}>
            {t('admin.club.message')}
          </Button>
          <ClubPaymentsButton club={club} isBusy={isBusy} />
          {!club.freeForever && (
            <Button variant="outlined" disabled={isBusy} onClick={onOfferSmart}>
              {t('admin.club.offerSmart')}
            </Button>
          )}
          {club.message && (
            <Button
              color="error"
              disabled={isBusy}
              onClick={() =>
                onConfirm(
                  {
                    title: t('admin.confirm.removeMessageTitle', { name: club.name }),
                    text: t('admin.confirm.removeMessageText'),
                    confirmLabel: t('admin.confirm.remove'),
                    isDestructive: true,
                  },
                  { kind: 'clearMessage', clubId: club.id },
                )
              }
            >
              {t('admin.club.removeMessage')}
            </Button>
          )}
          <FormControlLabel
            sx={{ ml: { sm: 'auto' } }}
            control={
              <Switch
                checked={club.freeForever}
                disabled={isBusy}
                onChange={(event) => {
                  const freeForever = event.target.checked;
                  onConfirm(
                    {
                      title: t(
                        freeForever
                          ? 'admin.confirm.freeForeverOnTitle'
                          : 'admin.confirm.freeForeverOffTitle',
                        {
                          name: club.name,
                        },
                      ),
                      text: t(
                        freeForever ? 'admin.confirm.freeForeverOnText' : 'admin.confirm.freeForeverOffText',
                      ),
                      confirmLabel: t('admin.confirm.confirm'),
                    },
                    { kind: 'freeForever', clubId: club.id, freeForever },
                  );
                }}
              />
            }
            label={t('admin.club.earlyAdopter')}
          />
        </Stack>
      </Stack>
    </Paper>
  );
};
