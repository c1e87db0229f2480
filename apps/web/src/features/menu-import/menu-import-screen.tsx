import {
  columnLabel,
  EXCEL_IMPORT_MAX_BYTES,
  EXCEL_IMPORT_MAX_ROWS,
  type ExcelImportResult,
  type ExcelRowError,
  type ImportColumn,
  rowErrorsFromIssues,
  type TemplateLanguage,
} from '@carta/contract/menu-import';
import { MenuFieldsSchema } from '@carta/contract/menus';
import { zodResolver } from '@hookform/resolvers/zod';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useClub } from '../../api/get-club.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useDownloadTemplate } from './api/download-template.ts';
import { useImportMenu, usePreviewMenuImport } from './api/import-menu.ts';

const NameSchema = z.object({ name: MenuFieldsSchema.shape.name });
type NameValues = z.input<typeof NameSchema>;

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file's name without its extension, as a first guess at the menu's name. */
const nameFromFile = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, 100);

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const Step = ({ number, title, children }: { number: number; title: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
    <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}>
      {number}. {title}
    </Typography>
    {children}
  </Paper>
);

/** Every refused row: its number, the column as the owner's headers name it, and why. */
const RowErrorTable = ({ errors }: { errors: ExcelRowError[] }) => {
  const { t } = useTranslation();
  const language: TemplateLanguage = currentLanguage() === 'en' ? 'en' : 'it';
  return (
    <TableContainer sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={t('menuImport.errorTable')} data-testid="import-errors">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '4.5rem' }}>{t('menuImport.row')}</TableCell>
            <TableCell sx={{ width: '30%' }}>{t('menuImport.column')}</TableCell>
            <TableCell>{t('menuImport.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error) => (
            <TableRow key={`${error.row}:${error.column}:${error.key}`}>
              <TableCell>{error.row}</TableCell>
              <TableCell>
                {error.column
                  ? columnLabel(error.column as ImportColumn, language)
                  : t('menuImport.wholeRow')}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

const Preview = ({ preview }: { preview: ExcelImportResult }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} data-testid="import-preview">
      <Alert severity="success">
        {t('menuImport.willCreate', {
          sections: t('menuImport.sections', { count: preview.sectionCount }),
          items: t('menuImport.items', { count: preview.itemCount }),
        })}
      </Alert>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {preview.sections.map((section) => (
          <Box
            component="li"
            key={section.name}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {section.name}{' '}
              <Typography component="span" color="text.secondary" variant="body2">
                · {t('menuImport.items', { count: section.itemCount })}
              </Typography>
            </Typography>
            {section.firstItems.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {section.firstItems.join(', ')}
                {section.itemCount > section.firstItems.length ? ', …' : ''}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Stack>
  );
};

/** The workbook picker: drop a file on it, or open the file chooser with a click, Enter or Space. */
const FileDrop = ({
  file,
  isBusy,
  onChoose,
}: {
  file: File | null;
  isBusy: boolean;
  onChoose: (file: File) => void;
}) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isDragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChoose(dropped);
  };
  return (
    <>
      {/* The whole zone takes a dropped file or a click; its button, the icon and the line naming what to
          do, is what the keyboard reaches and speech input calls by the words it shows (WCAG 2.5.3). */}
      <Box
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          bgcolor: isDragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
          cursor: 'pointer',
          '&:hover': { borderColor: 'primary.main' },
          '&:has(:focus-visible)': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Stack
            role="button"
            tabIndex={0}
            aria-describedby={hintId}
            // Chosen, the file's name shows: the button says what it is and that it changes it.
            aria-label={file ? t('menuImport.changeFile', { name: file.name }) : undefined}
            aria-busy={isBusy}
            data-testid="import-drop-zone"
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                input.current?.click();
              }
            }}
            spacing={1}
            sx={{ alignItems: 'center', outline: 'none' }}
          >
            {isBusy ? (
              <CircularProgress size={32} aria-hidden />
            ) : (
              <UploadFileOutlined color="primary" sx={{ fontSize: 36 }} />
            )}
            {file ? (
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Typography component="span" color="text.secondary">
                  ({sizeOf(file.size)})
                </Typography>
              </Typography>
            ) : (
              <Typography sx={{ fontWeight: 600 }}>{t('menuImport.dropHere')}</Typography>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" id={hintId}>
            {isBusy
              ? t('menuImport.checking')
              : t('menuImport.fileHint', { rows: EXCEL_IMPORT_MAX_ROWS.toLocaleString(currentLanguage()) })}
          </Typography>
        </Stack>
      </Box>
      <input
        ref={input}
        type="file"
        accept={XLSX_ACCEPT}
        hidden
        data-testid="import-file-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onChoose(chosen);
          // The same file chosen again (fixed and saved under its name) must still count as a choice.
          event.target.value = '';
        }}
      />
    </>
  );
};

/** /clubs/:clubId/menu/import: a new menu from an Excel workbook, previewed before it is created (Smart). */
export const MenuImportScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const club = useClub(clubId);
  const template = useDownloadTemplate(clubId);
  const preview = usePreviewMenuImport(clubId);
  const runImport = useImportMenu(clubId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importErrors, setImportErrors] = useState<ExcelRowError[]>([]);
  const form = useForm<NameValues>({
    resolver: zodResolver(NameSchema),
    defaultValues: { name: '' },
    mode: 'onTouched',
  });

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

  const download = async (language: TemplateLanguage) => {
    try {
      await template.mutateAsync(language);
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError ? error.message : t('errors.GENERIC_TRY_LATER'), {
        variant: 'error',
      });
    }
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    setImportErrors([]);
    setFileError(null);
    preview.reset();
    if (chosen.size > EXCEL_IMPORT_MAX_BYTES) {
      setFileError(t('errors.EXCEL_FILE_TOO_LARGE'));
      return;
    }
    if (!form.getValues('name')) form.setValue('name', nameFromFile(chosen.name));
    preview.mutate(
      { file: chosen },
      {
        onError: (error) =>
          setFileError(error instanceof ApiError ? error.message : t('errors.GENERIC_TRY_LATER')),
      },
    );
  };

  const result = preview.data;
  const rowErrors = importErrors.length > 0 ? importErrors : (result?.errors ?? []);
  const canImport = Boolean(file && result && rowErrors.length === 0 && !fileError);

  const submit = form.handleSubmit(async ({ name }) => {
    if (!file) return;
    try {
      const created = await runImport.mutateAsync({ file, name });
      enqueueSnackbar(t('menuImport.created', { name }), { variant: 'success' });
      await navigate(`/clubs/${clubId}/menu/${created.menuId}`);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFileError(t('errors.GENERIC_TRY_LATER'));
        return;
      }
      if (error.code === 'EXCEL_ROWS_INVALID') {
        setImportErrors(rowErrorsFromIssues(error.issues));
        return;
      }
      const nameIssue = error.issues.find((issue) => issue.path === 'body.name');
      if (nameIssue) form.setError('name', { message: nameIssue.message });
      else setFileError(error.message);
    }
  });

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
                  template.isPending && template.variables === language ? (
                    <CircularProgress size={18} />
                  ) : (
                    <FileDownloadOutlined />
                  )
                }
                disabled={template.isPending}
                onClick={() => void download(language)}
              >
                {t(`menuImport.template.${language}`)}
              </Button>
            ))}
          </Stack>
        </Step>

        <Step number={2} title={t('menuImport.stepFile')}>
          <FileDrop file={file} isBusy={preview.isPending} onChoose={choose} />
          {fileError && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="import-file-error">
              {fileError}
            </Alert>
          )}
        </Step>

        <Step number={3} title={t('menuImport.stepCheck')}>
          {!result && !fileError && (
            <Typography color="text.secondary">{t('menuImport.noFileYet')}</Typography>
          )}
          {rowErrors.length > 0 && (
            <Stack spacing={1.5} sx={{ mb: 2 }}>
              <Alert severity="error">{t('menuImport.rowErrors', { count: rowErrors.length })}</Alert>
              <RowErrorTable errors={rowErrors} />
            </Stack>
          )}
          {result && rowErrors.length === 0 && <Preview preview={result} />}
          <FormProvider {...form}>
            <Stack
              component="form"
              noValidate
              spacing={2}
              sx={{ mt: 2 }}
              onSubmit={(event) => void submit(event)}
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
                  disabled={!canImport || runImport.isPending}
                  startIcon={runImport.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
                >
                  {t('menuImport.confirm')}
                </Button>
              </Stack>
              {result && rowErrors.length > 0 && (
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
