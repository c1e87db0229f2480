import type { ErrorCode } from '@carta/contract/errors';
import { AppError } from './app-error.ts';

/** A unique index refused the row (PostgreSQL 23505), as node-postgres or PGlite report it, wrapped or not. */
export const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23505' || isUniqueViolation(cause);
};

type ConflictOptions = {
  /** The request field the conflict is about (`body.name`): the answer points at it. */
  path?: string;
};

/**
 * Runs a write and turns a unique-index refusal into 409 with `code`, so that two requests at the same
 * moment get the same answer as two in a row; any other error passes through unchanged.
 */
export const conflictOnUnique = async <T>(
  write: () => Promise<T>,
  code: ErrorCode,
  options: ConflictOptions = {},
): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(409, code, {
      cause: error,
      ...(options.path ? { issues: [{ path: options.path, key: `errors.${code}` }] } : {}),
    });
  }
};

/**
 * The first row of a result that must have one (an `insert ... returning`, a row just locked): a missing
 * row is a bug, reported as a 500 with `what` in the log, never as `undefined` flowing on.
 */
export const firstOrThrow = <T>(rows: readonly T[], what = 'row'): T => {
  const [row] = rows;
  if (row === undefined) throw new Error(`Expected a ${what}, the statement returned none`);
  return row;
};
