import { ExcelImportResultSchema } from '@carta/contract/menu-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type MenuImportUpload = { file: File; name?: string };

const formOf = ({ file, name }: MenuImportUpload) => {
  const form = new FormData();
  // The name first: the server reads the parts in order.
  if (name !== undefined) form.append('name', name);
  form.append('file', file);
  return form;
};

/** POST /clubs/{clubId}/menu/excel?dryRun=true: what the workbook would create, and its row errors. */
export const previewMenuImport = (clubId: string, upload: MenuImportUpload) =>
  apiRequest(`/clubs/${clubId}/menu/excel`, {
    method: 'POST',
    query: { dryRun: true },
    body: formOf(upload),
    responseSchema: ExcelImportResultSchema,
  });

/** POST /clubs/{clubId}/menu/excel: creates the menu, all or nothing; answers its id. */
export const importMenu = (clubId: string, upload: MenuImportUpload & { name: string }) =>
  apiRequest(`/clubs/${clubId}/menu/excel`, {
    method: 'POST',
    body: formOf(upload),
    responseSchema: ExcelImportResultSchema,
  });

export const usePreviewMenuImport = (clubId: string) =>
  useMutation({
    mutationFn: (upload: MenuImportUpload) => previewMenuImport(clubId, upload),
    meta: { hasOwnErrorMessage: true },
  });

export const useImportMenu = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: MenuImportUpload & { name: string }) => importMenu(clubId, upload),
    meta: { hasOwnErrorMessage: true },
    // The menu list and the club's counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
};
