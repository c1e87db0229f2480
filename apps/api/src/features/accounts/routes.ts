import {
  ChangePasswordRequestSchema,
  CreateUserRequestSchema,
  CreateUserResponseSchema,
  CurrentUserSchema,
  DeleteAccountRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OutcomeResponseSchema,
  PasswordRecoveryRequestSchema,
  PasswordResetRequestSchema,
  PhoneCheckRequestSchema,
  PhoneCheckResponseSchema,
  ResendActivationRequestSchema,
  TokenQuerySchema,
  UserLanguageRequestSchema,
} from '@carta/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { passwordResetEmail } from '../mail/templates.ts';
import { findAccountById, findConfirmedAccountsByPhone, isConfirmed, setLanguage } from './account-store.ts';
import {
  activateAccount,
  assertUncommonPassword,
  changePassword,
  createAccount,
  deleteAccount,
  resetPassword,
  sendActivationEmail,
  startSession,
  verifyCredentials,
} from './accounts.ts';
import { clearFailedLogins, recordFailedAttempt, refuseWhenLimited } from './attempts.ts';
import { authenticatorRoutes } from './authenticator-routes.ts';
import { issueToken } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';
import { revokeSession } from './sessions.ts';

const NoContent = z.null().describe('No content');

const loginFailed = () => new AppError(401, 'LOGIN_FAILED');
const signUpNotFinished = () => new AppError(403, 'SIGN_UP_NOT_FINISHED');

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authenticatorRoutes);

  app.post(
    '/users',
    {
      preHandler: app.limitSignUps,
      schema: {
        tags: ['users'],
        summary: 'Create an account; answers the authenticator enrolment',
        description:
          'Emails nobody yet: the account works, and its activation email leaves, once POST /users/totp/confirm has checked its first code (0066). A phone held only by a sign-up never confirmed is taken over; one of a confirmed account answers 409 PHONE_TAKEN.',
        body: CreateUserRequestSchema,
        response: { 201: CreateUserResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      assertUncommonPassword(request.body.password, 'body.password');
      const created = await app.db.transaction((tx) => createAccount(app, tx, request.body));
      return reply.status(201).send({ enrolment: created.enrolment });
    },
  );

  app.post(
    '/users/phone-check',
    {
      preHandler: app.limitPhoneChecks,
      schema: {
        tags: ['users'],
        summary: "Whether a phone may sign up: the wizard's first step asks before going on",
        description:
          'False when a confirmed account holds the phone, which POST /clubs would refuse with PHONE_TAKEN; a phone held only by a sign-up never confirmed is available (0066). It tells no more than a sign-up does, and is limited per network address like sign-ups.',
        body: PhoneCheckRequestSchema,
        response: { 200: PhoneCheckResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({
      available: (await findConfirmedAccountsByPhone(app.db, request.body.phone)).length === 0,
    }),
  );

  app.get(
    '/users/activate',
    {
      schema: {
        tags: ['users'],
        summary: "Confirm an account's email with the link's token",
        querystring: TokenQuerySchema,
        response: { 200: OutcomeResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      if (!(await activateAccount(app.db, request.query.token)))
        throw new AppError(400, 'RESET_LINK_INVALID');
      return { outcome: 'activated' };
    },
  );

  app.post(
    '/users/activate/resend',
    {
      schema: {
        tags: ['users'],
        summary: 'Send the activation email again (needs phone and password)',
        description:
          'A sign-up whose first authenticator code was never confirmed answers 403 SIGN_UP_NOT_FINISHED to the right password, and nothing is sent (0066).',
        body: ResendActivationRequestSchema,
        response: { 200: OutcomeResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await refuseWhenLimited(app, request, 'login', request.body.username);
      const verified = await verifyCredentials(app, request.body);
      if (!verified) {
        await recordFailedAttempt(app.db, 'login', request.body.username, request.ip);
        throw loginFailed();
      }
      if (!isConfirmed(verified.account)) throw signUpNotFinished();
      if (!verified.account.emailConfirmedAt) {
        const token = await issueToken(app.db, 'account_activation', { accountId: verified.account.id });
        await sendActivationEmail(app, verified.account, token);
      }
      return { outcome: 'sent' };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['users'],
        summary: 'Log in with phone, password and authenticator code',
        description:
          'An account whose authenticator support has reset (0051) answers 403 AUTHENTICATOR_ENROLMENT_REQUIRED to the right password, with or without a code: /users/totp/enrolment follows. A sign-up whose first code was never confirmed (0066) answers 403 SIGN_UP_NOT_FINISHED to the right password, with or without a code, and never logs in: signing up again with its phone replaces it.',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { username } = request.body;
      await refuseWhenLimited(app, request, 'login', username);
      const verified = await verifyCredentials(app, request.body);
      // The right password of a sign-up never finished: only its owner learns that, and signs up again.
      if (verified && !isConfirmed(verified.account)) throw signUpNotFinished();
      // Support reset the authenticator (0051): the right password leads to enrolling a new one.
      if (verified && !verified.account.totpSecret) {
        if (!verified.account.emailConfirmedAt) throw new AppError(403, 'ACCOUNT_NOT_ACTIVATED');
        throw new AppError(403, 'AUTHENTICATOR_ENROLMENT_REQUIRED');
      }
      const step = verified?.step;
      if (!verified || step === null || step === undefined) {
        await recordFailedAttempt(app.db, 'login', username, request.ip);
        // No code sent: asked for like a missing field, whether or not the password was right.
        if (request.body.totp === undefined)
          throw new AppError(400, 'VALIDATION_ERROR', {
            issues: [{ path: 'body.totp', key: 'validation.required' }],
          });
        throw loginFailed();
      }
      const { account } = verified;
      if (!account.emailConfirmedAt) throw new AppError(403, 'ACCOUNT_NOT_ACTIVATED');
      const token = await startSession(app.db, account.id, step);
      if (!token) {
        await recordFailedAttempt(app.db, 'login', username, request.ip);
        throw loginFailed();
      }
      await clearFailedLogins(app.db, username, request.ip);
      return { token, admin: account.isAdmin };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Revoke the session of the token used',
        security: [{ bearerAuth: [] }],
        response: { 204: NoContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, callerOf(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/password/recovery',
    {
      schema: {
        tags: ['users'],
        summary: 'Email a password reset link to the account with this phone',
        description:
          'A sign-up whose first authenticator code was never confirmed holds no phone (0066): it answers 404 ACCOUNT_NOT_FOUND, as at sign-up that phone is free.',
        body: PasswordRecoveryRequestSchema,
        response: { 200: OutcomeResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { phone } = request.body;
      await refuseWhenLimited(app, request, 'recovery', phone);
      // Every request counts, found or not: the limit also stops someone mailing an owner again and again.
      await recordFailedAttempt(app.db, 'recovery', phone, request.ip);
      const found = await findConfirmedAccountsByPhone(app.db, phone);
      if (found.length === 0) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
      // Several only for accounts that share a number until an admin sorts them out (0050): each owner
      // gets a link to their own account.
      for (const account of found) {
        const token = await issueToken(app.db, 'password_reset', { accountId: account.id });
        await app.mailer.send(
          passwordResetEmail(
            account.language === 'en' ? 'en' : 'it',
            account.email,
            account.name,
            `${app.config.publicUrl}/password/reset?token=${encodeURIComponent(token)}`,
          ),
        );
      }
      return { outcome: 'sent' };
    },
  );

  app.post(
    '/users/password/reset',
    {
      schema: {
        tags: ['users'],
        summary: "Set a new password with a reset link's token; ends every session",
        body: PasswordResetRequestSchema,
        response: { 200: OutcomeResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      assertUncommonPassword(request.body.password, 'body.password');
      const passwordHash = await hashPassword(request.body.password);
      if (!(await resetPassword(app.db, request.body.token, passwordHash)))
        throw new AppError(400, 'RESET_LINK_INVALID');
      return { outcome: 'reset' };
    },
  );

  app.post(
    '/users/language',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "Save the owner's language; emails go out in it",
        security: [{ bearerAuth: [] }],
        body: UserLanguageRequestSchema,
        response: { 204: NoContent, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await setLanguage(app.db, callerOf(request).accountId, request.body.language);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Who is logged in',
        security: [{ bearerAuth: [] }],
        response: { 200: CurrentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const account = await findAccountById(app.db, callerOf(request).accountId);
      if (!account) throw new AppError(401, 'UNAUTHORIZED');
      return {
        id: account.id,
        name: account.name,
        lastName: account.lastName,
        email: account.email,
        phone: account.phone,
        language: account.language === 'en' ? ('en' as const) : ('it' as const),
        admin: account.isAdmin,
      };
    },
  );

  app.post(
    '/users/me/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change the password (current password and code again); other sessions end',
        security: [{ bearerAuth: [] }],
        body: ChangePasswordRequestSchema,
        response: { 204: NoContent, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const account = await findAccountById(app.db, caller.accountId);
      if (!account) throw new AppError(401, 'UNAUTHORIZED');
      await refuseWhenLimited(app, request, 'login', account.phone);
      const { currentPassword, password, totp } = request.body;
      const verified = await verifyCredentials(
        app,
        { username: account.phone, password: currentPassword, totp },
        account.id,
      );
      if (!verified?.step) {
        await recordFailedAttempt(app.db, 'login', account.phone, request.ip);
        // Not 401: that would end the session in the app; the form says which field is wrong.
        throw new AppError(400, 'LOGIN_FAILED', {
          issues: [{ path: 'body.currentPassword', key: 'errors.LOGIN_FAILED' }],
        });
      }
      assertUncommonPassword(password, 'body.password');
      const passwordHash = await hashPassword(password);
      await changePassword(app.db, account.id, passwordHash, caller.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Delete the account with its clubs, menus and files (asks password and code again)',
        security: [{ bearerAuth: [] }],
        body: DeleteAccountRequestSchema,
        response: { 204: NoContent, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const account = await findAccountById(app.db, caller.accountId);
      if (!account) throw new AppError(401, 'UNAUTHORIZED');
      await refuseWhenLimited(app, request, 'login', account.phone);
      const verified = await verifyCredentials(app, { username: account.phone, ...request.body }, account.id);
      if (!verified?.step) {
        await recordFailedAttempt(app.db, 'login', account.phone, request.ip);
        throw loginFailed();
      }
      await deleteAccount(app, account.id, request.log);
      return reply.status(204).send(null);
    },
  );
};
