import { AdminEInvoicePageSchema, AdminEInvoiceSchema, type EInvoiceStatus } from '@carta/contract/e-invoice';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest, saveBlob } from '../../../lib/api-client.ts';

/** GET /admin/e-invoices?status=: FatturaPA files and what became of them at SDI (0062). */
export const eInvoicesQueryOptions = (status: EInvoiceStatus | undefined, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'e-invoices', status ?? 'all', page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('/admin/e-invoices', {
        query: { ...(status ? { status } : {}), page, pageSize },
        responseSchema: AdminEInvoicePageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useEInvoices = (status: EInvoiceStatus | undefined, page: number, pageSize: number) =>
  useQuery(eInvoicesQueryOptions(status, page, pageSize));

/** POST /admin/e-invoices/{id}/resend: a rejected file again, with the data as they are now. */
export const resendEInvoice = (transmissionId: number) =>
  apiRequest(`/admin/e-invoices/${transmissionId}/resend`, {
    method: 'POST',
    responseSchema: AdminEInvoiceSchema,
  });

/** A resend refreshes the console's lists (the files, the audit log). */
export const useResendEInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEInvoice,
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
};

/** GET /admin/e-invoices/{id}/xml, saved under the file's SDI name. */
export const useDownloadEInvoice = () =>
  useMutation({
    mutationFn: async (transmission: { id: number; fileName: string }) =>
      saveBlob(await apiBlob(`/admin/e-invoices/${transmission.id}/xml`), transmission.fileName),
    meta: { hasOwnErrorMessage: true },
  });
