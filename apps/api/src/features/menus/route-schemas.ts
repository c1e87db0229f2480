import { ErrorResponseSchema } from '@carta/contract/errors';
import { z } from 'zod';

/** What every owner route of the menu builder may answer besides its own result. */
export const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
export const security = [{ bearerAuth: [] }];
export const NoContent = z.null();
