import {
  OutcomeResponseSchema,
  PasswordRecoveryRequestSchema,
  PasswordResetRequestSchema,
} from '@carta/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { assertUncommonPassword, resetPassword, sendPasswordResetLinks } from './accounts.ts';
import { recordFailedAttempt, refuseWhenLimited } from './attempts.ts';
import { hashPassword } from './passwords.ts';

/** /users/password/...: a forgotten password, reset through an emailed link. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (!(await sendPasswordResetLinks(app, phone))) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
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
};
