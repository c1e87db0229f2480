import type { ErrorCode, ErrorResponse, FieldIssue } from '@carta/contract/errors';
import { errorMessage, translateMessage } from '@carta/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/db-errors.ts';
import { isGuestPageAddress, sendGuestNotFound } from '../lib/guest-not-found.ts';
import { languageOf } from '../lib/language.ts';

const codeForStatus = (status: number): ErrorCode => {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
};

export const sendError = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  issues?: FieldIssue[],
) => {
  const body: ErrorResponse = { status, code, message: errorMessage(languageOf(request), code) };
  if (issues) body.issues = issues;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
};

/**
 * PostgreSQL's refusals of a value it cannot hold: a character it cannot store (22021, 22P05), a number
 * out of its column's range (22003), a text that is not of the column's type (22P02). The schemas keep
 * them out; one that slips through is the caller's bad input, not the server's failure.
 */
const DATABASE_INPUT_ERRORS = new Set(['22021', '22P05', '22003', '22P02']);

/** The SQLSTATE of a database refusal of the input, as node-postgres or PGlite report it, wrapped or not. */
const databaseInputError = (error: unknown, depth = 0): string | undefined => {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && DATABASE_INPUT_ERRORS.has(code)) return code;
  return databaseInputError(cause, depth + 1);
};

/** A path that names nothing: the guest pages answer their page, the API its JSON. */
const sendNotFound = (request: FastifyRequest, reply: FastifyReply, code: ErrorCode) =>
  isGuestPageAddress(request.url) ? sendGuestNotFound(request, reply) : sendError(request, reply, 404, code);

/**
 * Failures Fastify answers before any route or hook runs (Fastify's `frameworkErrors`): the same shape
 * as every other. A parameter too long for the router is no id or code of ours: the address names nothing.
 */
export const handleFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  request.log.info({ code: error.code, message: error.message }, 'request refused');
  // No hook runs for these answers: the security headers are set here (plugins/security-headers.ts).
  reply.headers(request.server.securityHeadersOf(request.url));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendNotFound(request, reply, 'NOT_FOUND');
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  return sendError(request, reply, status, codeForStatus(status));
};

/**
 * One error handler for the whole server: every failure answers `{ status, code, message }` in the
 * caller's language. A 5xx never tells its internals; they go to the log with the request id.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        reply.headers(error.headers);
        if (error.status >= 500) request.log.error({ err: error.cause ?? error }, 'request failed');
        const language = languageOf(request);
        const issues = error.issues?.map((issue) => ({
          ...issue,
          message: translateMessage(language, issue.key),
        }));
        return sendError(request, reply, error.status, error.code, issues);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        // A path parameter out of its range (an id above the column's, a malformed code) names a
        // resource that cannot exist.
        if (error.validationContext === 'params') return sendNotFound(request, reply, 'NOT_FOUND');
        const language = languageOf(request);
        const where = error.validationContext ?? 'body';
        const issues = error.validation.flatMap((issue): FieldIssue[] => {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const at = (name: string) => [where, path, name].filter(Boolean).join('.');
          if (issue.keyword === 'unrecognized_keys') {
            // A field the route does not take is refused by name, never silently dropped.
            const names = (issue.params as { keys?: string[] }).keys ?? [];
            const key = 'validation.unknownField';
            return names.map((name) => ({ path: at(name), key, message: translateMessage(language, key) }));
          }
          const message = issue.message ?? '';
          const key = /^(validation|errors)\./.test(message) ? message : 'validation.invalid';
          return [{ path: at(''), key, message: translateMessage(language, key) }];
        });
        return sendError(request, reply, 400, 'VALIDATION_ERROR', issues);
      }
      const refusedByDatabase = databaseInputError(error);
      if (refusedByDatabase) {
        request.log.warn({ err: error, sqlState: refusedByDatabase }, 'database refused the input');
        return sendError(request, reply, 400, 'VALIDATION_ERROR');
      }
      // The database is away or did not answer in time (a restart, a failover, a stuck statement, an
      // exhausted pool): a moment's condition, answered as such, never a hang (docs/decisions/0057).
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendError(request, reply, 503, 'DATABASE_UNAVAILABLE');
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: error.code, message: error.message }, 'request refused');
      return sendError(request, reply, status, codeForStatus(status));
    });

    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, 'ROUTE_NOT_FOUND'));
  },
  { name: 'errors' },
);
