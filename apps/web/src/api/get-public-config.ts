import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

export const getPublicConfig = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/config', {
    responseSchema: async () => (await import('@carta/contract/public-config')).PublicConfigResponseSchema,
    signal,
  });

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => getPublicConfig({ signal }),
    // Changes only with a deployment, and a deployment reloads the app (/update).
    staleTime: Number.POSITIVE_INFINITY,
    // The legal links fall back to plain text; a toast on every auth screen would only be noise.
    meta: { hasOwnErrorMessage: true },
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
