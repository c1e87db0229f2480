import { ErrorResponseSchema } from '@carta/contract/errors';
import { z } from 'zod';

// Pieces of route schemas every feature repeats; the OpenAPI document is built from them.

/** A route that needs a bearer token (an owner's or an admin's). */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The body of a 204. */
export const NoContent = z.null();

/**
 * A file sent or answered as bytes (a PDF, a workbook, an image): any value to zod, since Fastify sends a
 * Buffer as it is and multipart parts arrive apart from the body; a binary string to the OpenAPI document.
 */
export const binaryFile = (description: string) =>
  z.any().meta({ type: 'string', format: 'binary', description });

/** The failures a route documents, each in the one error shape. */
export const errorResponses = <const Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<
    Status,
    typeof ErrorResponseSchema
  >;

/** What an owner's route may answer besides its own result. */
export const ownerErrors = errorResponses(400, 401, 403, 404);

/** The same, for writes that may clash with what exists (a name taken, a zone in use, a state). */
export const ownerWriteErrors = errorResponses(400, 401, 403, 404, 409);
