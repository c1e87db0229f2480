import { PaymentPlanSchema } from '@carta/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/**
 * GET /clubs/{clubId}/payments/plans: the plans of the club's billing country, shortest first, priced for
 * the club (VAT, or none with reverse charge), the annual one with its saving.
 */
export const getPaymentPlans = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`${clubPath(clubId)}/payments/plans`, { responseSchema: z.array(PaymentPlanSchema), signal });

export const paymentPlansQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'payments', 'plans'],
    queryFn: ({ signal }) => getPaymentPlans(clubId, { signal }),
  });

export const usePaymentPlans = (clubId: string) => useQuery(paymentPlansQueryOptions(clubId));
