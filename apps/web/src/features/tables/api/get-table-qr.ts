import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';

export type QrFormat = 'png' | 'svg';

/** GET /clubs/{clubId}/tables/{tableId}/qrcode.{png|svg}: the table's code as an image. */
export const getTableQr = (
  clubId: string,
  tableId: number,
  format: QrFormat,
  { signal }: { signal?: AbortSignal } = {},
) => apiBlob(`/clubs/${clubId}/tables/${tableId}/qrcode.${format}`, { signal });

/** GET /clubs/{clubId}/tables/qrcodes.pdf: a printable sheet of the given tables' codes, or of all. */
export const getQrSheet = (clubId: string, tableIds: number[] = []) =>
  apiBlob(`/clubs/${clubId}/tables/qrcodes.pdf${tableIds.length ? `?tables=${tableIds.join(',')}` : ''}`);

/** The code as an object URL for an <img>. */
export const useTableQr = (clubId: string, tableId: number) =>
  useQuery({
    // Outside ['clubs', ...]: a table write must not download every code again.
    queryKey: ['qr', clubId, tableId],
    queryFn: async ({ signal }) => URL.createObjectURL(await getTableQr(clubId, tableId, 'png', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
