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
  ResendActivationRequestSchema,
  TokenQuerySchema,
  UserLanguageRequestSchema,
} from '@carta/contract/accounts';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accounts, addresses, clubs, oneTimeTokens, sessions, storedFiles } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { filesOfImage } from '../images/images.ts';
import { passwordResetEmail } from '../mail/templates.ts';
import { assertUncommonPassword, createAccount, sendActivationEmail } from './accounts.ts';
import { clearFailedAttempts, recordFailedAttempt, secondsUntilAllowed } from './attempts.ts';
import { consumeToken, issueToken } from './one-time-tokens.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, revokeAllSessions, revokeSession } from './sessions.ts';
import { matchTotpStep } from './totp.ts';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema]));
const NoContent = z.null().describe('No content');

const loginFailed = () => new AppError(401, 'LOGIN_FAILED');

const refuseWhenLimited = async (
  app: FastifyInstance,
  request: FastifyRequest,
  kind: 'login' | 'recovery',
  phone: string,
) => {
  const wait = await secondsUntilAllowed(app.db, kind, phone, request.ip);
  if (wait !== null) throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': String(wait) } });
};

/**
 * Checks phone, password and code together and answers the account; a wrong one of the three answers
 * the same 401 and the same time, so nobody learns which was wrong.
 */
const verifyCredentials = async (
  app: FastifyInstance,
  credentials: { username: string; password: string; totp?: string },
) => {
  const [account] = await app.db.select().from(accounts).where(eq(accounts.phone, credentials.username));
  const isPasswordRight = await verifyPassword(
    account?.passwordHash ?? (await decoyPasswordHash()),
    credentials.password,
  );
  if (!account || !isPasswordRight) return null;
  if (credentials.totp === undefined) return { account, step: null };
  if (!account.totpSecret) return null;
  const step = matchTotpStep(app.secretBox.open(account.totpSecret), credentials.totp);
  if (step === null) return null;
  return { account, step };
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Create an account; answers the authenticator enrolment',
        body: CreateUserRequestSchema,
        response: { 201: CreateUserResponseSchema, ...errors(400, 409) },
      },
    },
    async (request, reply) => {
      assertUncommonPassword(request.body.password, 'body.password');
      const created = await app.db.transaction((tx) => createAccount(app, tx, request.body));
      await sendActivationEmail(app, request.body, created.activationToken);
      return reply.status(201).send({ enrolment: created.enrolment });
    },
  );

  app.get(
    '/users/activate',
    {
      schema: {
        tags: ['users'],
        summary: "Confirm an account's email with the link's token",
        querystring: TokenQuerySchema,
        response: { 200: OutcomeResponseSchema, ...errors(400) },
      },
    },
    async (request) => {
      const activated = await app.db.transaction(async (tx) => {
        const target = await consumeToken(tx, 'account_activation', request.query.token);
        if (!target?.accountId) return false;
        await tx
          .update(accounts)
          .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(accounts.id, target.accountId), isNull(accounts.emailConfirmedAt)));
        return true;
      });
      if (!activated) throw new AppError(400, 'RESET_LINK_INVALID');
      return { outcome: 'activated' };
    },
  );

  app.post(
    '/users/activate/resend',
    {
      schema: {
        tags: ['users'],
        summary: 'Send the activation email again (needs phone and password)',
        body: ResendActivationRequestSchema,
        response: { 200: OutcomeResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      await refuseWhenLimited(app, request, 'login', request.body.username);
      const verified = await verifyCredentials(app, request.body);
      if (!verified) {
        await recordFailedAttempt(app.db, 'login', request.body.username, request.ip);
        throw loginFailed();
      }
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
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { username } = request.body;
      await refuseWhenLimited(app, request, 'login', username);
      const verified = await verifyCredentials(app, request.body);
      const step = verified?.step;
      if (!verified || step === null || step === undefined) {
        await recordFailedAttempt(app.db, 'login', username, request.ip);
        throw loginFailed();
      }
      const { account } = verified;
      if (!account.emailConfirmedAt) throw new AppError(403, 'ACCOUNT_NOT_ACTIVATED');
      const token = await app.db.transaction(async (tx) => {
        // Recording the step is the replay check: a code already used (or an older one) changes no row.
        const [used] = await tx
          .update(accounts)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(accounts.id, account.id),
              or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step)),
            ),
          )
          .returning({ id: accounts.id });
        if (!used) return null;
        return createSession(tx, account.id);
      });
      if (!token) {
        await recordFailedAttempt(app.db, 'login', username, request.ip);
        throw loginFailed();
      }
      await clearFailedAttempts(app.db, 'login', username);
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
        response: { 204: NoContent, ...errors(401) },
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
        body: PasswordRecoveryRequestSchema,
        response: { 200: OutcomeResponseSchema, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      const { phone } = request.body;
      await refuseWhenLimited(app, request, 'recovery', phone);
      // Every request counts, found or not: the limit also stops someone mailing an owner again and again.
      await recordFailedAttempt(app.db, 'recovery', phone, request.ip);
      const [account] = await app.db.select().from(accounts).where(eq(accounts.phone, phone));
      if (!account) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
      const token = await issueToken(app.db, 'password_reset', { accountId: account.id });
      await app.mailer.send(
        passwordResetEmail(
          account.language === 'en' ? 'en' : 'it',
          account.email,
          account.name,
          `${app.config.publicUrl}/password/reset?token=${encodeURIComponent(token)}`,
        ),
      );
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
        response: { 200: OutcomeResponseSchema, ...errors(400) },
      },
    },
    async (request) => {
      assertUncommonPassword(request.body.password, 'body.password');
      const passwordHash = await hashPassword(request.body.password);
      const isReset = await app.db.transaction(async (tx) => {
        const target = await consumeToken(tx, 'password_reset', request.body.token);
        if (!target?.accountId) return false;
        await tx
          .update(accounts)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(accounts.id, target.accountId));
        await revokeAllSessions(tx, target.accountId);
        // Other reset links sent before this one stop working too.
        await tx
          .update(oneTimeTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(oneTimeTokens.accountId, target.accountId),
              eq(oneTimeTokens.purpose, 'password_reset'),
              isNull(oneTimeTokens.usedAt),
            ),
          );
        return true;
      });
      if (!isReset) throw new AppError(400, 'RESET_LINK_INVALID');
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
        response: { 204: NoContent, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      await app.db
        .update(accounts)
        .set({ language: request.body.language, updatedAt: new Date() })
        .where(eq(accounts.id, callerOf(request).accountId));
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
        response: { 200: CurrentUserSchema, ...errors(401) },
      },
    },
    async (request) => {
      const [account] = await app.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, callerOf(request).accountId));
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
        response: { 204: NoContent, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const [account] = await app.db.select().from(accounts).where(eq(accounts.id, caller.accountId));
      if (!account) throw new AppError(401, 'UNAUTHORIZED');
      await refuseWhenLimited(app, request, 'login', account.phone);
      const { currentPassword, password, totp } = request.body;
      const verified = await verifyCredentials(app, {
        username: account.phone,
        password: currentPassword,
        totp,
      });
      if (!verified?.step) {
        await recordFailedAttempt(app.db, 'login', account.phone, request.ip);
        // Not 401: that would end the session in the app; the form says which field is wrong.
        throw new AppError(400, 'LOGIN_FAILED', {
          issues: [{ path: 'body.currentPassword', key: 'errors.LOGIN_FAILED' }],
        });
      }
      assertUncommonPassword(password, 'body.password');
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(accounts.id, account.id));
        // Everyone else logged in as this account is logged out; this session stays.
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.accountId, account.id),
              isNull(sessions.revokedAt),
              ne(sessions.id, caller.sessionId),
            ),
          );
      });
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
        response: { 204: NoContent, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const [account] = await app.db.select().from(accounts).where(eq(accounts.id, caller.accountId));
      if (!account) throw new AppError(401, 'UNAUTHORIZED');
      await refuseWhenLimited(app, request, 'login', account.phone);
      const verified = await verifyCredentials(app, { username: account.phone, ...request.body });
      if (!verified?.step) {
        await recordFailedAttempt(app.db, 'login', account.phone, request.ip);
        throw loginFailed();
      }
      const images = await app.db.transaction(async (tx) => {
        const owned = await tx
          .select({ id: clubs.id, addressId: clubs.addressId, billingAddressId: clubs.billingAddressId })
          .from(clubs)
          .where(eq(clubs.ownerId, account.id));
        const clubIds = owned.map((club) => club.id);
        const images =
          clubIds.length > 0
            ? await tx
                .select({
                  key: storedFiles.key,
                  contentType: storedFiles.contentType,
                  variants: storedFiles.variants,
                })
                .from(storedFiles)
                .where(inArray(storedFiles.clubId, clubIds))
            : [];
        // Clubs, menus, tables, sessions and tokens go with the account (ON DELETE CASCADE); addresses
        // are referenced by clubs, not owned through a cascade, so they go after.
        await tx.delete(accounts).where(eq(accounts.id, account.id));
        const addressIds = owned.flatMap((club) => [
          club.addressId,
          ...(club.billingAddressId ? [club.billingAddressId] : []),
        ]);
        if (addressIds.length > 0) await tx.delete(addresses).where(inArray(addresses.id, addressIds));
        return images;
      });
      // Files go once the rows are gone, unless another club uses the same image (same content hash).
      for (const image of images) {
        const [stillUsed] = await app.db
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(eq(storedFiles.key, image.key))
          .limit(1);
        if (stillUsed) continue;
        for (const file of filesOfImage(image.key, image.contentType, image.variants)) {
          await app.storage
            .delete(file)
            .catch((error: unknown) => request.log.warn({ err: error, file }, 'file not deleted'));
        }
      }
      return reply.status(204).send(null);
    },
  );
};
