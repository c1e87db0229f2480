import { DELETE_CONFIRMATION_WORD } from '@carta/contract/limits';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';

type TypedConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  text: string;
  isWorking?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Deleting asks to type `elimina` (Italian) or `delete` (English) first (docs/product.md, Menus). */
export const TypedConfirmDialog = ({
  isOpen,
  title,
  text,
  isWorking = false,
  onConfirm,
  onClose,
}: TypedConfirmDialogProps) => {
  const { t } = useTranslation();
  const word = DELETE_CONFIRMATION_WORD[currentLanguage()];
  const [typed, setTyped] = useState('');
  const isConfirmed = typed.trim().toLowerCase() === word;
  const close = () => {
    setTyped('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isConfirmed) return;
    setTyped('');
    onConfirm();
  };
  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('deleteAccount.typeWord', { word })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={!isConfirmed} loading={isWorking}>
            {t('common.delete')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
