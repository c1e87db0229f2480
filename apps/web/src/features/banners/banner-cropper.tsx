import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.1;

type BannerCropperProps = { imageUrl: string; onCropChange: (area: Area) => void };

/**
 * Crops the picked image to a square: drag or arrow keys to move it, the slider, the wheel or + and − to
 * zoom. Reports the chosen square in the image's own pixels.
 */
export const BannerCropper = ({ imageUrl, onCropChange }: BannerCropperProps) => {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const clampZoom = (value: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      setZoom((value) => clampZoom(value + ZOOM_STEP * 2));
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      setZoom((value) => clampZoom(value - ZOOM_STEP * 2));
    }
  };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Box
        onKeyDown={onKeyDown}
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 420,
          aspectRatio: '1 / 1',
          mx: 'auto',
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
          '& [data-testid="cropper"]:focus-visible': { outline: '3px solid #2563eb', outlineOffset: -3 },
        }}
      >
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          keyboardStep={10}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => onCropChange(pixels)}
          cropperProps={{
            role: 'application',
            'aria-label': t('banner.cropArea'),
            'aria-describedby': 'banner-crop-help',
          }}
        />
      </Box>
      <Typography
        id="banner-crop-help"
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', maxWidth: 420 }}
      >
        {t('banner.cropHelp')}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', maxWidth: 420, width: '100%', mx: 'auto' }}
      >
        <ZoomOut aria-hidden color="action" />
        <Slider
          value={zoom}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={ZOOM_STEP}
          onChange={(_event, value) => setZoom(value as number)}
          aria-label={t('banner.zoom')}
          getAriaValueText={(value) => `${Math.round(value * 100)}%`}
        />
        <ZoomIn aria-hidden color="action" />
      </Stack>
    </Stack>
  );
};
