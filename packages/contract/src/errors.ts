import { z } from 'zod';
import { REFUSAL_CODES } from './subscription-rules.ts';

/**
 * Error codes the API answers with. Each code has a translated message under `errors.<code>` in the
 * catalogues of ./locales, which the API uses for `message` and the apps use to show it.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  // The database cannot be reached or did not answer in time (docs/decisions/0057): try again shortly.
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'LOGIN_FAILED',
  'ACCOUNT_NOT_FOUND',
  'RESET_LINK_INVALID',
  'CLUB_ACTIVATION_LINK_INVALID',
  'PHONE_TAKEN',
  'VAT_INVALID',
  'FREE_PLAN_MENU_LIMIT',
  'IMAGE_TYPE_NOT_SUPPORTED',
  'ACCOUNT_NOT_ACTIVATED',
  // A sign-up whose first authenticator code was never confirmed (docs/decisions/0066).
  'SIGN_UP_NOT_FINISHED',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_IN_QUERY',
  'TOTP_INVALID',
  'AUTHENTICATOR_ENROLMENT_REQUIRED',
  'AUTHENTICATOR_ENROLMENT_EXPIRED',
  'SMART_PLAN_REQUIRED',
  'CLUB_NOT_WAITING',
  'UPLOAD_NOT_FOUND',
  'IMAGE_TOO_LARGE',
  'IMAGE_NOT_FOUND',
  'ZONE_IN_USE',
  'TABLE_NAME_TAKEN',
  'WAITER_CALL_TOO_SOON',
  'EXCEL_FILE_INVALID',
  'EXCEL_FILE_TOO_LARGE',
  'EXCEL_TOO_MANY_ROWS',
  'EXCEL_COLUMNS_MISSING',
  'EXCEL_EMPTY',
  'EXCEL_ROWS_INVALID',
  'BANNER_IMAGE_NOT_SQUARE',
  // Prices by time (docs/decisions/0086-prices-by-time.md): the club's rules are at their limit.
  'TIME_PRICES_LIMIT',
  // Staff and roles (docs/decisions/0083-club-roles.md): a role below the route's, and the members routes.
  'ROLE_NOT_ALLOWED',
  'ALREADY_MEMBER',
  'TOO_MANY_INVITATIONS',
  'INVITATION_EXPIRED',
  'INVITATION_WITHDRAWN',
  'INVITATION_USED',
  'OWNER_CANNOT_CHANGE',
  // The subscription rules' refusals (409), one code each.
  ...REFUSAL_CODES,
  'PAYMENT_METHOD_REQUIRED',
  'PAYMENT_METHOD_IN_USE',
  'PAYMENT_SETUP_INVALID',
  'CARD_DECLINED',
  'CARD_INSUFFICIENT_FUNDS',
  'CARD_AUTHENTICATION_REQUIRED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  // Refunds (docs/decisions/0063-refunds-and-credit-notes.md).
  'REFUND_TOO_LARGE',
  'REFUND_IN_PROGRESS',
  'CHARGE_NOT_REFUNDABLE',
  // Suggested translations (docs/decisions/0088-suggested-translations.md).
  'TRANSLATION_SUGGESTIONS_OFF',
  'TRANSLATION_ALLOWANCE_USED',
  'TRANSLATION_PROVIDER_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * A field that failed validation: its path (dotted), the message key (`validation.*`, with its
 * parameters encoded as `messageKey` does) and the message translated into the caller's language.
 */
export const FieldIssueSchema = z.object({
  path: z.string(),
  key: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The one shape of every failure the API answers. */
export const ErrorResponseSchema = z
  .object({
    status: z.number().int(),
    code: ErrorCodeSchema,
    message: z.string(),
    issues: z.array(FieldIssueSchema).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const isErrorResponse = (value: unknown): value is ErrorResponse =>
  ErrorResponseSchema.safeParse(value).success;
