import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type KeyboardEvent, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.1;
/** The widest photo sent: the server keeps at most 2048 pixels and shows at most 960. */
const MAX_WIDTH = 1600;

const SHAPES = { square: 1, landscape: 4 / 3 } as const;
type Shape = keyof typeof SHAPES;

const loadImage = (url: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image not decoded'));
    image.src = url;
  });

/**
 * The part of the photo the owner chose, drawn on a canvas in exactly the chosen shape and encoded as a
 * JPG on white (a transparent PNG would otherwise turn black), at most MAX_WIDTH wide.
 */
export const cropPhoto = async (url: string, area: Area, aspect: number): Promise<Blob> => {
  const image = await loadImage(url);
  const width = Math.max(1, Math.min(Math.round(area.width), MAX_WIDTH));
  const height = Math.max(1, Math.round(width / aspect));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('not encoded'))), 'image/jpeg', 0.9),
  );
};

export type PhotoCropDialogProps = {
  imageUrl: string;
  /** Uploads the cropped photo; the dialog stays open, with the crop, until it succeeds. */
  onConfirm: (photo: Blob) => Promise<void>;
  onCancel: () => void;
  /** Why the last upload failed, shown above the crop; null when it did not. */
  error: string | null;
};

/**
 * Crops a picked photo to a square or to 4:3: drag or arrow keys move it, the slider, the wheel or + and −
 * zoom. Full screen on a phone. Loaded only when an owner picks a photo (it carries react-easy-crop).
 */
export const PhotoCropDialog = ({ imageUrl, onConfirm, onCancel, error }: PhotoCropDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const helpId = useId();
  const [shape, setShape] = useState<Shape>('square');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const [cropError, setCropError] = useState<string | null>(null);
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

  const confirm = async () => {
    if (!area) return;
    setIsWorking(true);
    setCropError(null);
    try {
      const photo = await cropPhoto(imageUrl, area, SHAPES[shape]).catch((cause: unknown) => {
        setCropError(t('itemPhoto.notReadable'));
        throw cause;
      });
      await onConfirm(photo);
    } catch {
      // The message is on screen (the crop's here, the upload's from the field); the crop stays.
    } finally {
      setIsWorking(false);
    }
  };

  const shownError = cropError ?? error;
  return (
    <Dialog
      open
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
      onClose={isWorking ? undefined : onCancel}
      aria-labelledby={titleId}
      data-testid="photo-crop-dialog"
    >
      <DialogTitle id={titleId}>{t('itemPhoto.cropTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {shownError && (
          <Alert severity="error" role="alert">
            {shownError}
          </Alert>
        )}
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={shape}
          onChange={(_event, value: Shape | null) => {
            if (value) setShape(value);
          }}
          aria-label={t('itemPhoto.shape')}
          disabled={isWorking}
        >
          <ToggleButton value="square">{t('itemPhoto.square')}</ToggleButton>
          <ToggleButton value="landscape">{t('itemPhoto.landscape')}</ToggleButton>
        </ToggleButtonGroup>
        <Box
          onKeyDown={onKeyDown}
          sx={{
            position: 'relative',
            width: '100%',
            // On a phone the crop takes the screen's free height: a bigger area to drag with a finger.
            flex: { xs: '1 1 auto', sm: 'none' },
            minHeight: { xs: 260 },
            height: { sm: 360 },
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
            aspect={SHAPES[shape]}
            keyboardStep={10}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            onMediaLoaded={() => setCropError(null)}
            cropperProps={{
              role: 'application',
              'aria-label': t('itemPhoto.cropArea'),
              'aria-describedby': helpId,
            }}
          />
        </Box>
        <Typography id={helpId} variant="body2" color="text.secondary">
          {t('itemPhoto.cropHelp')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: 1 }}>
          <ZoomOut aria-hidden color="action" />
          <Slider
            value={zoom}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={ZOOM_STEP}
            onChange={(_event, value) => setZoom(value as number)}
            aria-label={t('itemPhoto.zoom')}
            getAriaValueText={(value) => `${Math.round(value * 100)}%`}
            disabled={isWorking}
          />
          <ZoomIn aria-hidden color="action" />
        </Stack>
        {isWorking && <LinearProgress aria-label={t('itemPhoto.uploading')} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={isWorking}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} loading={isWorking} disabled={!area}>
          {error ? t('itemPhoto.uploadAgain') : t('itemPhoto.use')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
