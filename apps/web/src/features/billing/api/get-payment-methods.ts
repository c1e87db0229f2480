import { PaymentMethodSchema } from '@carta/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/** GET /clubs/{clubId}/payment-methods: the saved cards; exactly one is primary and pays the renewals. */
export const getPaymentMethods = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`${clubPath(clubId)}/payment-methods`, { responseSchema: z.array(PaymentMethodSchema), signal });

export const paymentMethodsQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods(clubId, { signal }),
  });

export const usePaymentMethods = (clubId: string) => useQuery(paymentMethodsQueryOptions(clubId));
