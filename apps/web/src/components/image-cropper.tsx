import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
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
import { CROP_ASPECTS, type CropShape, clampZoom, cropImage, ZOOM_LIMITS } from '../lib/crop-image.ts';
import { UploadProgress } from './upload-progress.tsx';

export type ImageCropDialogProps = {
  imageUrl: string;
  /** The shapes the owner may choose, the first one chosen at first; one shape shows no choice. */
  shapes: readonly [CropShape, ...CropShape[]];
  /** Crops and uploads the image; the dialog stays open, with the crop, until the caller closes it. */
  onConfirm: (image: Blob, shape: CropShape) => Promise<void>;
  onCancel: () => void;
  /** Why the last upload failed, shown above the crop; null when it did not. */
  error: string | null;
  /** How much of the image has gone out while it uploads, from 0 to 1. */
  progress: number;
  /** What the image is for, in the dialog's words: its title, the crop area's name, the buttons. */
  labels: { title: string; area: string; confirm: string; uploading: string };
  /** The widest image sent: the chosen part is scaled down to it. */
  maxWidth: number;
};

/**
 * The owner app's one image cropper, for a dish's photo and a banner's image alike: a dialog (full screen
 * on a phone) with the picked image on a light background, the chosen part framed and the rest veiled.
 * Drag or the arrow keys move it; the slider, the two zoom buttons, the wheel or + and − zoom. Loaded only
 * when an owner picks an image (it carries react-easy-crop).
 */
export const ImageCropDialog = ({
  imageUrl,
  shapes,
  onConfirm,
  onCancel,
  error,
  progress,
  labels,
  maxWidth,
}: ImageCropDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const helpId = useId();
  const [shape, setShape] = useState<CropShape>(shapes[0]);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM_LIMITS.min);
  const [area, setArea] = useState<Area | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const [cropError, setCropError] = useState<string | null>(null);

  const zoomBy = (steps: number) => setZoom((value) => clampZoom(value + steps * ZOOM_LIMITS.step));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(2);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(-2);
    }
  };

  const confirm = async () => {
    if (!area) return;
    setIsWorking(true);
    setCropError(null);
    try {
      const image = await cropImage(imageUrl, area, { aspect: CROP_ASPECTS[shape], maxWidth }).catch(
        (cause: unknown) => {
          setCropError(t('cropper.notReadable'));
          throw cause;
        },
      );
      await onConfirm(image, shape);
    } catch {
      // The message is on screen (the crop's here, the upload's from the caller); the crop stays.
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
      data-testid="image-crop-dialog"
    >
      <DialogTitle id={titleId}>{labels.title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {shownError && (
          <Alert severity="error" role="alert">
            {shownError}
          </Alert>
        )}
        {shapes.length > 1 && (
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={shape}
            onChange={(_event, value: CropShape | null) => {
              if (value) setShape(value);
            }}
            aria-label={t('cropper.shape')}
            disabled={isWorking}
          >
            {shapes.map((candidate) => (
              <ToggleButton key={candidate} value={candidate}>
                {t(`cropper.shapes.${candidate}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <Box
          onKeyDown={onKeyDown}
          data-testid="crop-area"
          sx={{
            position: 'relative',
            width: '100%',
            // On a phone the crop takes the screen's free height: a bigger area to drag with a finger.
            flex: { xs: '1 1 auto', sm: 'none' },
            minHeight: { xs: 260 },
            height: { sm: 340 },
            bgcolor: 'grey.100',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            overflow: 'hidden',
            '& [data-testid="cropper"]:focus-visible': {
              outline: `3px solid ${theme.palette.primary.main}`,
              outlineOffset: -3,
            },
          }}
        >
          <Cropper
            image={imageUrl}
            crop={position}
            zoom={zoom}
            minZoom={ZOOM_LIMITS.min}
            maxZoom={ZOOM_LIMITS.max}
            aspect={CROP_ASPECTS[shape]}
            keyboardStep={10}
            onCropChange={setPosition}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            onMediaLoaded={() => setCropError(null)}
            // The part cut away is veiled in white, not blacked out; the chosen part keeps a white frame.
            style={{
              cropAreaStyle: {
                color: 'rgba(255, 255, 255, 0.72)',
                border: '2px solid #ffffff',
                outline: `1px solid ${theme.palette.grey[500]}`,
              },
            }}
            cropperProps={{ role: 'application', 'aria-label': labels.area, 'aria-describedby': helpId }}
          />
        </Box>
        <Typography id={helpId} variant="body2" color="text.secondary">
          {t('cropper.help')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
          <IconButton
            aria-label={t('cropper.zoomOut')}
            onClick={() => zoomBy(-2)}
            disabled={isWorking || zoom <= ZOOM_LIMITS.min}
          >
            <ZoomOut />
          </IconButton>
          <Slider
            value={zoom}
            min={ZOOM_LIMITS.min}
            max={ZOOM_LIMITS.max}
            step={ZOOM_LIMITS.step}
            onChange={(_event, value) => setZoom(value as number)}
            aria-label={t('cropper.zoom')}
            getAriaValueText={(value) => `${Math.round(value * 100)}%`}
            disabled={isWorking}
            sx={{ mx: 1 }}
          />
          <IconButton
            aria-label={t('cropper.zoomIn')}
            onClick={() => zoomBy(2)}
            disabled={isWorking || zoom >= ZOOM_LIMITS.max}
          >
            <ZoomIn />
          </IconButton>
        </Stack>
        {isWorking && <UploadProgress fraction={progress} label={labels.uploading} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={isWorking}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} loading={isWorking} disabled={!area}>
          {labels.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
