import type { ClubDetails } from '@carta/contract/entities';
import { planAllows } from '@carta/contract/plan-features';
import {
  contrastRatio,
  SaveCustomThemeRequestSchema,
  THEME_COLOURS,
  THEME_CONTRAST_PAIRS,
  THEME_FONTS,
  type ThemeChoice,
  type ThemeColour,
} from '@carta/contract/themes';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, FormProvider, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useThemes } from '../../api/get-themes.ts';
import { FormTextField } from '../../components/form-text-field.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';
import { translateMessageKey } from '../../lib/i18n.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { UploadNetworkError, uploadImage } from '../../lib/upload-image.ts';
import { useChooseClubTheme, useSaveCustomTheme } from './api/themes.ts';
import { ClubQueryGate } from './club-query-gate.tsx';
import { ThemePreview, themeFontFamily, useThemeFonts } from './theme-preview.tsx';

type Values = z.input<typeof SaveCustomThemeRequestSchema>;
type Saved = z.output<typeof SaveCustomThemeRequestSchema>;

const SWATCHES: ThemeColour[] = ['background', 'main', 'text', 'tabBackground', 'bestSellerLabelColor'];

const valuesFrom = (theme: ThemeChoice | undefined, fallback: ThemeChoice | undefined): Values => {
  const source = theme ?? fallback;
  return {
    name: theme?.name ?? '',
    font: (source?.font as Values['font']) ?? THEME_FONTS[0],
    backgroundImage: null,
    pdfPhotos: source?.pdfPhotos ?? false,
    ...(Object.fromEntries(THEME_COLOURS.map((name) => [name, source?.[name] ?? '#ffffff'])) as Record<
      ThemeColour,
      string
    >),
  };
};

const ThemeCards = ({ club, themes }: { club: ClubDetails; themes: ThemeChoice[] }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const choose = useChooseClubTheme(String(club.id));
  const currentId = club.theme?.id ?? themes[0]?.id;
  return (
    <Grid container spacing={2}>
      {themes.map((theme) => {
        const isCurrent = theme.id === currentId;
        return (
          <Grid key={theme.id} size={{ xs: 6, md: 3 }}>
            <Card
              variant="outlined"
              sx={{
                height: '100%',
                borderColor: isCurrent ? 'primary.main' : undefined,
                borderWidth: isCurrent ? 2 : 1,
              }}
              data-testid="theme-card"
            >
              <Box sx={{ display: 'flex', height: 44 }} aria-hidden>
                {SWATCHES.map((name) => (
                  <Box key={name} sx={{ flex: 1, bgcolor: theme[name] }} />
                ))}
              </Box>
              <CardContent sx={{ pb: 0 }}>
                <Typography sx={{ fontWeight: 600, fontFamily: themeFontFamily(theme.font) }}>
                  {theme.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {theme.isCustom ? t('themeEditor.custom') : t('themeEditor.standard')} · {theme.font}
                </Typography>
              </CardContent>
              <CardActions>
                {isCurrent ? (
                  <Typography
                    variant="body2"
                    color="primary"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 1 }}
                  >
                    <CheckCircle fontSize="small" /> {t('themeEditor.inUse')}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    disabled={choose.isPending}
                    onClick={async () => {
                      try {
                        await choose.mutateAsync(theme.id);
                        enqueueSnackbar(t('themeEditor.chosen', { name: theme.name }), {
                          variant: 'success',
                        });
                      } catch (error) {
                        enqueueSnackbar(
                          error instanceof ApiError ? error.message : t('errors.GENERIC_TRY_LATER'),
                          { variant: 'error' },
                        );
                      }
                    }}
                  >
                    {t('themeEditor.use', { name: theme.name })}
                  </Button>
                )}
              </CardActions>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
};

const CustomThemeEditor = ({ club, themes }: { club: ClubDetails; themes: ThemeChoice[] }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveCustomTheme(String(club.id));
  const custom = themes.find((theme) => theme.isCustom);
  const isLocked = !planAllows(club.plan, 'customTheme');
  const [backgroundUrl, setBackgroundUrl] = useState<string | null>(custom?.backgroundImage ?? null);
  const [isUploading, setIsUploading] = useState(false);
  const form = useForm<Values, unknown, Saved>({
    resolver: zodResolver(SaveCustomThemeRequestSchema),
    defaultValues: valuesFrom(custom, club.theme ? { ...club.theme, isCustom: false } : themes[0]),
    mode: 'onTouched',
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const watched = useWatch({ control: form.control }) as Values;
  const colours = Object.fromEntries(
    THEME_COLOURS.map((name) => [name, watched[name] ?? '#ffffff']),
  ) as Record<ThemeColour, string>;
  const isHex = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);
  const warnings = THEME_CONTRAST_PAIRS.filter(
    ([foreground, background]) =>
      isHex(colours[foreground]) &&
      isHex(colours[background]) &&
      contrastRatio(colours[foreground], colours[background]) < 4.5,
  );

  const upload = async (file: File) => {
    setIsUploading(true);
    try {
      const image = await uploadImage(String(club.id), file, 'background');
      form.setValue('backgroundImage', image.key, { shouldDirty: true });
      setBackgroundUrl(image.url);
    } catch (error) {
      enqueueSnackbar(
        error instanceof UploadNetworkError
          ? t('upload.networkError')
          : error instanceof ApiError
            ? error.message
            : t('errors.GENERIC_TRY_LATER'),
        { variant: 'error' },
      );
    } finally {
      setIsUploading(false);
    }
  };

  const submit = async (values: Saved) => {
    try {
      // Without a new upload, the current background stays; the API wants its key, which the URL carries.
      const keptKey = backgroundUrl?.match(/\/files\/(img\/[0-9a-f]{24})-/)?.[1] ?? null;
      const saved = await save.mutateAsync({ ...values, backgroundImage: values.backgroundImage ?? keptKey });
      form.reset(valuesFrom(saved, undefined));
      enqueueSnackbar(t('themeEditor.saved', { name: saved.name }), { variant: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        enqueueSnackbar(t('errors.GENERIC_TRY_LATER'), { variant: 'error' });
        return;
      }
      for (const issue of error.issues)
        form.setError(issue.path.replace(/^body\./, '') as Path<Values>, { message: issue.message });
      if (error.issues.length === 0) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };

  return (
    <FormProvider {...form}>
      {guard.dialog}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {isLocked && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('themeEditor.smartOnly')}{' '}
                <Link component={RouterLink} to={`/clubs/${club.id}/profile/plan`}>
                  {t('settings.seePlans')}
                </Link>
              </Alert>
            )}
            <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit(submit)}>
              <Box component="fieldset" disabled={isLocked} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                <Stack spacing={2}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormTextField<Values>
                      name="name"
                      label={t('themeEditor.name')}
                      required
                      sx={{ flex: 1 }}
                      disabled={isLocked}
                    />
                    <Controller
                      name="font"
                      control={form.control}
                      render={({ field }) => (
                        <TextField
                          select
                          label={t('themeEditor.font')}
                          value={field.value}
                          onChange={field.onChange}
                          sx={{ flex: 1 }}
                          disabled={isLocked}
                        >
                          {THEME_FONTS.map((font) => (
                            <MenuItem key={font} value={font} sx={{ fontFamily: themeFontFamily(font) }}>
                              {font}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                  </Stack>
                  <Grid container spacing={1.5}>
                    {THEME_COLOURS.map((name) => (
                      <Grid key={name} size={{ xs: 12, sm: 6 }}>
                        <Controller
                          name={name}
                          control={form.control}
                          render={({ field, fieldState }) => (
                            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                              <Box
                                component="input"
                                type="color"
                                value={isHex(field.value ?? '') ? field.value : '#ffffff'}
                                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                                  field.onChange(event.target.value)
                                }
                                disabled={isLocked}
                                aria-label={t('themeEditor.picker', {
                                  name: t(`themeEditor.colours.${name}`),
                                })}
                                sx={{
                                  width: 44,
                                  height: 40,
                                  p: 0,
                                  border: 1,
                                  borderColor: 'divider',
                                  borderRadius: 1,
                                  bgcolor: 'transparent',
                                  cursor: 'pointer',
                                }}
                              />
                              <TextField
                                size="small"
                                label={t(`themeEditor.colours.${name}`)}
                                value={field.value ?? ''}
                                onChange={field.onChange}
                                onBlur={field.onBlur}
                                error={fieldState.invalid}
                                helperText={
                                  fieldState.error?.message
                                    ? translateMessageKey(t, fieldState.error.message)
                                    : undefined
                                }
                                disabled={isLocked}
                                sx={{ flex: 1 }}
                                slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
                              />
                            </Stack>
                          )}
                        />
                      </Grid>
                    ))}
                  </Grid>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                  >
                    <Button component="label" variant="outlined" loading={isUploading} disabled={isLocked}>
                      {backgroundUrl ? t('themeEditor.changeBackground') : t('themeEditor.uploadBackground')}
                      <input
                        hidden
                        type="file"
                        accept="image/jpeg,image/png"
                        onChange={(event) => {
                          const file = event.target.files?.[0];
                          if (file) void upload(file);
                          event.target.value = '';
                        }}
                      />
                    </Button>
                    {backgroundUrl && (
                      <Button
                        color="error"
                        disabled={isLocked}
                        onClick={() => {
                          setBackgroundUrl(null);
                          form.setValue('backgroundImage', null, { shouldDirty: true });
                        }}
                      >
                        {t('themeEditor.removeBackground')}
                      </Button>
                    )}
                  </Stack>
                  <Controller
                    name="pdfPhotos"
                    control={form.control}
                    render={({ field }) => (
                      <Box>
                        <FormControlLabel
                          control={
                            <Switch
                              checked={Boolean(field.value)}
                              onChange={(event) => field.onChange(event.target.checked)}
                              onBlur={field.onBlur}
                              disabled={isLocked}
                              slotProps={{ input: { 'aria-describedby': 'theme-pdf-photos-help' } }}
                            />
                          }
                          label={t('themeEditor.pdfPhotos')}
                        />
                        <FormHelperText id="theme-pdf-photos-help" sx={{ mt: -0.5, ml: 6 }}>
                          {t('themeEditor.pdfPhotosHelp')}
                        </FormHelperText>
                      </Box>
                    )}
                  />
                </Stack>
              </Box>
              {warnings.map(([foreground, background]) => (
                <Alert key={`${foreground}-${background}`} severity="warning" data-testid="contrast-warning">
                  {t('themeEditor.contrast', {
                    foreground: t(`themeEditor.colours.${foreground}`),
                    background: t(`themeEditor.colours.${background}`),
                    ratio: contrastRatio(colours[foreground], colours[background]).toFixed(1),
                  })}
                </Alert>
              ))}
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={save.isPending}
                  disabled={isLocked}
                >
                  {t('themeEditor.save')}
                </Button>
              </Box>
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1.5, textAlign: 'center' }}>
              {t('themeEditor.preview.title')}
            </Typography>
            <ThemePreview
              clubName={club.name}
              hasCallWaiter={club.callWaiterEnabled}
              theme={{
                ...colours,
                name: watched.name ?? '',
                font: watched.font ?? THEME_FONTS[0],
                backgroundImage: backgroundUrl,
                pdfPhotos: watched.pdfPhotos ?? false,
              }}
            />
          </Box>
        </Grid>
      </Grid>
    </FormProvider>
  );
};

/** /clubs/:clubId/profile/theme: the venue's theme, and on Smart its own, with a live preview. */
export const ThemeEditorScreen = () => {
  const { t } = useTranslation();
  // The cards and the preview show each theme in its own font.
  useThemeFonts();
  return (
    <>
      <ScreenHeader title={t('themeEditor.title')} subtitle={t('themeEditor.subtitle')} />
      <ClubQueryGate>{(club, clubId) => <ThemeEditorBody club={club} clubId={clubId} />}</ClubQueryGate>
    </>
  );
};

const ThemeEditorBody = ({ club, clubId }: { club: ClubDetails; clubId: string }) => {
  const { t } = useTranslation();
  const themes = useThemes(clubId);
  if (!themes.data) return null;
  return (
    <Stack spacing={4}>
      <Box component="section">
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('themeEditor.choose')}
        </Typography>
        <ThemeCards club={club} themes={themes.data} />
      </Box>
      <Box component="section">
        <Typography variant="h2" sx={{ mb: 0.5 }}>
          {t('themeEditor.customTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('themeEditor.customText')}
        </Typography>
        <CustomThemeEditor
          key={themes.data.find((theme) => theme.isCustom)?.id ?? 'new'}
          club={club}
          themes={themes.data}
        />
      </Box>
    </Stack>
  );
};
