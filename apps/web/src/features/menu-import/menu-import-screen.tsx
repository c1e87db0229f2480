import { EXCEL_IMPORT_MAX_ROWS } from '@carta/contract/menu-import';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { FileDrop } from '../../components/file-drop.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { ImportPreview, RowErrorTable } from './import-preview.tsx';
import { type NameValues, useMenuImport } from './use-menu-import.ts';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const Step = ({ number, title, children }: { number: number; title: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
    <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}>
      {number}. {title}
    </Typography>
    {children}
  </Paper>
);

/** /clubs/:clubId/menu/import: a new menu from an Excel workbook, previewed before it is created (Smart). */
export const MenuImportScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const club = useClub(clubId);
  const menuImport = useMenuImport(clubId);

  if (club.isError) return <QueryError onRetry={() => void club.refetch()} />;
  if (!club.data) return <CenteredSpinner isDelayed />;

  const header = <ScreenHeader title={t('menuImport.title')} subtitle={t('menuImport.subtitle')} />;
  if (!club.data.plan.isSmart)
    return (
      <>
        {header}
        <Alert severity="info" data-testid="import-smart-only">
          {t('menuImport.smartOnly')}{' '}
          <Link component={RouterLink} to={`/clubs/${clubId}/profile/plan`}>
            {t('menuImport.seePlans')}
          </Link>
        </Alert>
      </>
    );

  const result = menuImport.preview.data;

  return (
    <>
      {header}
      <Stack spacing={2.5} sx={{ maxWidth: 880 }}>
        <Step number={1} title={t('menuImport.stepTemplate')}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('menuImport.templateText')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {(['it', 'en'] as const).map((language) => (
              <Button
                key={language}
                variant="outlined"
                startIcon={
                  menuImport.template.isPending && menuImport.template.variables === language ? (
                    <CircularProgress size={18} />
                  ) : (
                    <FileDownloadOutlined />
                  )
                }
                disabled={menuImport.template.isPending}
                onClick={() => menuImport.download(language)}
              >
                {t(`menuImport.template.${language}`)}
              </Button>
            ))}
          </Stack>
        </Step>

        <Step number={2} title={t('menuImport.stepFile')}>
          <FileDrop
            file={menuImport.file}
            isBusy={menuImport.preview.isPending}
            onChoose={menuImport.choose}
            accept={XLSX_ACCEPT}
            prompt={t('menuImport.dropHere')}
            changeLabel={(name) => t('menuImport.changeFile', { name })}
            hint={
              menuImport.preview.isPending
                ? t('menuImport.checking')
                : t('menuImport.fileHint', { rows: EXCEL_IMPORT_MAX_ROWS.toLocaleString(currentLanguage()) })
            }
            testIds={{ zone: 'import-drop-zone', input: 'import-file-input' }}
          />
          {menuImport.fileError && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="import-file-error">
              {menuImport.fileError}
            </Alert>
          )}
        </Step>

        <Step number={3} title={t('menuImport.stepCheck')}>
          {!result && !menuImport.fileError && (
            <Typography color="text.secondary">{t('menuImport.noFileYet')}</Typography>
          )}
          {menuImport.rowErrors.length > 0 && (
            <Stack spacing={1.5} sx={{ mb: 2 }}>
              <Alert severity="error">
                {t('menuImport.rowErrors', { count: menuImport.rowErrors.length })}
              </Alert>
              <RowErrorTable errors={menuImport.rowErrors} />
            </Stack>
          )}
          {result && menuImport.rowErrors.length === 0 && <ImportPreview preview={result} />}
          <FormProvider {...menuImport.form}>
            <Stack
              component="form"
              noValidate
              spacing={2}
              sx={{ mt: 2 }}
              onSubmit={(event) => void menuImport.submit(event)}
            >
              <FormTextField<NameValues>
                name="name"
                label={t('menuImport.menuName')}
                helperText={t('menuImport.menuNameHint')}
                required
              />
              <Stack
                direction={{ xs: 'column-reverse', sm: 'row' }}
                spacing={1.5}
                sx={{ justifyContent: 'flex-end' }}
              >
                <Button component={RouterLink} to={`/clubs/${clubId}/menu`}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={!menuImport.canImport || menuImport.runImport.isPending}
                  startIcon={
                    menuImport.runImport.isPending ? (
                      <CircularProgress size={18} color="inherit" />
                    ) : undefined
                  }
                >
                  {t('menuImport.confirm')}
                </Button>
              </Stack>
              {result && menuImport.rowErrors.length > 0 && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ textAlign: { xs: 'center', sm: 'right' } }}
                >
                  {t('menuImport.fixFirst')}
                </Typography>
              )}
            </Stack>
          </FormProvider>
        </Step>
      </Stack>
    </>
  );
};
