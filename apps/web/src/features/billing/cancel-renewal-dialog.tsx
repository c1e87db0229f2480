import { FREE_PLAN_MAX_MENUS } from '@carta/contract/limits';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

type CancelRenewalDialogProps = {
  isOpen: boolean;
  /** `YYYY-MM-DD` Smart ends on; already formatted. */
  endsOn: string;
  clubName: string;
  isPartner: boolean;
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Cancelling the renewal is final once confirmed (spec §4): the dialog says so, and what follows. */
export const CancelRenewalDialog = ({
  isOpen,
  endsOn,
  clubName,
  isPartner,
  isWorking,
  onConfirm,
  onClose,
}: CancelRenewalDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t(isPartner ? 'plan.cancel.partnerTitle' : 'plan.cancel.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>
          {t('plan.cancel.final', { date: endsOn, club: clubName, max: FREE_PLAN_MAX_MENUS })}
        </DialogContentText>
        <DialogContentText>{t('plan.cancel.kept', { date: endsOn })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('plan.cancel.keep')}
        </Button>
        <Button color="error" variant="contained" loading={isWorking} onClick={onConfirm}>
          {t('plan.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
