import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { whenIdle } from '../lib/when-idle.ts';

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

/**
 * `isDeferred`: asks only once the page is idle. Reading the answer loads zod and the contract's schema,
 * which the first paint of a screen that can show without the config (the legal links fall back to plain
 * text) should not wait for.
 */
export const usePublicConfig = ({ isDeferred = false }: { isDeferred?: boolean } = {}) => {
  const [isIdle, setIsIdle] = useState(!isDeferred);
  useEffect(() => (isIdle ? undefined : whenIdle(() => setIsIdle(true))), [isIdle]);
  return useQuery({ ...publicConfigQueryOptions(), enabled: isIdle });
};
