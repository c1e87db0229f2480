import { ChangePlanPreviewSchema } from '@carta/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';

/**
 * GET /clubs/{clubId}/subscription/preview?paymentPlanId=: what changing to a plan would give (the days
 * left carried over, the new end of the period), before the owner confirms.
 */
export const getChangePlanPreview = (
  clubId: string,
  paymentPlanId: number,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(`${clubPath(clubId)}/subscription/preview`, {
    query: { paymentPlanId },
    responseSchema: ChangePlanPreviewSchema,
    signal,
  });

/** Depends on today and on the subscription: asked afresh every time the dialog opens. */
export const changePlanPreviewQueryOptions = (clubId: string, paymentPlanId: number) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'payments', 'preview', paymentPlanId],
    queryFn: ({ signal }) => getChangePlanPreview(clubId, paymentPlanId, { signal }),
    staleTime: 0,
    gcTime: 0,
    meta: { hasOwnErrorMessage: true },
  });

export const useChangePlanPreview = (clubId: string, paymentPlanId: number | null) =>
  useQuery({
    ...changePlanPreviewQueryOptions(clubId, paymentPlanId ?? 0),
    enabled: paymentPlanId !== null,
  });
