import { NOTIFICATIONS } from '@carta/contract/limits';
import CloseRounded from '@mui/icons-material/CloseRounded';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  type SnackbarKey,
  SnackbarProvider,
} from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { connectSnackbars } from '../lib/snackbar.ts';

// notistack draws its own colours; these follow the app's theme instead.
const ThemedContent = styled(MaterialDesignContent)(({ theme }) => ({
  borderRadius: theme.shape.borderRadius,
  fontFamily: theme.typography.fontFamily,
  // Keep the close button beside a two-line message instead of wrapping it onto a line of its own.
  flexWrap: 'nowrap',
  '& #notistack-snackbar': { flex: 1, minWidth: 0 },
  '&.notistack-MuiContent-default': { backgroundColor: '#2b2326' },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b4530b' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
}));

const CloseAction = ({ snackbarKey }: { snackbarKey: SnackbarKey }) => {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('common.close')}
      onClick={() => closeSnackbar(snackbarKey)}
    >
      <CloseRounded fontSize="small" />
    </IconButton>
  );
};

const components = {
  default: ThemedContent,
  success: ThemedContent,
  error: ThemedContent,
  warning: ThemedContent,
  info: ThemedContent,
};

/**
 * Toasts as NOTIFICATIONS sets them (docs/product.md, Owner app): three at most, no duplicates, 5 s, bottom left, 225/195 ms. It wraps no
 * children: notistack's own functions reach it, and lib/snackbar.ts hands them the toasts once it is in.
 */
export const SnackbarHost = () => {
  // notistack's functions work once its provider exists: after this first render.
  useEffect(() => connectSnackbars({ enqueueSnackbar, closeSnackbar }), []);
  return (
    <SnackbarProvider
      maxSnack={NOTIFICATIONS.maxVisible}
      preventDuplicate
      autoHideDuration={NOTIFICATIONS.autoHideMs}
      anchorOrigin={NOTIFICATIONS.anchor}
      transitionDuration={{ enter: NOTIFICATIONS.enterMs, exit: NOTIFICATIONS.exitMs }}
      Components={components}
      action={(key) => <CloseAction snackbarKey={key} />}
    />
  );
};
