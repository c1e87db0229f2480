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

/**
 * SQLSTATEs of a database that cannot answer now: the server shutting down or starting up (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now), a statement cut by `statement_timeout` or a
 * cancel (57014), no connection slot left (53300). Class 08 (connection exceptions, also what PgBouncer
 * answers when it cannot reach the server) is matched by its prefix.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
/** The socket's own failures, as Node reports them for node-postgres' connection. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres' and pg-pool's own words for a connection lost, never made or waited for too long, and
 * PGlite's for a closed database (a test closing it under a request).
 */
const UNAVAILABLE_MESSAGES = new RegExp(
  [
    '^Connection terminated',
    '^timeout exceeded when trying to connect',
    'is not queryable',
    '^Cannot use a pool after calling end on the pool',
    '^Query read timeout',
    '^PGlite is clos(ed|ing)',
  ].join('|'),
);

/** What a 503 DATABASE_UNAVAILABLE tells the caller (`Retry-After`): ask again after this many seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Marks a wait for the database this code gave up on itself (a health check past its deadline). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
}

/**
 * The database cannot be reached or did not answer in time, as node-postgres, pg-pool, PgBouncer or PGlite
 * report it, wrapped or not (Drizzle's `Failed query` keeps the driver's error as its `cause`): the request
 * is answered 503 DATABASE_UNAVAILABLE, timed jobs skip their round, and guests get a kept page
 * (docs/decisions/0057-database-outages.md). A refusal of the statement itself (a constraint, bad input)
 * is not unavailability.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => unavailableAt(error, 0);

const unavailableAt = (error: unknown, depth: number): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_STATES.has(code)) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // Connecting to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with them all.
  if (Array.isArray(errors) && errors.some((each) => unavailableAt(each, depth + 1))) return true;
  return unavailableAt(cause, depth + 1);
};
