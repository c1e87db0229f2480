import { z } from 'zod';
import { email, password, requiredText, totp } from './fields.ts';
import { LANGUAGES } from './limits.ts';
import { invitationToken } from './members.ts';
import { phone, phoneOfAccount } from './phone-numbers.ts';

// Accounts, sign-in and recovery (docs/product.md, Accounts; Rules and limits).

export const LanguageSchema = z.enum(LANGUAGES);

/** Adds "Passwords do not match" on `passwordTwo` when the two differ. */
const withMatchingPasswords = <Schema extends z.ZodType<{ password: string; passwordTwo: string }>>(
  schema: Schema,
) =>
  schema.refine((value) => value.password === value.passwordTwo, {
    path: ['passwordTwo'],
    error: 'validation.passwordsDoNotMatch',
  });

export const AccountFieldsSchema = z
  .object({
    name: requiredText(80),
    lastName: requiredText(80),
    email: email.pipe(z.string().max(254, { error: 'validation.tooLong?max=254' })),
    phone,
    password,
    passwordTwo: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    language: LanguageSchema.default('it'),
  })
  .strict();

/**
 * POST /users: an account without a club. With `invitationToken` (the invitation link's token) it is an
 * invitee's sign-up: the account joins the inviting club once its first authenticator code is confirmed
 * (docs/product.md, Staff and roles).
 */
export const CreateUserRequestSchema = withMatchingPasswords(
  AccountFieldsSchema.extend({ invitationToken: invitationToken.optional() }),
);
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/** What an authenticator app needs: the base32 secret and the otpauth:// URI naming Carta and the phone. */
export const TotpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const CreateUserResponseSchema = z.object({ enrolment: TotpEnrolmentSchema });
export type CreateUserResponse = z.infer<typeof CreateUserResponseSchema>;

/**
 * POST /users/phone-check: whether a phone may still sign up, asked on the wizard's first step. The number
 * is checked like the sign-up's (`phone`); a phone held only by a sign-up never confirmed is available
 * (docs/decisions/0066).
 */
export const PhoneCheckRequestSchema = z.object({ phone }).strict();
export type PhoneCheckRequest = z.input<typeof PhoneCheckRequestSchema>;

export const PhoneCheckResponseSchema = z.object({ available: z.boolean() });
export type PhoneCheckResponse = z.infer<typeof PhoneCheckResponseSchema>;

/**
 * Login: `username` is the phone number, in any form that names the account (phone-numbers.ts). The code
 * may be left empty only by an owner whose authenticator support has reset (0072): the server then
 * answers AUTHENTICATOR_ENROLMENT_REQUIRED, or asks for the code like any wrong login.
 */
export const LoginRequestSchema = z
  .object({
    username: phoneOfAccount,
    password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
    totp: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(totp.optional())
      .optional(),
  })
  .strict();
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), admin: z.boolean() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Asks for the activation email again; needs the password so nobody can spam another's inbox. */
export const ResendActivationRequestSchema = z
  .object({
    username: phoneOfAccount,
    password: z.string().min(1, { error: 'validation.required' }).max(200),
  })
  .strict();
export type ResendActivationRequest = z.input<typeof ResendActivationRequestSchema>;

export const PasswordRecoveryRequestSchema = z.object({ phone: phoneOfAccount }).strict();
export type PasswordRecoveryRequest = z.input<typeof PasswordRecoveryRequestSchema>;

export const PasswordResetRequestSchema = withMatchingPasswords(
  z
    .object({
      token: z.string().min(1, { error: 'validation.required' }).max(200),
      password,
      passwordTwo: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    })
    .strict(),
);
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

export const UserLanguageRequestSchema = z.object({ language: LanguageSchema }).strict();
export type UserLanguageRequest = z.infer<typeof UserLanguageRequestSchema>;

/** Deleting one's own account asks for the password and a current code again. */
export const DeleteAccountRequestSchema = z
  .object({ password: z.string().min(1, { error: 'validation.required' }).max(200), totp })
  .strict();
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

export const TokenQuerySchema = z.object({
  token: z.string().min(1, { error: 'validation.required' }).max(200),
});
export type TokenQuery = z.infer<typeof TokenQuerySchema>;

/** Answers of activation, recovery and reset calls. */
export const OutcomeResponseSchema = z.object({ outcome: z.string() });
export type OutcomeResponse = z.infer<typeof OutcomeResponseSchema>;

/** Changing the password asks for the current one and a current code; the new one follows the usual rules. */
export const ChangePasswordRequestSchema = withMatchingPasswords(
  z
    .object({
      currentPassword: z.string().min(1, { error: 'validation.required' }).max(200),
      password,
      passwordTwo: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
      totp,
    })
    .strict(),
);
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** GET /users/me: who is logged in. */
export const CurrentUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  language: LanguageSchema,
  admin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
