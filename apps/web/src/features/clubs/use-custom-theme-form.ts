import type { ClubDetails, Theme } from '@carta/contract/entities';
import { planAllows } from '@carta/contract/plan-features';
import {
  lowContrastPairs,
  SaveCustomThemeRequestSchema,
  THEME_COLOURS,
  THEME_FONTS,
  type ThemeChoice,
  type ThemeColour,
} from '@carta/contract/themes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSnackbar } from '../../lib/snackbar.ts';
import { uploadFailureOf, uploadImage } from '../../lib/upload-image.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { useSaveCustomTheme } from './api/themes.ts';

export type ThemeValues = z.input<typeof SaveCustomThemeRequestSchema>;
type Saved = z.output<typeof SaveCustomThemeRequestSchema>;

/** The form's values from the club's own theme, or to start one, from the theme it uses now. */
const valuesFrom = (theme: Theme | undefined, fallback: Theme | undefined): ThemeValues => {
  const source = theme ?? fallback;
  return {
    name: theme?.name ?? '',
    font: (source?.font as ThemeValues['font']) ?? THEME_FONTS[0],
    backgroundImage: null,
    pdfPhotos: source?.pdfPhotos ?? false,
    ...(Object.fromEntries(THEME_COLOURS.map((name) => [name, source?.[name] ?? '#ffffff'])) as Record<
      ThemeColour,
      string
    >),
  };
};

/**
 * The club's own theme being edited: the form, its colours as they are now (for the preview and the
 * contrast warnings), the background image (uploaded, kept or removed) and saving.
 */
export const useCustomThemeForm = (club: ClubDetails, themes: ThemeChoice[]) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveCustomTheme(String(club.id));
  const custom = themes.find((theme) => theme.isCustom);
  // The image shown and the key it is saved under: the form's `backgroundImage` holds only a new upload
  // (or null), so an untouched theme keeps its image.
  const [background, setBackground] = useState<{ key: string | null; url: string } | null>(() =>
    custom?.backgroundImage ? { key: custom.backgroundImageKey, url: custom.backgroundImage } : null,
  );
  const [isUploading, setIsUploading] = useState(false);
  const form = useForm<ThemeValues, unknown, Saved>({
    resolver: zodResolver(SaveCustomThemeRequestSchema),
    defaultValues: valuesFrom(custom, club.theme ?? themes[0]),
    mode: 'onTouched',
  });
  const watched = useWatch({ control: form.control }) as ThemeValues;
  const colours = Object.fromEntries(
    THEME_COLOURS.map((name) => [name, watched[name] ?? '#ffffff']),
  ) as Record<ThemeColour, string>;
  const { run } = useFormSubmit(form.setError, { isToast: true });

  const upload = async (file: File) => {
    setIsUploading(true);
    // Not useMutationWithToast: the upload is no mutation, and a lost connection has its own words.
    try {
      const image = await uploadImage(String(club.id), file, 'background');
      form.setValue('backgroundImage', image.key, { shouldDirty: true });
      setBackground({ key: image.key, url: image.url });
    } catch (error) {
      enqueueSnackbar(uploadFailureOf(error, t).message, { variant: 'error' });
    } finally {
      setIsUploading(false);
    }
  };

  const removeBackground = () => {
    setBackground(null);
    form.setValue('backgroundImage', null, { shouldDirty: true });
  };

  const submit = (values: Saved) =>
    run(async () => {
      const saved = await save.mutateAsync({
        ...values,
        backgroundImage: values.backgroundImage ?? background?.key ?? null,
      });
      form.reset(valuesFrom(saved, undefined));
      enqueueSnackbar(t('themeEditor.saved', { name: saved.name }), { variant: 'success' });
    });

  return {
    form,
    submit: form.handleSubmit(submit),
    isSaving: save.isPending,
    isLocked: !planAllows(club.plan, 'customTheme'),
    watched,
    colours,
    warnings: lowContrastPairs(colours),
    backgroundUrl: background?.url ?? null,
    isUploading,
    upload,
    removeBackground,
  };
};
