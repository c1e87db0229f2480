import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** How much of an image has gone out, as a bar and a percentage: a slow connection shows it moving. */
export const UploadProgress = ({ fraction, label }: { fraction: number; label: string }) => {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <Box>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('upload.progress', { percent })}
      </Typography>
    </Box>
  );
};
