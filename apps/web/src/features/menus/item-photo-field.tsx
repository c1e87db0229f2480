import type { StoredImage } from '@carta/contract/clubs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { PhotoPlaceholder } from '../../components/photo-placeholder.tsx';
import { uploadImage } from '../../lib/upload-image.ts';
import { useCropUpload } from '../../lib/use-crop-upload.ts';
import { PhotoImage, photoUrl } from './photo-image.ts';

// The crop dialog carries react-easy-crop: fetched only when an owner picks a photo.
const ImageCropDialog = lazy(() =>
  import('../../components/image-cropper.tsx').then((module) => ({ default: module.ImageCropDialog })),
);

/** The widest photo sent: the server keeps at most 2048 pixels and shows at most 960. */
const MAX_WIDTH = 1600;

const PREVIEW_HEIGHT = 160;

type ItemPhotoFieldProps = {
  clubId: string;
  /** The photo shown: the saved one, a new upload, or null. */
  photo: StoredImage | null;
  /** The photo the item has saved, which removing can bring back until the form is saved. */
  saved: StoredImage | null;
  onChange: (photo: StoredImage | null) => void;
};

/**
 * The dish's photo on the item form: picked (JPG, PNG or WebP, at most 5 MB), cropped square or 4:3 in the
 * browser, uploaded as a JPG; changing or removing it only touches the form, saved with the item.
 */
export const ItemPhotoField = ({ clubId, photo, saved, onChange }: ItemPhotoFieldProps) => {
  const { t } = useTranslation();
  const club = useClub(clubId);
  const input = useRef<HTMLInputElement>(null);
  const crop = useCropUpload('itemPhoto', async (cropped, onProgress) => {
    const stored = await uploadImage(
      clubId,
      new File([cropped], 'photo.jpg', { type: 'image/jpeg' }),
      'photo',
      onProgress,
    );
    onChange(stored);
  });

  const choose = () => input.current?.click();

  return (
    <Stack spacing={1.5}>
      {club.data && !club.data.itemPhotosEnabled && (
        <Alert severity="info">
          {t('itemPhoto.hiddenFromGuests')}{' '}
          <Link component={RouterLink} to={`/clubs/${clubId}/profile/settings`}>
            {t('itemPhoto.openSettings')}
          </Link>
        </Alert>
      )}
      {crop.pickError && (
        <Alert severity="error" role="alert" data-testid="photo-error">
          {crop.pickError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {photo ? (
          <PhotoImage
            src={photoUrl(photo, PREVIEW_HEIGHT * 2 * (photo.width / photo.height))}
            alt={t('itemPhoto.previewAlt')}
            width={Math.round(PREVIEW_HEIGHT * (photo.width / photo.height))}
            height={PREVIEW_HEIGHT}
            data-testid="item-photo-preview"
            sx={{
              height: PREVIEW_HEIGHT,
              width: 'auto',
              maxWidth: '100%',
              objectFit: 'cover',
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              alignSelf: 'flex-start',
            }}
          />
        ) : (
          <PhotoPlaceholder width={PREVIEW_HEIGHT} height={PREVIEW_HEIGHT * 0.75} />
        )}
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={choose}>
              {photo ? t('itemPhoto.change') : t('itemPhoto.add')}
            </Button>
            {photo && (
              <Button color="error" onClick={() => onChange(null)}>
                {t('itemPhoto.remove')}
              </Button>
            )}
          </Stack>
          {!photo && saved ? (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('itemPhoto.removed')}{' '}
              <Link component="button" type="button" onClick={() => onChange(saved)}>
                {t('itemPhoto.undo')}
              </Link>
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('itemPhoto.help')}
            </Typography>
          )}
        </Stack>
      </Stack>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid="photo-input"
        aria-label={t('itemPhoto.add')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void crop.pick(file);
        }}
      />
      {crop.picked && (
        <Suspense fallback={<LinearProgress aria-label={t('cropper.opening')} />}>
          <ImageCropDialog
            imageUrl={crop.picked}
            shapes={['square', 'landscape']}
            maxWidth={MAX_WIDTH}
            onConfirm={crop.confirm}
            onCancel={crop.close}
            error={crop.failure?.message ?? null}
            progress={crop.progress}
            labels={{
              title: t('itemPhoto.cropTitle'),
              area: t('itemPhoto.cropArea'),
              confirm: crop.failure ? t('itemPhoto.uploadAgain') : t('itemPhoto.use'),
              uploading: t('itemPhoto.uploading'),
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
};
