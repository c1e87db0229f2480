import { LoginResponseSchema, OutcomeResponseSchema } from '@carta/contract/accounts';
import {
  AuthenticatorResetLinkRequestSchema,
  AuthenticatorResetLinkResponseSchema,
  AuthenticatorResetRequestSchema,
  EnrolmentFinishRequestSchema,
  EnrolmentStartRequestSchema,
  EnrolmentStartResponseSchema,
  SUPPORT_HOURS,
  TotpConfirmRequestSchema,
} from '@carta/contract/authenticator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { isConfirmed } from './account-store.ts';
import { verifyCredentials } from './accounts.ts';
import { clearFailedLogins, recordFailedAttempt, refuseWhenLimited } from './attempts.ts';
import {
  confirmResetLink,
  confirmSignUp,
  finishEnrolment,
  openEnrolment,
  requestAuthenticatorReset,
  startEnrolment,
} from './authenticator.ts';
import { tookCode, type VerifiedCredentials, verifyOrCount } from './credential-check.ts';

const loginFailed = () => new AppError(401, 'LOGIN_FAILED');
/** Enrolling is for an account whose authenticator support has reset, and only for it. */
const hasNoAuthenticator = (verified: VerifiedCredentials) => !verified.account.totpSecret;
const wrongCode = () =>
  new AppError(400, 'TOTP_INVALID', { issues: [{ path: 'body.totp', key: 'errors.TOTP_INVALID' }] });

/** /users/totp/... and /users/authenticator/...: the authenticator beyond the login (decisions 0051 and 0072). */
export const authenticatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/totp/confirm',
    {
      schema: {
        tags: ['users'],
        summary:
          "Check one current code against the new account's authenticator (sign-up's last step); the first right one confirms the sign-up",
        description:
          'Works before the email is confirmed. The first right code confirms the sign-up (0066): only then can the account log in (once its email is confirmed), and only then do the account activation email and the operations email asking to activate its club leave. A wrong password or a wrong code answer the same TOTP_INVALID and count like failed logins; the code is then used up.',
        body: TotpConfirmRequestSchema,
        response: { 200: OutcomeResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { username } = request.body;
      const verified = await verifyOrCount(app, request, request.body, {
        accepts: tookCode,
        refusal: wrongCode,
      });
      const confirmed = await confirmSignUp(app, verified.account.id, verified.step);
      // The code was right but used before: counted like a wrong one.
      if (!confirmed) {
        await recordFailedAttempt(app.db, 'login', username, request.ip);
        throw wrongCode();
      }
      await clearFailedLogins(app.db, username, request.ip);
      for (const email of confirmed.emails) await app.mailer.send(email);
      return { outcome: 'confirmed' };
    },
  );

  app.post(
    '/users/authenticator/reset',
    {
      schema: {
        tags: ['users'],
        summary: "Ask support to reset a lost authenticator; a link goes to the account's email",
        description:
          'Answers `sent` whether or not phone and password match an account, so nobody learns either; limited like password recovery.',
        body: AuthenticatorResetRequestSchema,
        response: { 200: OutcomeResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { username, message } = request.body;
      await refuseWhenLimited(app, request, 'recovery', username);
      // Every request counts, like a recovery email: the limit also stops mailing an owner again and again.
      await recordFailedAttempt(app.db, 'recovery', username, request.ip);
      const verified = await verifyCredentials(app, request.body);
      // An account whose authenticator is already reset just logs in and enrols a new one; a sign-up never
      // confirmed has nothing to reset (0066).
      if (verified?.account.totpSecret && isConfirmed(verified.account))
        await requestAuthenticatorReset(app, verified.account, message);
      return { outcome: 'sent' };
    },
  );

  app.post(
    '/users/authenticator/reset/confirm',
    {
      schema: {
        tags: ['users'],
        summary: "Confirm a reset request with the email link's token; support then decides",
        body: AuthenticatorResetLinkRequestSchema,
        response: { 200: AuthenticatorResetLinkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      if (!(await confirmResetLink(app, request.body.token))) throw new AppError(400, 'RESET_LINK_INVALID');
      return { outcome: 'awaiting_support' as const, supportHours: SUPPORT_HOURS };
    },
  );

  app.post(
    '/users/totp/enrolment',
    {
      schema: {
        tags: ['users'],
        summary: 'A new authenticator secret for an account whose authenticator support has reset',
        description:
          'Nothing is saved: the answer carries the secret sealed, to send back with its first code.',
        body: EnrolmentStartRequestSchema,
        response: { 200: EnrolmentStartResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { account } = await verifyOrCount(app, request, request.body, {
        accepts: hasNoAuthenticator,
        refusal: loginFailed,
      });
      if (!account.emailConfirmedAt) throw new AppError(403, 'ACCOUNT_NOT_ACTIVATED');
      return startEnrolment(app, account);
    },
  );

  app.post(
    '/users/totp/enrolment/confirm',
    {
      schema: {
        tags: ['users'],
        summary: 'Save the new authenticator once its first code is right, and log in',
        body: EnrolmentFinishRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const { username, enrolmentToken, totp } = request.body;
      const { account } = await verifyOrCount(
        app,
        request,
        { username, password: request.body.password },
        { accepts: hasNoAuthenticator, refusal: loginFailed },
      );
      if (!account.emailConfirmedAt) throw new AppError(403, 'ACCOUNT_NOT_ACTIVATED');
      const secret = openEnrolment(app, account.id, enrolmentToken);
      // A sealed secret that is not this account's, or too old: scan a new one.
      if (!secret) throw new AppError(400, 'AUTHENTICATOR_ENROLMENT_EXPIRED');
      const token = await finishEnrolment(app, account.id, secret, totp);
      if (!token) {
        await recordFailedAttempt(app.db, 'login', username, request.ip);
        throw wrongCode();
      }
      await clearFailedLogins(app.db, username, request.ip);
      return { token, admin: account.isAdmin };
    },
  );
};
