import {
  ChangePasswordRequestSchema,
  CurrentUserSchema,
  DeleteAccountRequestSchema,
  UserLanguageRequestSchema,
} from '@carta/contract/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { findAccountById, setLanguage } from './account-store.ts';
import { assertUncommonPassword, changePassword, deleteAccount } from './accounts.ts';
import { tookCode, verifyOrCount } from './credential-check.ts';
import { hashPassword } from './passwords.ts';

const NoContent = z.null().describe('No content');

/** The logged-in caller's account; 401 when it is gone. */
const callerAccount = async (app: FastifyInstance, request: FastifyRequest) => {
  const account = await findAccountById(app.db, callerOf(request).accountId);
  if (!account) throw new AppError(401, 'UNAUTHORIZED');
  return account;
};

/** /users/language and /users/me...: the logged-in owner's own account. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const account = await callerAccount(app, request);
      return {
        id: account.id,
        name: account.name,
        lastName: account.lastName,
        email: account.email,
        phone: account.phone,
        language: account.language,
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
      const account = await callerAccount(app, request);
      const { currentPassword, password, totp } = request.body;
      await verifyOrCount(
        app,
        request,
        { username: account.phone, password: currentPassword, totp },
        {
          onlyAccountId: account.id,
          accepts: tookCode,
          // Not 401: that would end the session in the app; the form says which field is wrong.
          refusal: () =>
            new AppError(400, 'LOGIN_FAILED', {
              issues: [{ path: 'body.currentPassword', key: 'errors.LOGIN_FAILED' }],
            }),
        },
      );
      assertUncommonPassword(password, 'body.password');
      const passwordHash = await hashPassword(password);
      await changePassword(app.db, account.id, passwordHash, callerOf(request).sessionId);
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
      const account = await callerAccount(app, request);
      await verifyOrCount(
        app,
        request,
        { username: account.phone, ...request.body },
        { onlyAccountId: account.id, accepts: tookCode, refusal: () => new AppError(401, 'LOGIN_FAILED') },
      );
      await deleteAccount(app, account.id, request.log);
      return reply.status(204).send(null);
    },
  );
};
