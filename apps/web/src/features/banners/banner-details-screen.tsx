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
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, FormProvider, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-text-field.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
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
import { BannerPhonePreview } from './banner-view.tsx';

type Values = BannerDetailsForm;
type Saved = z.output<typeof BannerDetailsFormSchema>;

const valuesOf = (banner: BannerDetails | null): Values => ({
  title: banner?.title ?? '',
  subtitle: banner?.subtitle ?? '',
  description: banner?.description ?? '',
  price: banner?.price ?? '',
  forYou: banner?.forYou ?? false,
});

const imageLook = (image: StoredImage) => ({
  src: image.variants[0]?.url ?? image.url,
  srcSet: image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
});

type DetailsFormProps = BannerData & { image: StoredImage | null; imageKey: string; isNew: boolean };

const DetailsForm = ({ club, menu, banner, image, imageKey, isNew }: DetailsFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { clubId, menuId, base } = useBannerPath();
  const save = useSaveBanner(clubId, menuId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Saved>({
    resolver: zodResolver(BannerDetailsFormSchema),
    defaultValues: valuesOf(banner),
    mode: 'onTouched',
  });
  // A new image not saved yet is a change too.
  const guard = useUnsavedChangesGuard(form.formState.isDirty || isNew);
  const watched = useWatch({ control: form.control }) as Values;
  const count = (value: string | null | undefined, max: number) =>
    t('common.characters', { count: value?.length ?? 0, max });

  const submit = async (values: Saved) => {
    setFormError(null);
    try {
      await save.mutateAsync({ ...values, image: imageKey });
      guard.allowLeaving();
      enqueueSnackbar(t(banner ? 'banner.saved' : 'banner.created'), { variant: 'success' });
      await navigate(base);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        setFormError(t('banner.saveNetworkError'));
        return;
      }
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        setFormError(t('errors.GENERIC_TRY_LATER'));
        return;
      }
      const fieldIssues = error.issues.filter((issue) => issue.path !== 'body.image');
      for (const issue of fieldIssues)
        form.setError(issue.path.replace(/^body\./, '') as Path<Values>, { message: issue.message });
      if (fieldIssues.length === 0) setFormError(error.message);
    }
  };

  const look = {
    title: watched.title ?? '',
    subtitle: watched.subtitle,
    description: watched.description,
    price: watched.price ?? '',
    forYou: watched.forYou,
    image: image ? imageLook(image) : banner ? lookOf(banner).image : null,
  };

  return (
    <FormProvider {...form}>
      {guard.dialog}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit(submit)}>
              {formError && (
                <Alert severity="error" role="alert">
                  {formError}
                </Alert>
              )}
              <FormTextField<Values>
                name="title"
                label={t('banner.fields.title')}
                required
                helperText={count(watched.title, PROMOTION_TITLE_MAX)}
                slotProps={{ htmlInput: { maxLength: PROMOTION_TITLE_MAX } }}
              />
              <FormTextField<Values>
                name="subtitle"
                label={t('banner.fields.subtitle')}
                helperText={count(watched.subtitle, PROMOTION_SUBTITLE_MAX)}
                slotProps={{ htmlInput: { maxLength: PROMOTION_SUBTITLE_MAX } }}
              />
              <FormTextField<Values>
                name="description"
                label={t('banner.fields.description')}
                multiline
                minRows={3}
                helperText={count(watched.description, PROMOTION_DESCRIPTION_MAX)}
                slotProps={{ htmlInput: { maxLength: PROMOTION_DESCRIPTION_MAX } }}
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
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, textAlign: 'center' }}>
            {t('banner.previewTitle')}
          </Typography>
          <BannerPhonePreview
            banner={look}
            colours={coloursOf({ menu, club })}
            clubName={club.name}
            menuName={menu.name}
            dishes={dishesOf(menu)}
            sections={menu.sections.slice(0, 3).map((section) => section.name)}
          />
        </Grid>
      </Grid>
    </FormProvider>
  );
};

/**
 * /clubs/:clubId/menu/:menuId/banner/new/details and .../banner/details: the banner's texts with a live
 * preview. After the image step it saves the new image; otherwise it keeps the banner's image.
 */
export const BannerDetailsScreen = () => {
  const { t } = useTranslation();
  const { base } = useBannerPath();
  const location = useLocation();
  const isNew = location.pathname.endsWith('/new/details');
  const uploaded = (location.state as Partial<NewBannerState> | null)?.image ?? null;
  return (
    <BannerFrame title={t('screens.bannerDetails')}>
      {(data) => {
        const imageKey = isNew ? uploaded?.key : data.banner?.image?.key;
        // A reload of the details step lost the uploaded image; a banner to edit must exist.
        if (!imageKey) return <Navigate to={isNew ? `${base}/new` : base} replace />;
        return (
          <Stack spacing={2.5}>
            <BannerVisibilityNotice club={data.club} />
            <DetailsForm {...data} image={isNew ? uploaded : null} imageKey={imageKey} isNew={isNew} />
          </Stack>
        );
      }}
    </BannerFrame>
  );
};
