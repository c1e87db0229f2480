import { ClubParamsSchema } from '@carta/contract/clubs';
import {
  InvitationInputSchema,
  InvitationParamsSchema,
  InvitationSchema,
  MemberParamsSchema,
  MemberRoleInputSchema,
  MemberSchema,
  MembersResponseSchema,
  OwnershipInputSchema,
  OwnershipResponseSchema,
} from '@carta/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, NoContent, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { callerRoleOf, clubIdOf } from '../../plugins/club-scope.ts';
import {
  changeMemberRole,
  handOverClub,
  inviteMember,
  readMembers,
  removeMember,
  withdrawInvitation,
} from './members.ts';

const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);
/** People change nothing guests read: the kept guest pages stay. */
const ownerOnly = { minRole: 'owner', keepsGuestPages: true } as const;

/** /clubs/{clubId}/members, /invitations and /ownership: the club's people (docs/product.md, Staff and roles). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/members',
    {
      config: ownerOnly,
      schema: {
        tags: ['members'],
        summary: 'The club’s owner and members, and the invitations still waiting for an answer',
        security,
        params: ClubParamsSchema,
        response: { 200: MembersResponseSchema, ...errors },
      },
    },
    async (request) => readMembers(app.db, clubIdOf(request)),
  );

  app.post(
    '/invitations',
    {
      config: ownerOnly,
      schema: {
        tags: ['members'],
        summary:
          'Invite someone by email, phone or both with a role; the email carries the link (7 days), a phone-only invitation waits in the app of the account with that phone',
        description:
          'A contact already invited is invited again: the earlier invitation stops. 409 ALREADY_MEMBER (on the field) for one of the club’s people, 409 TOO_MANY_INVITATIONS past PENDING_INVITATIONS_MAX waiting, 429 past INVITATIONS_PER_HOUR.',
        security,
        params: ClubParamsSchema,
        body: InvitationInputSchema,
        response: { 201: InvitationSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteMember(app, callerOf(request), clubIdOf(request), request.body)),
  );

  app.delete(
    '/invitations/:invitationId',
    {
      config: ownerOnly,
      schema: {
        tags: ['members'],
        summary: 'Withdraw an invitation still waiting: its link stops working',
        security,
        params: InvitationParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, invitationId } = request.params;
      await withdrawInvitation(app, callerOf(request).accountId, clubId, invitationId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/members/:accountId',
    {
      config: ownerOnly,
      schema: {
        tags: ['members'],
        summary:
          'Change a member’s role (manager or staff); the owner’s changes only by handing the club over',
        security,
        params: MemberParamsSchema,
        body: MemberRoleInputSchema,
        response: { 200: MemberSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { clubId, accountId } = request.params;
      return changeMemberRole(app, callerOf(request).accountId, clubId, accountId, request.body.role);
    },
  );

  app.delete(
    '/members/:accountId',
    {
      // Anyone may leave: a member names themself; only the owner removes others (0083).
      config: { minRole: 'staff', keepsGuestPages: true },
      schema: {
        tags: ['members'],
        summary:
          'Remove a member (the owner), or leave the club (a member naming themself); their access ends at once',
        description:
          'Their next request to the club answers 404 and their live waiter-call stream ends. The owner cannot leave: 409 OWNER_CANNOT_CHANGE (hand the club over first).',
        security,
        params: MemberParamsSchema,
        response: { 204: NoContent, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { clubId, accountId } = request.params;
      const actor = { accountId: callerOf(request).accountId, role: callerRoleOf(request) };
      await removeMember(app, actor, clubId, accountId);
      // Every open stream of the club reads again, and the removed member's finds no role and ends.
      await app.waiterCallSignals.changed(clubId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/ownership',
    {
      config: ownerOnly,
      schema: {
        tags: ['members'],
        summary: 'Hand the club over to a member, who becomes its owner; the owner becomes a manager',
        description:
          'Asks for the owner’s password again: a wrong one answers 400 LOGIN_FAILED on `password` and counts like a failed login. One transaction: nothing changes on any refusal.',
        security,
        params: ClubParamsSchema,
        body: OwnershipInputSchema,
        response: { 200: OwnershipResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => handOverClub(app, request, clubIdOf(request), request.body),
  );
};
