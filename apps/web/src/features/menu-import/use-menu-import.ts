import { EXCEL_IMPORT_MAX_BYTES, type ExcelRowError, rowErrorsFromIssues } from '@carta/contract/menu-import';
import { MenuFieldsSchema } from '@carta/contract/menus';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { onRefusal } from '../../lib/on-refusal.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { failureMessage, useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDownloadTemplate } from './api/download-template.ts';
import { useImportMenu, usePreviewMenuImport } from './api/import-menu.ts';
import { importReadiness, nameFromFile } from './import-file.ts';

const NameSchema = z.object({ name: MenuFieldsSchema.shape.name });
export type NameValues = z.input<typeof NameSchema>;

/**
 * The import's steps for a club: the template download, the chosen workbook checked by a preview, and
 * the menu's name sent with it. A refused import shows its rows, a refused name on its field, anything
 * else in the file's message.
 */
export const useMenuImport = (clubId: string) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const template = useDownloadTemplate(clubId);
  const preview = usePreviewMenuImport(clubId);
  const runImport = useImportMenu(clubId);
  const [file, setFile] = useState<File | null>(null);
  const [importErrors, setImportErrors] = useState<ExcelRowError[]>([]);
  const form = useForm<NameValues>({
    resolver: zodResolver(NameSchema),
    defaultValues: { name: '' },
    mode: 'onTouched',
  });
  // The name is the form's only field; any other refusal is about the file.
  const {
    run,
    formError: fileError,
    setFormError: setFileError,
  } = useFormSubmit(form.setError, { fieldOf: (path) => (path === 'name' ? path : null) });
  const download = useMutationWithToast(template);

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
      { onError: (error) => setFileError(failureMessage(error, t('errors.GENERIC_TRY_LATER'))) },
    );
  };

  const submit = form.handleSubmit(async ({ name }) => {
    if (!file) return;
    await run(async () => {
      const created = await runImport
        .mutateAsync({ file, name })
        .catch(
          onRefusal('EXCEL_ROWS_INVALID', (error) => setImportErrors(rowErrorsFromIssues(error.issues))),
        );
      if (!created) return;
      enqueueSnackbar(t('menuImport.created', { name }), { variant: 'success' });
      await navigate(`/clubs/${clubId}/menu/${created.menuId}`);
    });
  });

  return {
    form,
    template,
    download: (language: Parameters<typeof template.mutateAsync>[0]) => void download(language),
    preview,
    runImport,
    file,
    fileError,
    choose,
    submit,
    ...importReadiness({ file, preview: preview.data, importErrors, fileError }),
  };
};
