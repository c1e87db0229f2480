import { SchedulingsResponseSchema } from '@carta/contract/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getSchedulings = (clubId: string, menuId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/schedulings`, {
    responseSchema: SchedulingsResponseSchema,
    signal,
  });

export const schedulingsQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId, 'schedulings'],
    queryFn: ({ signal }) => getSchedulings(clubId, menuId, { signal }),
  });

export const useSchedulings = (clubId: string, menuId: string) =>
  useQuery(schedulingsQueryOptions(clubId, menuId));
