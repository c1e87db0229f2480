import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../components/file-input.tsx';
import type { ThemeValues } from './use-custom-theme-form.ts';

/** The background image (upload, change, remove) and whether the PDF menu shows dishes' photos. */
export const ThemeBackgroundField = ({
  backgroundUrl,
  isUploading,
  isLocked,
  onUpload,
  onRemove,
}: {
  backgroundUrl: string | null;
  isUploading: boolean;
  isLocked: boolean;
  onUpload: (file: File) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const { control } = useFormContext<ThemeValues>();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component="label" variant="outlined" loading={isUploading} disabled={isLocked}>
          {backgroundUrl ? t('themeEditor.changeBackground') : t('themeEditor.uploadBackground')}
          <FileInput accept="image/jpeg,image/png" onFile={onUpload} />
        </Button>
        {backgroundUrl && (
          <Button color="error" disabled={isLocked} onClick={onRemove}>
            {t('themeEditor.removeBackground')}
          </Button>
        )}
      </Stack>
      <Controller
        name="pdfPhotos"
        control={control}
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
    </>
  );
};
