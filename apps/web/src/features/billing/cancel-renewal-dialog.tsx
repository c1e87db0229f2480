import { FREE_PLAN_MAX_MENUS } from '@carta/contract/limits';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { cancelKindOf } from './plan-choices.ts';

/** What cancelling stops (`cancelKindOf`): each has its own words. */
export type CancelKind = ReturnType<typeof cancelKindOf>;

type CancelRenewalDialogProps = {
  isOpen: boolean;
  kind: CancelKind;
  /** The day Smart ends on, formatted. */
  endsOn: string;
  clubName: string;
  brandName: string;
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Cancelling, with one consistent account of what follows: until when Smart stays, and what Free keeps. */
export const CancelRenewalDialog = ({
  isOpen,
  kind,
  endsOn,
  clubName,
  brandName,
  isWorking,
  onConfirm,
  onClose,
}: CancelRenewalDialogProps) => {
  const { t } = useTranslation();
  const texts = { date: endsOn, club: clubName, brand: brandName, max: FREE_PLAN_MAX_MENUS };
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t(`plan.cancel.${kind}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>{t(`plan.cancel.${kind}.what`, texts)}</DialogContentText>
        <DialogContentText>{t(`plan.cancel.${kind}.after`, texts)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t(`plan.cancel.${kind}.keep`)}
        </Button>
        <Button color="error" variant="contained" loading={isWorking} onClick={onConfirm}>
          {t(`plan.cancel.${kind}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
