import type { StoredImage } from '@carta/contract/clubs';
import { IMAGE_CONTENT_TYPES } from '@carta/contract/limits';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FileInput } from '../../components/file-input.tsx';
import { PhotoPlaceholder } from '../../components/photo-placeholder.tsx';
import { useCropUpload } from '../../lib/use-crop-upload.ts';
import { useUploadBannerImage } from './api/upload-banner-image.ts';
import { BannerFrame, BannerVisibilityNotice, useBannerPath } from './banner-frame.tsx';
import { newDetailsPath } from './uploaded-image.ts';

// The crop dialog carries react-easy-crop: fetched only when an owner picks an image.
const ImageCropDialog = lazy(() =>
  import('../../components/image-cropper.tsx').then((module) => ({ default: module.ImageCropDialog })),
);

/**
 * What the details step receives from the image step, besides the key in its address: the stored image
 * with its WebP sizes, lost on a reload or in a new tab.
 */
export type NewBannerState = { image: StoredImage };

/** The largest side the cropped banner is sent with: the server keeps at most 2048 and shows 800. */
const BANNER_MAX_SIDE = 1600;

const PLACEHOLDER_SIDE = 160;

const ImageStep = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clubId, menuId, base } = useBannerPath();
  const upload = useUploadBannerImage(clubId, menuId);
  const input = useRef<HTMLInputElement>(null);
  const crop = useCropUpload('cropper', async (image, onProgress) => {
    const stored = await upload.mutateAsync({ image, contentType: 'image/jpeg', onProgress });
    await navigate(newDetailsPath(base, stored.key), { state: { image: stored } satisfies NewBannerState });
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography>{t('banner.imageIntro')}</Typography>
        {crop.pickError && (
          <Alert severity="error" role="alert" data-testid="banner-pick-error">
            {crop.pickError}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <PhotoPlaceholder width={PLACEHOLDER_SIDE} height={PLACEHOLDER_SIDE} />
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button
              variant="contained"
              startIcon={<PhotoLibraryOutlined />}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {t('banner.pick')}
            </Button>
            <FileInput
              ref={input}
              accept={IMAGE_CONTENT_TYPES.join(',')}
              data-testid="banner-image-input"
              aria-label={t('banner.pick')}
              onFile={(file) => void crop.pick(file)}
            />
            <Typography variant="body2" color="text.secondary">
              {t('banner.imageHelp')}
            </Typography>
          </Stack>
        </Stack>
      </Stack>
      {crop.picked && (
        <Suspense fallback={<LinearProgress aria-label={t('cropper.opening')} />}>
          <ImageCropDialog
            key={crop.picked}
            imageUrl={crop.picked}
            shapes={['square']}
            maxWidth={BANNER_MAX_SIDE}
            onConfirm={crop.confirm}
            onCancel={crop.close}
            error={crop.failure?.message ?? null}
            progress={crop.progress}
            labels={{
              title: t('banner.cropTitle'),
              area: t('banner.cropArea'),
              confirm: crop.failure?.isNetwork ? t('banner.uploadAgain') : t('banner.upload'),
              uploading: t('banner.uploading'),
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
};

/** /clubs/:clubId/menu/:menuId/banner/new: the image step, picked, cropped square and uploaded. */
export const BannerImageScreen = () => {
  const { t } = useTranslation();
  return (
    <BannerFrame title={t('screens.bannerNew')}>
      {({ club }) => (
        <Stack spacing={2.5}>
          <BannerVisibilityNotice club={club} />
          {club.plan.isSmart && <ImageStep />}
        </Stack>
      )}
    </BannerFrame>
  );
};
