import type { FullMenu } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import { MENU_FOOTER_MAX, MENU_HIDDEN_NOTE_MAX } from '@carta/contract/limits';
import { MENU_NAME_MAX, REFRESH_TIME_DEFAULT, SaveMenuRequestSchema } from '@carta/contract/menus';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useClub } from '../../api/get-club.ts';
import { useThemes } from '../../api/get-themes.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { useMenu } from './api/get-menu.ts';
import { type SaveMenuRequest, useSaveMenu } from './api/save-menu.ts';
import { FormActions } from './form-actions.tsx';

type Values = z.input<typeof SaveMenuRequestSchema>;

const valuesOf = (menu: FullMenu | undefined, languages: MenuLanguage[]): Values => ({
  ...(menu ? { id: menu.id } : {}),
  name: menu?.name ?? '',
  nameTranslations: Object.fromEntries(
    languages.map((language) => [language, menu?.nameTranslations[language] ?? '']),
  ),
  adminDisplayName: menu?.adminDisplayName ?? '',
  footer: menu?.footer ?? '',
  footerTranslations: Object.fromEntries(
    languages.map((language) => [language, menu?.footerTranslations[language] ?? '']),
  ),
  enabled: menu?.enabled ?? true,
  refreshTime: menu?.refreshTime ?? REFRESH_TIME_DEFAULT,
  themeId: menu?.themeId ?? null,
});

type MenuFormProps = { clubId: string; menu: FullMenu | undefined; languages: MenuLanguage[] };

const MenuForm = ({ clubId, menu, languages }: MenuFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveMenu(clubId);
  const themes = useThemes(clubId);
  const form = useForm<Values, unknown, SaveMenuRequest>({
    resolver: zodResolver(SaveMenuRequestSchema),
    defaultValues: valuesOf(menu, languages),
    mode: 'onTouched',
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  const { run, formError } = useFormSubmit(form.setError);

  const submit = (values: SaveMenuRequest) =>
    run(async () => {
      const saved = await save.mutateAsync(values);
      form.reset(valuesOf(saved, languages));
      guard.allowLeaving();
      enqueueSnackbar(t(menu ? 'menuForm.saved' : 'menuForm.created', { name: saved.name }), {
        variant: 'success',
      });
      // A new menu goes on to its categories; an edited one back to the list.
      await navigate(menu ? `/clubs/${clubId}/menu` : `/clubs/${clubId}/menu/${saved.id}`);
    });

  return (
    <FormProvider {...form}>
      {guard.dialog}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit(submit)}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField<Values>
            name="name"
            label={t('menuForm.name')}
            helperText={t('menuForm.nameHelp')}
            required
            slotProps={{ htmlInput: { maxLength: MENU_NAME_MAX } }}
          />
          {languages.length > 0 && (
            <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('menuForm.nameTranslations')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {languages.map((language) => (
                  <FormTextField<Values>
                    key={language}
                    name={`nameTranslations.${language}`}
                    label={t(`menuLanguages.${language}`)}
                    sx={{ flex: 1 }}
                    slotProps={{ htmlInput: { maxLength: MENU_NAME_MAX, lang: language } }}
                  />
                ))}
              </Stack>
            </Stack>
          )}
          <FormTextField<Values>
            name="adminDisplayName"
            label={t('menuForm.hiddenNote')}
            helperText={t('menuForm.hiddenNoteHelp')}
            characterLimit={MENU_HIDDEN_NOTE_MAX}
          />
          <FormTextField<Values>
            name="footer"
            label={t('menuForm.footer')}
            multiline
            minRows={3}
            helperText={t('menuForm.footerHelp')}
            characterLimit={MENU_FOOTER_MAX}
          />
          {languages.length > 0 && (
            <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('menuForm.footerTranslations')}
              </Typography>
              {languages.map((language) => (
                <FormTextField<Values>
                  key={language}
                  name={`footerTranslations.${language}`}
                  label={t(`menuLanguages.${language}`)}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { maxLength: MENU_FOOTER_MAX, lang: language } }}
                />
              ))}
            </Stack>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              name="themeId"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  label={t('menuForm.theme')}
                  value={field.value ?? ''}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? null : Number(event.target.value))
                  }
                  sx={{ flex: 1 }}
                  helperText={t('menuForm.themeHelp')}
                >
                  <MenuItem value="">{t('menuForm.clubTheme')}</MenuItem>
                  {(themes.data ?? []).map((theme) => (
                    <MenuItem key={theme.id} value={theme.id}>
                      {theme.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormTextField<Values>
              name="refreshTime"
              label={t('menuForm.refreshTime')}
              type="number"
              helperText={t('menuForm.refreshTimeHelp')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { min: 15, max: 3600, step: 15, inputMode: 'numeric' } }}
            />
          </Stack>
          <Controller
            name="enabled"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value ?? true}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={t('menuForm.enabled')}
              />
            )}
          />
          <FormActions
            onCancel={() => void navigate(`/clubs/${clubId}/menu`)}
            isSaving={save.isPending}
            submitLabel={menu ? t('menuForm.save') : t('menuForm.create')}
          />
        </Stack>
      </Paper>
    </FormProvider>
  );
};

/** /clubs/:clubId/menu/new and /menu/:menuId/edit: one screen for a new menu and for changing one. */
export const MenuFormScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId } = useParams();
  const menu = useMenu(clubId, menuId);
  const club = useClub(clubId);
  const isNew = menuId === undefined;
  const languages = club.data?.menuLanguages ?? [];
  return (
    <>
      <ScreenHeader
        title={isNew ? t('screens.menuNew') : t('screens.menuEdit')}
        subtitle={isNew ? t('menuForm.newSubtitle') : menu.data?.name}
      />
      {menu.isError || club.isError ? (
        <QueryError onRetry={() => void (club.isError ? club.refetch() : menu.refetch())} />
      ) : !club.data ? (
        <CenteredSpinner isDelayed />
      ) : isNew ? (
        <MenuForm clubId={clubId} menu={undefined} languages={languages} />
      ) : menu.data ? (
        <MenuForm key={menu.data.id} clubId={clubId} menu={menu.data} languages={languages} />
      ) : (
        <CenteredSpinner isDelayed />
      )}
    </>
  );
};
