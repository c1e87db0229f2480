import type { ErrorCode } from '@carta/contract/errors';

/** The one error type handlers throw; the error handler turns it into `{ status, code, message }`. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(code, { cause: options.cause });
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
