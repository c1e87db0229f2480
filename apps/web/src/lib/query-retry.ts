import { QUERY_RETRY } from '@carta/contract/limits';
import { isClientError } from './api-error.ts';

// Queries and mutations retry (docs/product.md, Owner app) up to three times, never on a 4xx, waiting 1 s, 2 s, 4 s ...
// up to 30 s. TanStack Query calls these with the number of failures before the current one (0 first).

export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < QUERY_RETRY.maxRetries && !isClientError(error);

export const retryDelay = (failureCount: number): number =>
  Math.min(QUERY_RETRY.firstDelayMs * 2 ** failureCount, QUERY_RETRY.maxDelayMs);
