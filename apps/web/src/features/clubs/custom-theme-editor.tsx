import type { ClubDetails } from '@carta/contract/entities';
import { THEME_FONTS, type ThemeChoice } from '@carta/contract/themes';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditorWithPreview } from '../../components/editor-with-preview.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { SeePlansLink } from './see-plans-link.tsx';
import { ThemeBackgroundField } from './theme-background-field.tsx';
import { ThemePreview } from './theme-preview.tsx';
import { ThemeStyleFields } from './theme-style-fields.tsx';
import { useCustomThemeForm } from './use-custom-theme-form.ts';

/** The club's own theme (Smart plan): its fields and contrast warnings beside a live preview. */
export const CustomThemeEditor = ({ club, themes }: { club: ClubDetails; themes: ThemeChoice[] }) => {
  const { t } = useTranslation();
  const editor = useCustomThemeForm(club, themes);
  const { form, isLocked, watched } = editor;
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <FormProvider {...form}>
      {guard.dialog}
      <EditorWithPreview
        editor={
          <>
            {isLocked && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('themeEditor.smartOnly')}
                <SeePlansLink clubId={club.id} />
              </Alert>
            )}
            <Stack component="form" noValidate spacing={2} onSubmit={editor.submit}>
              <Box component="fieldset" disabled={isLocked} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                <Stack spacing={2}>
                  <ThemeStyleFields isLocked={isLocked} />
                  <ThemeBackgroundField
                    backgroundUrl={editor.backgroundUrl}
                    isUploading={editor.isUploading}
                    isLocked={isLocked}
                    onUpload={(file) => void editor.upload(file)}
                    onRemove={editor.removeBackground}
                  />
                </Stack>
              </Box>
              {editor.warnings.map(({ foreground, background, ratio }) => (
                <Alert key={`${foreground}-${background}`} severity="warning" data-testid="contrast-warning">
                  {t('themeEditor.contrast', {
                    foreground: t(`themeEditor.colours.${foreground}`),
                    background: t(`themeEditor.colours.${background}`),
                    ratio: ratio.toFixed(1),
                  })}
                </Alert>
              ))}
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={editor.isSaving}
                  disabled={isLocked}
                >
                  {t('themeEditor.save')}
                </Button>
              </Box>
            </Stack>
          </>
        }
        preview={
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1.5, textAlign: 'center' }}>
              {t('themeEditor.preview.title')}
            </Typography>
            <ThemePreview
              clubName={club.name}
              hasCallWaiter={club.callWaiterEnabled}
              theme={{
                ...editor.colours,
                name: watched.name ?? '',
                font: watched.font ?? THEME_FONTS[0],
                backgroundImage: editor.backgroundUrl,
                pdfPhotos: watched.pdfPhotos ?? false,
              }}
            />
          </Box>
        }
      />
    </FormProvider>
  );
};
