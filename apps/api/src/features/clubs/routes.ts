import { OutcomeResponseSchema, TokenQuerySchema } from '@carta/contract/accounts';
import {
  BrandSchema,
  CreateClubRequestSchema,
  CreateClubResponseSchema,
  OwnedClubSummarySchema,
} from '@carta/contract/clubs';
import { ErrorResponseSchema } from '@carta/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { assertUncommonPassword, sendActivationEmail } from '../accounts/accounts.ts';
import { listEnabledBrands, listOwnedClubs } from './club-store.ts';
import {
  activateClubWithLink,
  checkClubForm,
  saveNewClub,
  sendClubActivationRequest,
} from './create-club.ts';
import { clubPlan, clubState } from './plan.ts';

export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clubs',
    {
      // A token is optional here: without one, the body carries the new account (sign-up).
      onRequest: async (request) => {
        if (request.headers.authorization) await app.authenticate(request);
      },
      preHandler: app.limitSignUps,
      schema: {
        tags: ['clubs'],
        summary: 'Create a club; without a token, also the account under `account` (sign-up)',
        security: [{}, { bearerAuth: [] }],
        body: CreateClubRequestSchema,
        response: {
          201: CreateClubResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { club, account } = request.body;
      const caller = request.caller;
      if (!caller && !account) throw new AppError(401, 'UNAUTHORIZED');
      if (caller && account) {
        throw new AppError(400, 'VALIDATION_ERROR', {
          issues: [{ path: 'body.account', key: 'validation.unknownField' }],
        });
      }
      if (account) assertUncommonPassword(account.password, 'body.account.password');
      await checkClubForm(app, club, 'body.club');

      const created = await saveNewClub(app, club, account ? { account } : { ownerId: caller?.accountId });

      // Emails leave only once everything is saved.
      await sendClubActivationRequest(app, club, created.owner, created.activationToken);
      if (created.newAccount && account)
        await sendActivationEmail(app, account, created.newAccount.activationToken);
      return reply.status(201).send({
        clubId: created.clubId,
        ...(created.newAccount ? { enrolment: created.newAccount.enrolment } : {}),
      });
    },
  );

  app.get(
    '/clubs/activate',
    {
      schema: {
        tags: ['clubs'],
        summary: "Activate a club with the operations email's link; emails the owner",
        querystring: TokenQuerySchema,
        response: { 200: OutcomeResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const email = await activateClubWithLink(app, request.query.token);
      if (email === undefined) throw new AppError(400, 'RESET_LINK_INVALID');
      // Activated through a link (a GET): guests' cached pages of the club say "coming soon" no more.
      await app.guestCache.changed(null);
      if (email) await app.mailer.send(email);
      return { outcome: 'activated' };
    },
  );

  app.get(
    '/brands',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Brands a club can work with',
        response: { 200: z.array(BrandSchema) },
      },
    },
    async () => listEnabledBrands(app.db),
  );

  app.get(
    '/clubs',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['clubs'],
        summary: "The caller's clubs",
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(OwnedClubSummarySchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await listOwnedClubs(app.db, caller.accountId);
      const now = new Date();
      return rows.map(({ subscription, status, enabled, ...row }) => {
        // Smart by its own subscription (an early adopter's is not one), as the rules say (0049).
        const { isSmart } = clubPlan({ freeForever: false, subscription }, now);
        return {
          ...row,
          state: clubState({ status, enabled }),
          subscriptionEnabled: isSmart,
          subscriptionExpiration: subscription
            ? subscription.currentPeriodEnd.toISOString().slice(0, 10)
            : null,
        };
      });
    },
  );
};
