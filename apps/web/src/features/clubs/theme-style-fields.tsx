import { THEME_COLOURS, THEME_FONTS } from '@carta/contract/themes';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-text-field.tsx';
import { themeFontFamily } from '../../components/theme-fonts.ts';
import { translateMessageKey } from '../../lib/i18n.ts';
import type { ThemeValues } from './use-custom-theme-form.ts';

const isHex = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

/** The custom theme's name, font and colours, each colour with a picker beside its `#rrggbb` field. */
export const ThemeStyleFields = ({ isLocked }: { isLocked: boolean }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<ThemeValues>();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField<ThemeValues>
          name="name"
          label={t('themeEditor.name')}
          required
          sx={{ flex: 1 }}
          disabled={isLocked}
        />
        <Controller
          name="font"
          control={control}
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
              control={control}
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
                      fieldState.error?.message ? translateMessageKey(t, fieldState.error.message) : undefined
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
    </>
  );
};
