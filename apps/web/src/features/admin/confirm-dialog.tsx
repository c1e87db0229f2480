import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export type Confirmation = { title: string; text: string; confirmLabel: string; isDestructive?: boolean };

/** Asks before an action that emails an owner or changes what guests see. */
export const ConfirmDialog = ({
  confirmation,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation | null;
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
            <Button
              variant="contained"
              color={confirmation.isDestructive ? 'error' : 'primary'}
              onClick={() => {
                onClose();
                onConfirm();
              }}
            >
              {confirmation.confirmLabel}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
};
