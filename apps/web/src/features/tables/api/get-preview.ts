import { PreviewResponseSchema } from '@carta/contract/tables';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/tables/{tableId}/preview: the menus that table shows on that day at that time. */
export const getPreview = (
  clubId: string,
  tableId: number,
  day: number,
  time: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(`/clubs/${clubId}/tables/${tableId}/preview`, {
    query: { day, time },
    responseSchema: PreviewResponseSchema,
    signal,
  });

export const usePreview = (clubId: string, tableId: number | null, day: number, time: string) =>
  useQuery({
    queryKey: ['clubs', clubId, 'preview', tableId, day, time],
    queryFn: ({ signal }) => getPreview(clubId, tableId ?? 0, day, time, { signal }),
    enabled: tableId !== null && /^\d\d:\d\d$/.test(time),
    placeholderData: keepPreviousData,
  });
