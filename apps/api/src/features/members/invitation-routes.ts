import {
  AcceptedInvitationSchema,
  InvitationPreviewSchema,
  InvitationTokenInputSchema,
  MyInvitationParamsSchema,
  MyInvitationsResponseSchema,
} from '@carta/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { errorResponses, NoContent, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { previewInvitation } from './invitation-store.ts';
import { acceptInvitation, declineInvitation, myInvitations } from './invitations.ts';

/** 410: accepted, withdrawn or expired (INVITATION_USED, INVITATION_WITHDRAWN, INVITATION_EXPIRED). */
const answerErrors = errorResponses(400, 401, 404, 409, 410);

/** /invitations...: the invitee's side of an invitation (docs/product.md, Staff and roles). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invitations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary:
          "Invitations waiting for the caller: sent to the account's email or phone, of clubs it is not part of",
        security,
        response: { 200: MyInvitationsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => myInvitations(app.db, callerOf(request).accountId),
  );

  app.post(
    '/invitations/preview',
    {
      // The link's first page, like the sign-up's phone check: counted with it per address.
      preHandler: app.limitPhoneChecks,
      schema: {
        tags: ['invitations'],
        summary:
          "Public: what an invitation link names (the club's name, the role, where it stands) before anyone logs in",
        description:
          'The token travels in the body, never in an address that logs keep. 404 for an unknown token; limited per network address with the sign-up phone checks.',
        body: InvitationTokenInputSchema,
        response: { 200: InvitationPreviewSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const preview = await previewInvitation(app.db, request.body.token, new Date());
      if (!preview) throw notFound();
      return preview;
    },
  );

  app.post(
    '/invitations/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: "Accept the invitation a link's token names: the caller joins the club with its role",
        security,
        body: InvitationTokenInputSchema,
        response: { 200: AcceptedInvitationSchema, ...answerErrors },
      },
    },
    async (request) => acceptInvitation(app, callerOf(request).accountId, { token: request.body.token }),
  );

  app.post(
    '/invitations/:invitationId/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: "Accept an invitation addressed to the caller's email or phone (GET /invitations)",
        security,
        params: MyInvitationParamsSchema,
        response: { 200: AcceptedInvitationSchema, ...answerErrors },
      },
    },
    async (request) =>
      acceptInvitation(app, callerOf(request).accountId, { invitationId: request.params.invitationId }),
  );

  app.post(
    '/invitations/:invitationId/decline',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: 'Decline an invitation addressed to the caller: it stops, as if withdrawn',
        security,
        params: MyInvitationParamsSchema,
        response: { 204: NoContent, ...answerErrors },
      },
    },
    async (request, reply) => {
      await declineInvitation(app, callerOf(request).accountId, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );
};
