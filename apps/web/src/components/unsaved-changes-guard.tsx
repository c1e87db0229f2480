import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While a form has unsaved changes, leaving it (a link, the back button, closing the tab) asks first:
 * a stray tap must not throw away a Friday night's edits. `allowLeaving()` lets a save go on to the
 * next screen before the form has re-rendered as clean.
 */
export const useUnsavedChangesGuard = (isDirty: boolean): { dialog: ReactNode; allowLeaving: () => void } => {
  const { t } = useTranslation();
  const isLeavingAllowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeavingAllowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const dialog = (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
      <DialogTitle>{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.proceed?.()} color="error">
          {t('unsaved.leave')}
        </Button>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          {t('unsaved.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return {
    dialog,
    allowLeaving: () => {
      isLeavingAllowed.current = true;
    },
  };
};

/** The guard for a form that stays on its screen after saving. */
export const UnsavedChangesGuard = ({ isDirty }: { isDirty: boolean }) =>
  useUnsavedChangesGuard(isDirty).dialog;
