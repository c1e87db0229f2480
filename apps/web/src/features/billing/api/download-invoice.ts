import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/** GET /clubs/{clubId}/invoices/{invoiceId}/pdf: the invoice as a PDF. */
export const getInvoicePdf = (clubId: string, invoiceId: number) =>
  apiBlob(`${clubPath(clubId)}/invoices/${invoiceId}/pdf`);

/** Saves an invoice's PDF under `fileName` (named after its number, in the interface language). */
export const useDownloadInvoice = (clubId: string) =>
  useMutation({
    mutationFn: async (invoice: { id: number; fileName: string }) =>
      saveBlob(await getInvoicePdf(clubId, invoice.id), invoice.fileName),
    meta: { hasOwnErrorMessage: true },
  });
