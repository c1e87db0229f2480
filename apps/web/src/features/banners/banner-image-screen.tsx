import type { StoredImage } from '@carta/contract/clubs';
import { IMAGE_CONTENT_TYPES } from '@carta/contract/limits';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ImageCropper } from '../../components/image-cropper.tsx';
import { UploadProgress } from '../../components/upload-progress.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { cropImage, imageKind } from '../../lib/crop-image.ts';
import { UploadNetworkError } from '../../lib/upload-image.ts';
import { useUploadBannerImage } from './api/upload-banner-image.ts';
import { BannerFrame, BannerVisibilityNotice, useBannerPath } from './banner-frame.tsx';
import { newDetailsPath } from './uploaded-image.ts';

/**
 * What the details step receives from the image step, besides the key in its address: the stored image
 * with its WebP sizes, lost on a reload or in a new tab.
 */
export type NewBannerState = { image: StoredImage };

/** The largest side the cropped banner is sent with: the server keeps at most 2048 and shows 800. */
const BANNER_MAX_SIDE = 1600;

type Failure = { message: string; isNetwork: boolean };

const ImageStep = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clubId, menuId, base } = useBannerPath();
  const upload = useUploadBannerImage(clubId, menuId);
  const [picked, setPicked] = useState<{ url: string; name: string } | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    const kind = await imageKind(file);
    if (kind !== 'jpeg' && kind !== 'png') {
      setFailure({ message: t('errors.IMAGE_TYPE_NOT_SUPPORTED'), isNetwork: false });
      return;
    }
    setArea(null);
    setPicked({ url: URL.createObjectURL(file), name: file.name });
  };

  const send = async () => {
    if (!picked || !area) return;
    setFailure(null);
    setProgress(0);
    try {
      const image = await cropImage(picked.url, area, { aspect: 1, maxWidth: BANNER_MAX_SIDE });
      const stored = await upload.mutateAsync({ image, contentType: 'image/jpeg', onProgress: setProgress });
      await navigate(newDetailsPath(base, stored.key), { state: { image: stored } satisfies NewBannerState });
    } catch (error) {
      // The picked image and the crop stay: uploading again is one tap.
      if (error instanceof UploadNetworkError || (error instanceof ApiError && error.status === 0))
        setFailure({ message: t('upload.networkError'), isNetwork: true });
      else if (error instanceof ApiError) setFailure({ message: error.message, isNetwork: false });
      else setFailure({ message: t('errors.IMAGE_TYPE_NOT_SUPPORTED'), isNetwork: false });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography>{t('banner.imageIntro')}</Typography>
        {failure && (
          <Alert severity="error" role="alert" data-testid="banner-upload-error">
            {failure.message}
          </Alert>
        )}
        {picked && (
          // Centred on a wide screen: the parent Stack resets its children's margins.
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 420, textAlign: 'center' }}>
              <ImageCropper
                key={picked.url}
                imageUrl={picked.url}
                aspect={1}
                onCropComplete={setArea}
                labels={{ area: t('banner.cropArea'), help: t('banner.cropHelp'), zoom: t('banner.zoom') }}
                areaSx={{ aspectRatio: '1 / 1' }}
              />
            </Stack>
          </Box>
        )}
        {upload.isPending && <UploadProgress fraction={progress} label={t('banner.uploading')} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            component="label"
            variant={picked ? 'outlined' : 'contained'}
            startIcon={<PhotoLibraryOutlined />}
            disabled={upload.isPending}
          >
            {picked ? t('banner.pickAnother') : t('banner.pick')}
            <input
              hidden
              type="file"
              accept={IMAGE_CONTENT_TYPES.join(',')}
              onChange={(event) => void pick(event)}
            />
          </Button>
          {picked && (
            <Button
              variant="contained"
              startIcon={<UploadOutlined />}
              loading={upload.isPending}
              disabled={!area}
              onClick={() => void send()}
            >
              {failure?.isNetwork ? t('banner.uploadAgain') : t('banner.upload')}
            </Button>
          )}
        </Stack>
      </Stack>
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
