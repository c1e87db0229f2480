import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

type CenteredSpinnerProps = {
  /** Fade in only after a moment, so fast loads do not flash a spinner. */
  isDelayed?: boolean;
};

/** Shown while a lazily loaded screen or its first data arrives: centred on the viewport. */
export const CenteredSpinner = ({ isDelayed = false }: CenteredSpinnerProps) => {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        pointerEvents: 'none',
        zIndex: (theme) => theme.zIndex.appBar - 1,
        animation: isDelayed ? `${appear} 150ms ease-in 250ms both` : undefined,
      }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
};
