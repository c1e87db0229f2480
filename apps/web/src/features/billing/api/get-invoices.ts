import { InvoiceSchema } from '@carta/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/** GET /clubs/{clubId}/invoices: the club's invoices, newest first. */
export const getInvoices = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`${clubPath(clubId)}/invoices`, { responseSchema: z.array(InvoiceSchema), signal });

export const invoicesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'invoices'],
    queryFn: ({ signal }) => getInvoices(clubId, { signal }),
  });

export const useInvoices = (clubId: string) => useQuery(invoicesQueryOptions(clubId));
