import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.1;

type ImageCropperProps = {
  imageUrl: string;
  /** Width / height of the chosen part: 1 for a square. */
  aspect: number;
  /** The chosen part in the image's own pixels, each time the owner stops moving it. */
  onCropComplete: (area: Area) => void;
  onMediaLoaded?: () => void;
  labels: { area: string; help: string; zoom: string };
  disabled?: boolean;
  /** The crop area's size: the caller knows whether it sits on a page or fills a phone's dialog. */
  areaSx: SxProps<Theme>;
};

/**
 * Crops a picked image: drag or arrow keys move it; the slider, the wheel or + and − zoom. Loaded only
 * with the screens that crop (it carries react-easy-crop).
 */
export const ImageCropper = ({
  imageUrl,
  aspect,
  onCropComplete,
  onMediaLoaded,
  labels,
  disabled = false,
  areaSx,
}: ImageCropperProps) => {
  const helpId = useId();
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
    <>
      <Box
        onKeyDown={onKeyDown}
        sx={[
          {
            position: 'relative',
            width: '100%',
            bgcolor: 'grey.900',
            borderRadius: 2,
            overflow: 'hidden',
            '& [data-testid="cropper"]:focus-visible': { outline: '3px solid #2563eb', outlineOffset: -3 },
          },
          ...(Array.isArray(areaSx) ? areaSx : [areaSx]),
        ]}
      >
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={aspect}
          keyboardStep={10}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => onCropComplete(pixels)}
          onMediaLoaded={onMediaLoaded}
          cropperProps={{ role: 'application', 'aria-label': labels.area, 'aria-describedby': helpId }}
        />
      </Box>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {labels.help}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: 1, width: '100%' }}>
        <ZoomOut aria-hidden color="action" />
        <Slider
          value={zoom}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={ZOOM_STEP}
          onChange={(_event, value) => setZoom(value as number)}
          aria-label={labels.zoom}
          getAriaValueText={(value) => `${Math.round(value * 100)}%`}
          disabled={disabled}
        />
        <ZoomIn aria-hidden color="action" />
      </Stack>
    </>
  );
};
