import { ErrorResponseSchema } from '@carta/contract/errors';
import { z } from 'zod';

// Pieces of route schemas every feature repeats; the OpenAPI document is built from them.

/** A route that needs a bearer token (an owner's or an admin's). */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The body of a 204. */
export const NoContent = z.null();

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
