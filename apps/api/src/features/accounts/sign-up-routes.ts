import {
  CreateUserRequestSchema,
  CreateUserResponseSchema,
  OutcomeResponseSchema,
  PhoneCheckRequestSchema,
  PhoneCheckResponseSchema,
  ResendActivationRequestSchema,
  TokenQuerySchema,
} from '@carta/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { holdInvitationForSignUp } from '../members/invitations.ts';
import { findConfirmedAccountsByPhone, isConfirmed } from './account-store.ts';
import { activateAccount, assertUncommonPassword, createAccount, sendActivationLink } from './accounts.ts';
import { verifyOrCount } from './credential-check.ts';

/** /users and /users/activate...: signing up, and confirming the account's email. */
export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      preHandler: app.limitSignUps,
      schema: {
        tags: ['users'],
        summary: 'Create an account (no club); answers the authenticator enrolment',
        description:
          "Emails nobody yet: the account works, and its activation email leaves, once POST /users/totp/confirm has checked its first code (0066). A phone held only by a sign-up never confirmed is taken over; one of a confirmed account answers 409 PHONE_TAKEN. With `invitationToken` (an invitation link's) the account joins the inviting club once that code is confirmed, and its email counts as confirmed when the invitation was sent to it; an unknown token answers 404, one no longer waiting 410 (INVITATION_USED, INVITATION_WITHDRAWN, INVITATION_EXPIRED), and nothing is made.",
        body: CreateUserRequestSchema,
        response: { 201: CreateUserResponseSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      assertUncommonPassword(request.body.password, 'body.password');
      const { invitationToken, ...fields } = request.body;
      const created = await app.db.transaction(async (tx) => {
        const account = await createAccount(app, tx, fields);
        // An invitee's sign-up: the invitation waits for the first code, then the account joins the club.
        if (invitationToken) await holdInvitationForSignUp(tx, invitationToken, account.accountId);
        return account;
      });
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
      const { account } = await verifyOrCount(app, request, request.body, {
        refusal: () => new AppError(401, 'LOGIN_FAILED'),
      });
      if (!isConfirmed(account)) throw new AppError(403, 'SIGN_UP_NOT_FINISHED');
      if (!account.emailConfirmedAt) await sendActivationLink(app, account);
      return { outcome: 'sent' };
    },
  );
};
