import { QUERY_RETRY } from '@carta/contract/limits';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api-error.ts';
import { retryDelay, shouldRetry } from '../src/lib/query-retry.ts';

const apiError = (status: number) => new ApiError({ status, code: 'INTERNAL_ERROR', message: 'x' });

describe('shouldRetry', () => {
  it('retries network failures and 5xx up to the limit', () => {
    for (const error of [apiError(0), apiError(500), apiError(503), new TypeError('Failed to fetch')]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(QUERY_RETRY.maxRetries - 1, error)).toBe(true);
      expect(shouldRetry(QUERY_RETRY.maxRetries, error)).toBe(false);
    }
  });

  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 499]) {
      expect(shouldRetry(0, apiError(status))).toBe(false);
    }
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
