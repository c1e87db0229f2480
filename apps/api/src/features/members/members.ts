import {
  type ClubRole,
  INVITATION_LIFETIME_DAYS,
  INVITATIONS_PER_HOUR,
  type InvitationInputSchema,
  type MemberRole,
  type MembersResponse,
  type OwnershipInputSchema,
  PENDING_INVITATIONS_MAX,
} from '@carta/contract/members';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound, unauthorized } from '../../lib/app-error.ts';
import { auditedChange } from '../../lib/audit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type Caller, callerOf } from '../../plugins/auth.ts';
import { roleNotAllowed } from '../../plugins/club-scope.ts';
import { verifyOrCount } from '../accounts/credential-check.ts';
import { invitationEmail } from '../mail/invitation-email.ts';
import {
  asInvitation,
  countPendingInvitations,
  insertInvitation,
  invitationsMadeSince,
  lockInvitation,
  markWithdrawn,
  pendingInvitations,
  withdrawPendingTo,
} from './invitation-store.ts';
import {
  accountContact,
  contactAlreadyInClub,
  deleteMember,
  findMember,
  insertMember,
  listMembers,
  lockClub,
  setClubOwner,
  updateMemberRole,
} from './member-store.ts';

// The owner's side of a club's people (docs/product.md, Staff and roles): invitations, roles, removals
// and handing the club over. Each change and its audit line commit together (lib/audit.ts); an email
// leaves only once they have.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type InvitationInput = z.output<typeof InvitationInputSchema>;

/** GET /clubs/{clubId}/members: the owner, the members, the invitations still waiting. */
export const readMembers = async (db: Executor, clubId: number): Promise<MembersResponse> => ({
  members: await listMembers(db, clubId),
  invitations: (await pendingInvitations(db, clubId, new Date())).map(asInvitation),
});

const fullName = (person: { name: string; lastName: string }) => `${person.name} ${person.lastName}`.trim();

/**
 * Invites someone by email, phone or both. Refused when the contact already names one of the club's
 * people (409 on that field), past INVITATIONS_PER_HOUR (429) or PENDING_INVITATIONS_MAX waiting (409).
 * A new invitation to a contact already invited replaces the earlier one. The email leaves in the
 * inviter's language; a phone-only invitation sends nothing: the account with that phone sees it.
 */
export const inviteMember = (
  app: FastifyInstance,
  caller: Caller,
  clubId: number,
  input: InvitationInput,
) => {
  const token = newToken();
  return auditedChange(app, caller.accountId, async (tx) => {
    const club = await lockClub(tx, clubId);
    if (!club) throw notFound();
    const taken = await contactAlreadyInClub(tx, clubId, input);
    if (taken)
      throw new AppError(409, 'ALREADY_MEMBER', {
        issues: [{ path: `body.${taken}`, key: 'errors.ALREADY_MEMBER' }],
      });
    const now = new Date();
    const recent = await invitationsMadeSince(tx, clubId, new Date(now.getTime() - HOUR_MS));
    if (recent.made >= INVITATIONS_PER_HOUR) {
      const wait = recent.first ? recent.first.getTime() + HOUR_MS - now.getTime() : HOUR_MS;
      throw new AppError(429, 'RATE_LIMITED', {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) },
      });
    }
    const contact = { email: input.email ?? null, phone: input.phone ?? null };
    const replaced = await withdrawPendingTo(tx, clubId, contact, now);
    if ((await countPendingInvitations(tx, clubId, now)) >= PENDING_INVITATIONS_MAX)
      throw new AppError(409, 'TOO_MANY_INVITATIONS');
    const row = await insertInvitation(tx, {
      clubId,
      ...contact,
      role: input.role,
      tokenHash: hashToken(token),
      invitedByAccountId: caller.accountId,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
    });
    const inviter = await accountContact(tx, caller.accountId);
    return {
      result: asInvitation(row),
      audit: {
        action: 'member.invited',
        target: { type: 'club', id: clubId },
        details: {
          invitationId: row.id,
          role: row.role,
          ...contact,
          ...(replaced.length > 0 ? { replaced: replaced.map(({ id }) => id).join(', ') } : {}),
        },
      },
      mail: row.email
        ? invitationEmail(caller.language, row.email, {
            inviter: inviter ? fullName(inviter) : club.name,
            clubName: club.name,
            role: row.role,
            link: `${app.config.publicUrl}/invitations/${token}`,
          })
        : null,
    };
  });
};

/** Withdraws an invitation still waiting; 404 for one of another club or no longer waiting. */
export const withdrawInvitation = (
  app: FastifyInstance,
  actorId: number,
  clubId: number,
  invitationId: number,
) =>
  auditedChange(app, actorId, async (tx) => {
    const now = new Date();
    const found = await lockInvitation(tx, invitationId);
    const invitation = found?.invitation;
    if (!invitation || invitation.clubId !== clubId) throw notFound();
    if (invitation.acceptedAt || invitation.withdrawnAt || invitation.expiresAt <= now) throw notFound();
    await markWithdrawn(tx, invitationId, now);
    return {
      result: null,
      audit: {
        action: 'member.invitation_withdrawn',
        target: { type: 'club', id: clubId },
        details: { invitationId, email: invitation.email, phone: invitation.phone },
      },
    };
  });

/** A member's new role; the owner's changes only by handing the club over (409). */
export const changeMemberRole = (
  app: FastifyInstance,
  actorId: number,
  clubId: number,
  accountId: number,
  role: MemberRole,
) =>
  auditedChange(app, actorId, async (tx) => {
    const club = await lockClub(tx, clubId);
    if (!club) throw notFound();
    if (club.ownerId === accountId) throw new AppError(409, 'OWNER_CANNOT_CHANGE');
    const member = await findMember(tx, clubId, accountId);
    if (!member) throw notFound();
    await updateMemberRole(tx, clubId, accountId, role);
    return {
      result: { ...member, role },
      audit: {
        action: 'member.role_changed',
        target: { type: 'club', id: clubId },
        details: { accountId, from: member.role, to: role },
      },
    };
  });

/**
 * The owner removes a member, or a member leaves (removes themself); the owner can do neither to
 * themself (409). Anyone else's removal by a member is refused (403). Their next request to the club
 * answers 404; the caller signals the club so that their open waiter-call stream ends.
 */
export const removeMember = (
  app: FastifyInstance,
  actor: { accountId: number; role: ClubRole },
  clubId: number,
  accountId: number,
) =>
  auditedChange(app, actor.accountId, async (tx) => {
    const isLeaving = accountId === actor.accountId;
    if (actor.role !== 'owner' && !isLeaving) throw roleNotAllowed();
    const club = await lockClub(tx, clubId);
    if (!club) throw notFound();
    if (club.ownerId === accountId) throw new AppError(409, 'OWNER_CANNOT_CHANGE');
    const member = await findMember(tx, clubId, accountId);
    if (!member || !(await deleteMember(tx, clubId, accountId))) throw notFound();
    return {
      result: null,
      audit: {
        action: isLeaving ? 'member.left' : 'member.removed',
        target: { type: 'club', id: clubId },
        details: { accountId, role: member.role },
      },
    };
  });

/**
 * Hands the club over to one of its members: they become its owner (clubs.owner_id), the caller a
 * manager, in one transaction, once the caller's password is checked again (a wrong one counts like a
 * failed login, 0036). 404 when the named account is not a member; 403 when the caller no longer owns
 * the club.
 */
export const handOverClub = async (
  app: FastifyInstance,
  request: FastifyRequest,
  clubId: number,
  { accountId, password }: z.output<typeof OwnershipInputSchema>,
) => {
  const actorId = callerOf(request).accountId;
  const actor = await accountContact(app.db, actorId);
  if (!actor) throw unauthorized();
  await verifyOrCount(
    app,
    request,
    { username: actor.phone, password },
    {
      onlyAccountId: actorId,
      refusal: () =>
        new AppError(400, 'LOGIN_FAILED', {
          issues: [{ path: 'body.password', key: 'validation.passwordWrong' }],
        }),
    },
  );
  return auditedChange(app, actorId, async (tx) => {
    const club = await lockClub(tx, clubId);
    if (!club) throw notFound();
    if (club.ownerId !== actorId) throw roleNotAllowed();
    const member = await findMember(tx, clubId, accountId);
    if (!member) throw notFound();
    await deleteMember(tx, clubId, accountId);
    await setClubOwner(tx, clubId, accountId);
    await insertMember(tx, clubId, actorId, 'manager');
    return {
      result: { ownerAccountId: accountId, role: 'manager' as const },
      audit: {
        action: 'club.ownership_transferred',
        target: { type: 'club', id: clubId },
        details: { from: actorId, to: accountId, formerRole: member.role },
      },
    };
  });
};
