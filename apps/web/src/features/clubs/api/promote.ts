import type { PromoteRequest } from '@carta/contract/promote';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const promotePath = (clubId: string) => `/clubs/${encodeURIComponent(clubId)}/promote`;

/** GET /clubs/{clubId}/promote: the sponsoring brand and its branded items, each promoted or not. */
export const getPromotion = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(promotePath(clubId), {
    responseSchema: async () => (await import('@carta/contract/promote')).PromotionStateSchema,
    signal,
  });

export const promotionQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'promote'],
    queryFn: ({ signal }) => getPromotion(clubId, { signal }),
  });

export const usePromotion = (clubId: string) => useQuery(promotionQueryOptions(clubId));

/** PATCH /clubs/{clubId}/promote: promotes the branded items, or puts them back. */
export const promoteBrand = (clubId: string, body: PromoteRequest) =>
  apiRequest(promotePath(clubId), {
    method: 'PATCH',
    body,
    responseSchema: async () => (await import('@carta/contract/promote')).PromoteResponseSchema,
  });

export const usePromoteBrand = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoteRequest) => promoteBrand(clubId, body),
    onSuccess: async (state) => {
      queryClient.setQueryData(promotionQueryOptions(clubId).queryKey, {
        brandName: state.brandName,
        items: state.items,
      });
      // Markers and order changed in the menus.
      await queryClient.invalidateQueries({ queryKey: ['clubs', clubId, 'menus'] });
    },
  });
};
