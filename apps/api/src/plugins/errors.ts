import type { ErrorCode, ErrorResponse, FieldIssue } from '@carta/contract/errors';
import { errorMessage, translateMessage } from '@carta/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
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
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: error.code, message: error.message }, 'request refused');
      return sendError(request, reply, status, codeForStatus(status));
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'ROUTE_NOT_FOUND'));
  },
  { name: 'errors' },
);
