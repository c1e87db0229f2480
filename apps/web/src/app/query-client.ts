import { QUERY_GC_TIME_MS } from '@carta/contract/limits';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnexpectedError } from '../lib/api-error.ts';
import { i18n } from '../lib/i18n.ts';
import { retryDelay, shouldRetry } from '../lib/query-retry.ts';
import { enqueueSnackbar } from '../lib/snackbar.ts';

// Unexpected failures (no answer, 5xx) get one generic toast unless the caller shows the error itself;
// expected ones (4xx) are the caller's to explain, and a 401 has its own flow in the HTTP client.
const toastUnexpected = (error: unknown, meta: { hasOwnErrorMessage?: boolean } | undefined) => {
  if (meta?.hasOwnErrorMessage || !isUnexpectedError(error)) return;
  console.error(error);
  enqueueSnackbar(i18n.t('errors.INTERNAL_ERROR'), { variant: 'error' });
};

/**
 * A write refused for the role (403) or for a club no longer the account's (404) means the account's place
 * changed since its clubs were read (docs/product.md, Staff and roles): they are asked again, and the club
 * frame shows what it may do now. Only after writes, which someone made: a read refused again would loop.
 */
const isRoleChange = (error: unknown) =>
  error instanceof ApiError && (error.code === 'ROLE_NOT_ALLOWED' || error.status === 404);

export const createQueryClient = () => {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastUnexpected(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        toastUnexpected(error, mutation.meta);
        if (isRoleChange(error)) void client.invalidateQueries({ queryKey: ['clubs'], exact: true });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false, gcTime: QUERY_GC_TIME_MS },
      mutations: { retry: shouldRetry, retryDelay, gcTime: QUERY_GC_TIME_MS },
    },
  });
  return client;
};

export const queryClient = createQueryClient();
