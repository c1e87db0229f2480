import { z } from 'zod';
import { TotpEnrolmentSchema } from './accounts.ts';
import { id, optionalText, totp } from './fields.ts';
import { phoneOfAccount } from './phone-numbers.ts';

// The authenticator beyond the login: the sign-up's first code, the reset of a lost one through the
// recovery email and support (decisions 0051 and 0072), and enrolling a new one after a reset.

const accountPassword = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(200);

/** The most an owner writes to support when asking for a reset. */
export const RESET_MESSAGE_MAX = 1000;
/** What support may tell the owner when refusing a reset, in the refusal email. */
export const REFUSAL_NOTE_MAX = 500;

/** Sign-up: one current code proves the secret was scanned well; phone and password say whose it is. */
export const TotpConfirmRequestSchema = z
  .object({ username: phoneOfAccount, password: accountPassword, totp })
  .strict();
export type TotpConfirmRequest = z.input<typeof TotpConfirmRequestSchema>;

/** A lost authenticator: phone and password, and what the owner wants support to know. */
export const AuthenticatorResetRequestSchema = z
  .object({
    username: phoneOfAccount,
    password: accountPassword,
    message: optionalText(RESET_MESSAGE_MAX, { isMultiline: true }),
  })
  .strict();
export type AuthenticatorResetRequest = z.input<typeof AuthenticatorResetRequestSchema>;

/** The emailed link's token, which confirms the request came from the account's mailbox. */
export const AuthenticatorResetLinkRequestSchema = z
  .object({ token: z.string().min(1, { error: 'validation.required' }).max(200) })
  .strict();
export type AuthenticatorResetLinkRequest = z.input<typeof AuthenticatorResetLinkRequestSchema>;

/** After the link: support confirms within this many working hours, as the page and the email say. */
export const SUPPORT_HOURS = 24;

export const AuthenticatorResetLinkResponseSchema = z.object({
  outcome: z.literal('awaiting_support'),
  supportHours: z.number(),
});

/** An account whose authenticator support has reset asks for a new one with phone and password. */
export const EnrolmentStartRequestSchema = z
  .object({ username: phoneOfAccount, password: accountPassword })
  .strict();
export type EnrolmentStartRequest = z.input<typeof EnrolmentStartRequestSchema>;

/**
 * The new secret to scan, and `enrolmentToken`: the same secret sealed by the server for a short while,
 * sent back with the first code; nothing is saved until that code is right.
 */
export const EnrolmentStartResponseSchema = z.object({
  enrolment: TotpEnrolmentSchema,
  enrolmentToken: z.string(),
});
export type EnrolmentStartResponse = z.infer<typeof EnrolmentStartResponseSchema>;

export const EnrolmentFinishRequestSchema = z
  .object({
    username: phoneOfAccount,
    password: accountPassword,
    enrolmentToken: z.string().min(1, { error: 'validation.required' }).max(1000),
    totp,
  })
  .strict();
export type EnrolmentFinishRequest = z.input<typeof EnrolmentFinishRequestSchema>;

// The admin console's side.

export const AuthenticatorResetParamsSchema = z.object({ resetId: id });

/** A request the recovery email has confirmed, waiting for support to approve or refuse it. */
export const AdminAuthenticatorResetSchema = z.object({
  id: z.number(),
  account: z.object({
    id: z.number(),
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    language: z.string(),
    createdAt: z.string(),
  }),
  clubs: z.array(z.string()),
  message: z.string().nullable(),
  requestedAt: z.string(),
  emailConfirmedAt: z.string().nullable(),
});
export type AdminAuthenticatorReset = z.infer<typeof AdminAuthenticatorResetSchema>;

export const AdminAuthenticatorResetsSchema = z.object({ requests: z.array(AdminAuthenticatorResetSchema) });
export type AdminAuthenticatorResets = z.infer<typeof AdminAuthenticatorResetsSchema>;

/** A refusal may carry a note for the owner, quoted in the email and kept in the audit log. */
export const AuthenticatorResetRefusalSchema = z
  .object({ note: optionalText(REFUSAL_NOTE_MAX, { isMultiline: true }) })
  .strict();
export type AuthenticatorResetRefusal = z.input<typeof AuthenticatorResetRefusalSchema>;

export const AuthenticatorResetDecisionSchema = z.object({
  id: z.number(),
  status: z.enum(['approved', 'refused']),
});
export type AuthenticatorResetDecision = z.infer<typeof AuthenticatorResetDecisionSchema>;
