import type { AcceptedInvitation } from '@carta/contract/members';
import type { FastifyInstance } from 'fastify';
import type { Executor, Transaction } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { auditedChange, writeAudit } from '../../lib/audit.ts';
import { clubRoleOf } from '../../plugins/club-scope.ts';
import {
  type Addressee,
  holdForSignUp,
  type InvitationRow,
  invitationStatus,
  invitationsAddressedTo,
  isAddressedTo,
  lockHeldInvitations,
  lockInvitation,
  lockInvitationByToken,
  markAccepted,
  markWithdrawn,
} from './invitation-store.ts';
import { accountContact, insertMember } from './member-store.ts';

// The invitee's side (docs/product.md, Staff and roles): the link's preview, the invitations addressed
// to an account, accepting or declining one, and a sign-up made from a link, which joins the club once
// its first authenticator code is confirmed (0066). Accounts' sign-up and confirmation call the last two.

/** 410 with the reason an invitation can no longer be answered; nothing when it is still waiting. */
const assertPending = (invitation: InvitationRow, now: Date) => {
  const status = invitationStatus(invitation, now);
  if (status === 'accepted') throw new AppError(410, 'INVITATION_USED');
  if (status === 'withdrawn') throw new AppError(410, 'INVITATION_WITHDRAWN');
  if (status === 'expired') throw new AppError(410, 'INVITATION_EXPIRED');
};

/** The account as invitations are addressed to it; 401 when it is gone. */
export const addresseeOf = async (db: Executor, accountId: number): Promise<Addressee> => {
  const account = await accountContact(db, accountId);
  if (!account) throw new AppError(401, 'UNAUTHORIZED');
  return { accountId, email: account.email, phone: account.phone };
};

/** GET /invitations: the pending invitations addressed to the account's email or phone. */
export const myInvitations = async (db: Executor, accountId: number) => ({
  invitations: await invitationsAddressedTo(db, await addresseeOf(db, accountId), new Date()),
});

/** The invitation the answer is about: by the link's token (anyone holding it), or by id (its addressee). */
export type InvitationChoice = { token: string } | { invitationId: number };

const lockChosen = async (tx: Transaction, accountId: number, choice: InvitationChoice) => {
  if ('token' in choice) return (await lockInvitationByToken(tx, choice.token))?.invitation;
  const found = await lockInvitation(tx, choice.invitationId);
  if (!found || !isAddressedTo(found.invitation, await addresseeOf(tx, accountId))) return undefined;
  return found.invitation;
};

/**
 * Accepts an invitation: the account joins the club with its role, once (410 after). 409 ALREADY_MEMBER
 * when the account already has a role in the club; then the invitation stays as it was.
 */
export const acceptInvitation = (app: FastifyInstance, accountId: number, choice: InvitationChoice) =>
  auditedChange(app, accountId, async (tx) => {
    const now = new Date();
    const invitation = await lockChosen(tx, accountId, choice);
    if (!invitation) throw notFound();
    assertPending(invitation, now);
    if (await clubRoleOf(tx, accountId, invitation.clubId)) throw new AppError(409, 'ALREADY_MEMBER');
    await insertMember(tx, invitation.clubId, accountId, invitation.role);
    await markAccepted(tx, invitation.id, accountId, now);
    return {
      result: { clubId: invitation.clubId, role: invitation.role } satisfies AcceptedInvitation,
      audit: {
        action: 'member.joined',
        target: { type: 'club', id: invitation.clubId },
        details: { invitationId: invitation.id, accountId, role: invitation.role },
      },
    };
  });

/** Declines an invitation addressed to the account: it stops, as if withdrawn. */
export const declineInvitation = (app: FastifyInstance, accountId: number, invitationId: number) =>
  auditedChange(app, accountId, async (tx) => {
    const now = new Date();
    const invitation = await lockChosen(tx, accountId, { invitationId });
    if (!invitation) throw notFound();
    assertPending(invitation, now);
    await markWithdrawn(tx, invitation.id, now);
    return {
      result: null,
      audit: {
        action: 'member.invitation_declined',
        target: { type: 'club', id: invitation.clubId },
        details: { invitationId: invitation.id, accountId },
      },
    };
  });

/**
 * A sign-up from an invitation link, inside its transaction: the invitation must still be waiting (404
 * unknown, 410 no longer), and is held for the new account until its first code is confirmed.
 */
export const holdInvitationForSignUp = async (tx: Transaction, token: string, accountId: number) => {
  const found = await lockInvitationByToken(tx, token);
  if (!found) throw notFound();
  assertPending(found.invitation, new Date());
  await holdForSignUp(tx, found.invitation.id, accountId);
};

/**
 * The sign-up's first code is confirmed (inside that transaction): the account joins each club whose
 * invitation was held for it and still waits, audited as its own act. Answers whether the account's email
 * is the one an invitation was sent to: the link proved the mailbox, so the email counts as confirmed.
 */
export const joinHeldInvitations = async (
  tx: Transaction,
  account: { id: number; email: string },
): Promise<{ isEmailProven: boolean }> => {
  const now = new Date();
  let isEmailProven = false;
  for (const invitation of await lockHeldInvitations(tx, account.id, now)) {
    if (await clubRoleOf(tx, account.id, invitation.clubId)) continue;
    await insertMember(tx, invitation.clubId, account.id, invitation.role);
    await markAccepted(tx, invitation.id, account.id, now);
    await writeAudit(tx, account.id, {
      action: 'member.joined',
      target: { type: 'club', id: invitation.clubId },
      details: { invitationId: invitation.id, accountId: account.id, role: invitation.role, via: 'sign-up' },
    });
    if (invitation.email?.toLowerCase() === account.email.toLowerCase()) isEmailProven = true;
  }
  return { isEmailProven };
};
