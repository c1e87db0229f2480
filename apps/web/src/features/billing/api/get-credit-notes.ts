import { CreditNoteSchema } from '@carta/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/** GET /clubs/{clubId}/credit-notes: the club's credit notes, newest first (0063). */
export const getCreditNotes = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`${clubPath(clubId)}/credit-notes`, { responseSchema: z.array(CreditNoteSchema), signal });

export const creditNotesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'credit-notes'],
    queryFn: ({ signal }) => getCreditNotes(clubId, { signal }),
  });

export const useCreditNotes = (clubId: string) => useQuery(creditNotesQueryOptions(clubId));
