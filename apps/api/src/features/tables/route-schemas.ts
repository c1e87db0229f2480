import { ErrorResponseSchema } from '@carta/contract/errors';
import { z } from 'zod';

/** The failures every owner route of tables, zones and schedules may answer. */
export const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
export const security = [{ bearerAuth: [] }];
export const NoContent = z.null();
