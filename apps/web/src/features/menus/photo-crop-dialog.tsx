import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { ImageCropper } from '../../components/image-cropper.tsx';
import { UploadProgress } from '../../components/upload-progress.tsx';
import { cropImage } from '../../lib/crop-image.ts';

/** The widest photo sent: the server keeps at most 2048 pixels and shows at most 960. */
const MAX_WIDTH = 1600;

const SHAPES = { square: 1, landscape: 4 / 3 } as const;
type Shape = keyof typeof SHAPES;

export type PhotoCropDialogProps = {
  imageUrl: string;
  /** Uploads the cropped photo; the dialog stays open, with the crop, until it succeeds. */
  onConfirm: (photo: Blob) => Promise<void>;
  onCancel: () => void;
  /** Why the last upload failed, shown above the crop; null when it did not. */
  error: string | null;
  /** How much of the photo has gone out while it uploads, from 0 to 1. */
  progress: number;
};

/**
 * Crops a picked photo to a square or to 4:3: drag or arrow keys move it, the slider, the wheel or + and −
 * zoom. Full screen on a phone. Loaded only when an owner picks a photo (it carries react-easy-crop).
 */
export const PhotoCropDialog = ({ imageUrl, onConfirm, onCancel, error, progress }: PhotoCropDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [shape, setShape] = useState<Shape>('square');
  const [area, setArea] = useState<Area | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const [cropError, setCropError] = useState<string | null>(null);
  const confirm = async () => {
    if (!area) return;
    setIsWorking(true);
    setCropError(null);
    try {
      const photo = await cropImage(imageUrl, area, { aspect: SHAPES[shape], maxWidth: MAX_WIDTH }).catch(
        (cause: unknown) => {
          setCropError(t('itemPhoto.notReadable'));
          throw cause;
        },
      );
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
        <ImageCropper
          imageUrl={imageUrl}
          aspect={SHAPES[shape]}
          onCropComplete={setArea}
          onMediaLoaded={() => setCropError(null)}
          labels={{ area: t('itemPhoto.cropArea'), help: t('itemPhoto.cropHelp'), zoom: t('itemPhoto.zoom') }}
          disabled={isWorking}
          // On a phone the crop takes the screen's free height: a bigger area to drag with a finger.
          areaSx={{ flex: { xs: '1 1 auto', sm: 'none' }, minHeight: { xs: 260 }, height: { sm: 360 } }}
        />
        {isWorking && <UploadProgress fraction={progress} label={t('itemPhoto.uploading')} />}
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
