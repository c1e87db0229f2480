import type { ErrorCode } from '@carta/contract/errors';

type AppErrorOptions = {
  headers?: Record<string, string>;
  cause?: unknown;
  /** Fields to point at: their path (`body.password`) and a message key. */
  issues?: { path: string; key: string }[];
};

/** The one error type handlers throw; the error handler turns it into `{ status, code, message }`. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  readonly issues: { path: string; key: string }[] | undefined;

  constructor(status: number, code: ErrorCode, options: AppErrorOptions = {}) {
    super(code, { cause: options.cause });
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
    this.issues = options.issues;
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
