import type { ErrorCode, FieldIssue } from '@carta/contract/errors';

/**
 * Every failed API call ends as an ApiError. `status` is the HTTP status, or 0 when no answer came
 * (network failure, timeout, an answer that is not the API's).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues: FieldIssue[];
  /** From Retry-After on a 429: how long until trying again is allowed. */
  readonly retryAfterSeconds: number | undefined;

  constructor({
    status,
    code,
    message,
    issues = [],
    retryAfterSeconds,
    cause,
  }: {
    status: number;
    code: ErrorCode;
    message: string;
    issues?: FieldIssue[];
    retryAfterSeconds?: number | undefined;
    cause?: unknown;
  }) {
    super(message, { cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 4xx: the request itself is wrong; sending it again will not help. */
export const isClientError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Failures the user can do nothing about: no answer, a 5xx, or anything that is not an ApiError. */
export const isUnexpectedError = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** What to tell the user: the API's own (translated) message when it refused the request, else fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && !isUnexpectedError(error) ? error.message : fallback;
