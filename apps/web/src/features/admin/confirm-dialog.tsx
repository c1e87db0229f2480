import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field.tsx';

export type Confirmation = {
  title: string;
  text: string;
  confirmLabel: string;
  isDestructive?: boolean;
  /** An optional note the action sends along (the refusal email quotes it). */
  note?: { label: string; help: string; max: number };
};

/** Asks before an action that emails an owner or changes what guests see, with a note when it takes one. */
export const ConfirmDialog = ({
  confirmation,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation | null;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Dialog
      open={confirmation !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => setNote('') } }}
    >
      {confirmation && (
        <>
          <DialogTitle>{confirmation.title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{confirmation.text}</DialogContentText>
            {confirmation.note && (
              <TextField
                label={confirmation.note.label}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                multiline
                minRows={3}
                fullWidth
                sx={{ mt: 2 }}
                helperText={confirmation.note.help}
                characterLimit={confirmation.note.max}
              />
            )}
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
                onConfirm(note.trim());
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
