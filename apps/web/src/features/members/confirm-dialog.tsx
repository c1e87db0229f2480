import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export type Confirmation = { title: string; text: string; confirmLabel: string };

/**
 * Asks before someone loses access (a removal, a withdrawn invitation, leaving): Cancel has the focus, so
 * Enter alone never confirms. It stays open, busy, until the change is done or refused.
 */
export const ConfirmDialog = ({
  confirmation,
  isWorking,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation | null;
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Dialog open={confirmation !== null} onClose={onClose} maxWidth="xs" fullWidth>
      {confirmation && (
        <>
          <DialogTitle>{confirmation.title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{confirmation.text}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              {t('common.cancel')}
            </Button>
            <Button variant="contained" color="error" loading={isWorking} onClick={onConfirm}>
              {confirmation.confirmLabel}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
};
