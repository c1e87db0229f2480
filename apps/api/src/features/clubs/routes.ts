import { TokenQuerySchema } from '@carta/contract/accounts';
import {
  ClubActivationLinkSchema,
  ClubActivationRequestSchema,
  ClubActivationResponseSchema,
} from '@carta/contract/club-activation';
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
import { assertUncommonPassword } from '../accounts/accounts.ts';
import { listCallerClubs, listEnabledBrands } from './club-store.ts';
import {
  activateClubWithLink,
  CLUB_ACTIVATION_PAGE,
  checkClubForm,
  readActivationLink,
  saveNewClub,
} from './create-club.ts';
import { clubPlan, clubState } from './plan.ts';
import { recordVatCheck } from './vat-check.ts';

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
        description:
          'With a token, operations are emailed to activate the club. A sign-up answers the authenticator enrolment and emails nobody yet: the account works, and the activation emails leave, once POST /users/totp/confirm has checked its first code (0066). A phone held only by a sign-up never confirmed is taken over (that account and its club are deleted); one of a confirmed account answers 409 PHONE_TAKEN.',
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
      const { account } = request.body;
      const caller = request.caller;
      if (!caller && !account) throw new AppError(401, 'UNAUTHORIZED');
      if (caller && account) {
        throw new AppError(400, 'VALIDATION_ERROR', {
          issues: [{ path: 'body.account', key: 'validation.unknownField' }],
        });
      }
      if (account) assertUncommonPassword(account.password, 'body.account.password');
      const club = await checkClubForm(app, request.body.club, 'body.club');

      const created = await saveNewClub(app, club, account ? { account } : { ownerId: caller?.accountId });
      await recordVatCheck(app.db, app.vatChecker, created.clubId, new Date());

      // Emails leave only once everything is saved; a sign-up's wait for its first code (0066).
      if (created.email) await app.mailer.send(created.email);
      return reply.status(201).send({
        clubId: created.clubId,
        ...(created.enrolment ? { enrolment: created.enrolment } : {}),
      });
    },
  );

  // The operations email's link opens the owner app's page (CLUB_ACTIVATION_PAGE), which reads the
  // link (GET) and activates on a click (POST): following the link alone changes nothing, so a mail
  // scanner that prefetches it cannot activate a club nobody checked (0053).
  app.get(
    '/clubs/activate',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "The club the operations email's activation link names and whether it is active; changes nothing. A browser is sent to the activation page",
        querystring: TokenQuerySchema,
        response: { 200: ClubActivationLinkSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // Links sent before the page existed pointed here: a browser following one lands on the page.
      if (request.headers.accept?.includes('text/html'))
        return reply.redirect(
          `${CLUB_ACTIVATION_PAGE}?token=${encodeURIComponent(request.query.token)}`,
          303,
        );
      const club = await readActivationLink(app.db, request.query.token);
      if (!club) throw new AppError(400, 'CLUB_ACTIVATION_LINK_INVALID');
      return club;
    },
  );

  app.post(
    '/clubs/activate',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "Activate a club with the operations email's link and email its owner; a link used before answers alreadyActive",
        body: ClubActivationRequestSchema,
        response: { 200: ClubActivationResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const result = await activateClubWithLink(app, request.body.token);
      if (!result) throw new AppError(400, 'CLUB_ACTIVATION_LINK_INVALID');
      if (result.email) {
        // Activated through a link: guests' cached pages of the club say "coming soon" no more.
        await app.guestCache.changed(null);
        await app.mailer.send(result.email);
      }
      return { outcome: result.outcome, ...result.club };
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
        summary: "The clubs the caller owns or belongs to, each with the caller's role",
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(OwnedClubSummarySchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await listCallerClubs(app.db, caller.accountId);
      const now = new Date();
      return rows.map(({ subscription, status, enabled, ...row }) => {
        // Smart by a subscription of its own (an early adopter has none), as the rules say.
        const plan = clubPlan({ subscription }, now);
        return {
          ...row,
          state: clubState({ status, enabled }),
          subscriptionEnabled: plan.isSmart && plan.kind !== 'earlyAdopter',
          subscriptionExpiration: subscription
            ? subscription.currentPeriodEnd.toISOString().slice(0, 10)
            : null,
        };
      });
    },
  );
};
