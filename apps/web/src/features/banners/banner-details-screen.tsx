import { type BannerDetails, type BannerDetailsForm, BannerDetailsFormSchema } from '@carta/contract/banners';
import type { StoredImage } from '@carta/contract/clubs';
import {
  PROMOTION_DESCRIPTION_MAX,
  PROMOTION_PRICE_MAX,
  PROMOTION_SUBTITLE_MAX,
  PROMOTION_TITLE_MAX,
} from '@carta/contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, FormProvider, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { EditorWithPreview } from '../../components/editor-with-preview.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { formPathOf } from '../../lib/use-form-submit.ts';
import { useSaveBanner } from './api/save-banner.ts';
import {
  type BannerData,
  BannerFrame,
  BannerVisibilityNotice,
  coloursOf,
  dishesOf,
  lookOf,
  useBannerPath,
} from './banner-frame.tsx';
import type { NewBannerState } from './banner-image-screen.tsx';
import { type BannerLook, BannerPhonePreview } from './banner-view.tsx';
import { bannerVisibility, previewKeys, savedMessageKey } from './banner-visibility.ts';
import { IMAGE_PARAM, uploadedImageLook } from './uploaded-image.ts';

type Values = BannerDetailsForm;
type Saved = z.output<typeof BannerDetailsFormSchema>;

const valuesOf = (banner: BannerDetails | null): Values => ({
  title: banner?.title ?? '',
  subtitle: banner?.subtitle ?? '',
  description: banner?.description ?? '',
  price: banner?.price ?? '',
  forYou: banner?.forYou ?? false,
});

const imageLook = (image: StoredImage): BannerLook['image'] => ({
  src: image.variants[0]?.url ?? image.url,
  srcSet: image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
});

type DetailsFormProps = BannerData & { image: BannerLook['image']; imageKey: string; isNew: boolean };

type FormError = { message: string; isImage: boolean };

const DetailsForm = ({ club, menu, banner, image, imageKey, isNew }: DetailsFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { clubId, menuId, base } = useBannerPath();
  const save = useSaveBanner(clubId, menuId);
  const visibility = bannerVisibility(club);
  const preview = previewKeys(visibility);
  const [formError, setFormError] = useState<FormError | null>(null);
  const form = useForm<Values, unknown, Saved>({
    resolver: zodResolver(BannerDetailsFormSchema),
    defaultValues: valuesOf(banner),
    mode: 'onTouched',
  });
  // A new image not saved yet is a change too.
  const guard = useUnsavedChangesGuard(form.formState.isDirty || isNew);
  const watched = useWatch({ control: form.control }) as Values;

  const submit = async (values: Saved) => {
    setFormError(null);
    // Not useFormSubmit: a lost connection has its own words, and a refused image is said above the form
    // with the way back to the image step, which needs more than a message.
    try {
      await save.mutateAsync({ ...values, image: imageKey });
      guard.allowLeaving();
      enqueueSnackbar(t(savedMessageKey(visibility, !banner)), { variant: 'success' });
      await navigate(base);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        setFormError({ message: t('banner.saveNetworkError'), isImage: false });
        return;
      }
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        setFormError({ message: t('errors.GENERIC_TRY_LATER'), isImage: false });
        return;
      }
      // The image has no field here: an image the club does not have (a key edited in the address) or
      // one that is not an image key at all is said above the form, with the way back to the image step.
      const imageIssue = error.issues.find((issue) => issue.path === 'body.image');
      const fieldIssues = error.issues.filter((issue) => issue.path !== 'body.image');
      for (const issue of fieldIssues)
        form.setError(formPathOf(issue.path) as Path<Values>, { message: issue.message });
      if (fieldIssues.length === 0)
        setFormError({
          message: imageIssue?.message ?? error.message,
          isImage: Boolean(imageIssue) || error.code === 'IMAGE_NOT_FOUND',
        });
    }
  };

  const look = {
    title: watched.title ?? '',
    subtitle: watched.subtitle,
    description: watched.description,
    price: watched.price ?? '',
    forYou: watched.forYou,
    image,
  };

  return (
    <FormProvider {...form}>
      {guard.dialog}
      <EditorWithPreview
        editor={
          <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit(submit)}>
            {formError && (
              <Alert
                severity="error"
                role="alert"
                action={
                  formError.isImage ? (
                    <Button component={RouterLink} to={`${base}/new`} color="inherit" size="small">
                      {t('banner.changeImage')}
                    </Button>
                  ) : undefined
                }
              >
                {formError.message}
              </Alert>
            )}
            <FormTextField<Values>
              name="title"
              label={t('banner.fields.title')}
              required
              characterLimit={PROMOTION_TITLE_MAX}
            />
            <FormTextField<Values>
              name="subtitle"
              label={t('banner.fields.subtitle')}
              characterLimit={PROMOTION_SUBTITLE_MAX}
            />
            <FormTextField<Values>
              name="description"
              label={t('banner.fields.description')}
              multiline
              minRows={3}
              characterLimit={PROMOTION_DESCRIPTION_MAX}
            />
            <FormTextField<Values>
              name="price"
              label={t('banner.fields.price')}
              required
              helperText={t('banner.fields.priceHelp')}
              slotProps={{ htmlInput: { maxLength: PROMOTION_PRICE_MAX } }}
            />
            <Controller
              name="forYou"
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                  label={
                    <Stack>
                      <span>{t('banner.fields.forYou')}</span>
                      <Typography variant="body2" color="text.secondary">
                        {t('banner.fields.forYouHelp')}
                      </Typography>
                    </Stack>
                  }
                />
              )}
            />
            {club.menuLanguages.length > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="banner-translations-hint">
                {t('banner.translationsHint', {
                  languages: club.menuLanguages.map((language) => t(`menuLanguages.${language}`)).join(', '),
                })}{' '}
                <Link component={RouterLink} to={`/clubs/${clubId}/menu/${menuId}/translations`}>
                  {t('banner.openTranslations')}
                </Link>
              </Typography>
            )}
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
              <Button component={RouterLink} to={base}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={save.isPending}
                disabled={!club.plan.isSmart}
              >
                {t('banner.save')}
              </Button>
            </Stack>
          </Stack>
        }
        preview={
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1, textAlign: 'center' }}>
              {t(preview.title)}
            </Typography>
            <BannerPhonePreview
              label={t(preview.label)}
              banner={look}
              colours={coloursOf({ menu, club })}
              clubName={club.name}
              menuName={menu.name}
              dishes={dishesOf(menu)}
              sections={menu.sections.slice(0, 3).map((section) => section.name)}
            />
          </>
        }
      />
    </FormProvider>
  );
};

/**
 * /clubs/:clubId/menu/:menuId/banner/new/details?image=<key> and .../banner/details: the banner's texts
 * with a live preview. After the image step it saves the uploaded image, whose key is in the address so a
 * reload or a new tab keeps it; otherwise it keeps the banner's image.
 */
export const BannerDetailsScreen = () => {
  const { t } = useTranslation();
  const { base } = useBannerPath();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const isNew = location.pathname.endsWith('/new/details');
  // Straight from the image step the router state has the image with its WebP sizes; after a reload or
  // in a new tab only the key in the address is left, and the preview is drawn from it.
  const uploaded = (location.state as Partial<NewBannerState> | null)?.image ?? null;
  const uploadedKey = searchParams.get(IMAGE_PARAM) ?? uploaded?.key ?? null;
  const uploadedLook =
    uploadedKey === null
      ? null
      : uploaded?.key === uploadedKey
        ? imageLook(uploaded)
        : uploadedImageLook(uploadedKey);
  return (
    <BannerFrame title={t('screens.bannerDetails')}>
      {(data) => {
        const imageKey = isNew ? uploadedKey : data.banner?.image?.key;
        // Without an uploaded image the image step comes first; a banner to edit must exist.
        if (!imageKey) return <Navigate to={isNew ? `${base}/new` : base} replace />;
        const image = isNew ? uploadedLook : data.banner ? lookOf(data.banner).image : null;
        return (
          <Stack spacing={2.5}>
            <BannerVisibilityNotice club={data.club} />
            <DetailsForm {...data} image={image} imageKey={imageKey} isNew={isNew} />
          </Stack>
        );
      }}
    </BannerFrame>
  );
};
