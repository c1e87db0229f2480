import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/**
 * An invoice's or a credit note's file, PDF or FatturaPA XML: `path` under the club
 * (`/invoices/{id}/pdf`, `/invoices/{id}/fatturapa`, `/credit-notes/{id}/pdf`, `/credit-notes/{id}/fatturapa`),
 * saved under `fileName`.
 */
export const useDownloadBillingFile = (clubId: string) =>
  useMutation({
    mutationFn: async (file: { path: string; fileName: string }) =>
      saveBlob(await apiBlob(`${clubPath(clubId)}${file.path}`), file.fileName),
    meta: { hasOwnErrorMessage: true },
  });
