import { GUEST_PREVIEW_MINUTES } from '@carta/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

/**
 * GET /clubs/{clubId}/guest-preview?tableId=: a short-lived address of a table's guest page (the club's
 * first table without one) as the owner's preview.
 */
export const getGuestPreview = (
  clubId: string,
  tableId: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(`/clubs/${clubId}/guest-preview`, {
    query: tableId ? { tableId } : {},
    // Loaded with the answer: the board's first load carries no schema library.
    responseSchema: async () => (await import('@carta/contract/guest-preview')).GuestPreviewLinkSchema,
    signal,
  });

/** Half the address's life: a link on screen always has minutes left when it is opened. */
const FRESH_MS = (GUEST_PREVIEW_MINUTES * 60_000) / 2;

/** The preview address of a table (or the club's first), kept fresh while it is on screen. */
export const useGuestPreview = (clubId: string, tableId: number | undefined) =>
  useQuery({
    queryKey: ['clubs', clubId, 'guest-preview', tableId ?? 'first'],
    queryFn: ({ signal }) => getGuestPreview(clubId, tableId, { signal }),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });
