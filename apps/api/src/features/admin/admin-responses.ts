import { ErrorResponseSchema } from '@carta/contract/errors';

/** What every admin route may answer besides its success: the console reads the code. */
export const adminErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
export const adminSecurity = [{ bearerAuth: [] }];
