import { LoginRequestSchema, LoginResponseSchema } from '@carta/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { isConfirmed } from './account-store.ts';
import { startSession, verifyCredentials } from './accounts.ts';
import { clearFailedLogins, recordFailedAttempt, refuseWhenLimited } from './attempts.ts';
import { revokeSession } from './sessions.ts';

const NoContent = z.null().describe('No content');

/** /login and /logout: a session's start and end. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['users'],
        summary: 'Log in with phone, password and authenticator code',
        description:
          'An account whose authenticator support has reset (0072) answers 403 AUTHENTICATOR_ENROLMENT_REQUIRED to the right password, with or without a code: /users/totp/enrolment follows. A sign-up whose first code was never confirmed (0066) answers 403 SIGN_UP_NOT_FINISHED to the right password, with or without a code, and never logs in: signing up again with its phone replaces it.',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { username } = request.body;
      // Not verifyOrCount: the right password of an account that cannot log in yet says why, uncounted.
      await refuseWhenLimited(app, request, 'login', username);
      const verified = await verifyCredentials(app, request.body);
      // The right password of a sign-up never finished: only its owner learns that, and signs up again.
      if (verified && !isConfirmed(verified.account)) throw new AppError(403, 'SIGN_UP_NOT_FINISHED');
      // Support reset the authenticator (0072): the right password leads to enrolling a new one.
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
        throw new AppError(401, 'LOGIN_FAILED');
      }
      const { account } = verified;
      if (!account.emailConfirmedAt) throw new AppError(403, 'ACCOUNT_NOT_ACTIVATED');
      const token = await startSession(app.db, account.id, step);
      if (!token) {
        await recordFailedAttempt(app.db, 'login', username, request.ip);
        throw new AppError(401, 'LOGIN_FAILED');
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
};
