import type { Invitation, InvitationPreview, MemberRole, MyInvitation } from '@carta/contract/members';
import { and, asc, count, eq, gt, gte, isNull, min, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client.ts';
import { accounts, clubInvitations, clubMembers, clubs } from '../../db/schema.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { hashToken } from '../../lib/tokens.ts';

// Every query of club_invitations. Only a token's SHA-256 is stored; an invitation is pending until it is
// accepted, withdrawn (or declined) or past its expiry.

export type InvitationRow = typeof clubInvitations.$inferSelect;
export type InvitationStatus = InvitationPreview['status'];

export const invitationStatus = (row: InvitationRow, now: Date): InvitationStatus => {
  if (row.acceptedAt) return 'accepted';
  if (row.withdrawnAt) return 'withdrawn';
  return row.expiresAt <= now ? 'expired' : 'pending';
};

const pendingAt = (now: Date) =>
  and(
    isNull(clubInvitations.acceptedAt),
    isNull(clubInvitations.withdrawnAt),
    gt(clubInvitations.expiresAt, now),
  );

export const asInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  phone: row.phone,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export const insertInvitation = async (
  tx: Transaction,
  values: {
    clubId: number;
    email: string | null;
    phone: string | null;
    role: MemberRole;
    tokenHash: string;
    invitedByAccountId: number;
    expiresAt: Date;
  },
) => firstOrThrow(await tx.insert(clubInvitations).values(values).returning(), 'invitation');

/** The club's invitations still waiting for an answer, oldest first. */
export const pendingInvitations = (db: Executor, clubId: number, now: Date) =>
  db
    .select()
    .from(clubInvitations)
    .where(and(eq(clubInvitations.clubId, clubId), pendingAt(now)))
    .orderBy(asc(clubInvitations.createdAt), asc(clubInvitations.id));

export const countPendingInvitations = async (tx: Transaction, clubId: number, now: Date) =>
  (
    await tx
      .select({ value: count() })
      .from(clubInvitations)
      .where(and(eq(clubInvitations.clubId, clubId), pendingAt(now)))
  )[0]?.value ?? 0;

/** How many invitations the club made since `since`, and when the first of them was made. */
export const invitationsMadeSince = async (tx: Transaction, clubId: number, since: Date) => {
  const [row] = await tx
    .select({ made: count(), first: min(clubInvitations.createdAt) })
    .from(clubInvitations)
    .where(and(eq(clubInvitations.clubId, clubId), gte(clubInvitations.createdAt, since)));
  return { made: row?.made ?? 0, first: row?.first ? new Date(row.first) : null };
};

/** An invitation of the club still waiting to the same email (any case) or phone stops: a new one replaces it. */
export const withdrawPendingTo = (
  tx: Transaction,
  clubId: number,
  contact: { email: string | null; phone: string | null },
  now: Date,
) => {
  const matches = [
    ...(contact.email ? [sql`lower(${clubInvitations.email}) = ${contact.email.toLowerCase()}`] : []),
    ...(contact.phone ? [eq(clubInvitations.phone, contact.phone)] : []),
  ];
  return tx
    .update(clubInvitations)
    .set({ withdrawnAt: now })
    .where(and(eq(clubInvitations.clubId, clubId), pendingAt(now), or(...matches)))
    .returning({ id: clubInvitations.id });
};

/** The invitation a link's token names, locked until the transaction ends, with its club's name. */
export const lockInvitationByToken = async (tx: Transaction, token: string) => {
  const [row] = await tx
    .select({ invitation: clubInvitations, clubName: clubs.name })
    .from(clubInvitations)
    .innerJoin(clubs, eq(clubs.id, clubInvitations.clubId))
    .where(eq(clubInvitations.tokenHash, hashToken(token)))
    .for('update', { of: clubInvitations });
  return row;
};

/** One invitation by id, locked until the transaction ends. */
export const lockInvitation = async (tx: Transaction, invitationId: number) => {
  const [row] = await tx
    .select({ invitation: clubInvitations, clubName: clubs.name })
    .from(clubInvitations)
    .innerJoin(clubs, eq(clubs.id, clubInvitations.clubId))
    .where(eq(clubInvitations.id, invitationId))
    .for('update', { of: clubInvitations });
  return row;
};

/** The preview of a link: the club's name, the role and where the invitation stands; undefined: unknown. */
export const previewInvitation = async (
  db: Executor,
  token: string,
  now: Date,
): Promise<InvitationPreview | undefined> => {
  const [row] = await db
    .select({ invitation: clubInvitations, clubName: clubs.name })
    .from(clubInvitations)
    .innerJoin(clubs, eq(clubs.id, clubInvitations.clubId))
    .where(eq(clubInvitations.tokenHash, hashToken(token)));
  if (!row) return undefined;
  return {
    clubName: row.clubName,
    role: row.invitation.role,
    status: invitationStatus(row.invitation, now),
    expiresAt: row.invitation.expiresAt.toISOString(),
    email: row.invitation.email,
  };
};

export const markAccepted = (tx: Transaction, invitationId: number, accountId: number, now: Date) =>
  tx
    .update(clubInvitations)
    .set({ acceptedAt: now, acceptedByAccountId: accountId })
    .where(eq(clubInvitations.id, invitationId));

export const markWithdrawn = (tx: Transaction, invitationId: number, now: Date) =>
  tx.update(clubInvitations).set({ withdrawnAt: now }).where(eq(clubInvitations.id, invitationId));

/**
 * Holds the invitation for a sign-up waiting for its first authenticator code: `accepted_by_account_id`
 * set, `accepted_at` still empty. The sign-up's confirmation accepts it; a sign-up never confirmed is
 * deleted, and the hold with it (ON DELETE SET NULL). Anyone with the link may still accept it meanwhile.
 */
export const holdForSignUp = (tx: Transaction, invitationId: number, accountId: number) =>
  tx
    .update(clubInvitations)
    .set({ acceptedByAccountId: accountId })
    .where(and(eq(clubInvitations.id, invitationId), isNull(clubInvitations.acceptedAt)));

/** The pending invitations held for this sign-up (`holdForSignUp`), locked until the transaction ends. */
export const lockHeldInvitations = (tx: Transaction, accountId: number, now: Date) =>
  tx
    .select()
    .from(clubInvitations)
    .where(and(eq(clubInvitations.acceptedByAccountId, accountId), pendingAt(now)))
    .for('update');

/** The account's contacts an invitation may be addressed to. */
export type Addressee = { accountId: number; email: string; phone: string };

/** Whether the invitation names the account: its email (any case) or its phone. */
export const isAddressedTo = (invitation: InvitationRow, addressee: Addressee) =>
  (invitation.email !== null && invitation.email.toLowerCase() === addressee.email.toLowerCase()) ||
  (invitation.phone !== null && invitation.phone === addressee.phone);

const inviters = alias(accounts, 'inviters');

/**
 * The pending invitations addressed to the account, of clubs it is not already part of, soonest to
 * expire first.
 */
export const invitationsAddressedTo = async (
  db: Executor,
  addressee: Addressee,
  now: Date,
): Promise<MyInvitation[]> => {
  const rows = await db
    .select({
      id: clubInvitations.id,
      clubId: clubInvitations.clubId,
      clubName: clubs.name,
      role: clubInvitations.role,
      inviterName: inviters.name,
      inviterLastName: inviters.lastName,
      expiresAt: clubInvitations.expiresAt,
    })
    .from(clubInvitations)
    .innerJoin(clubs, eq(clubs.id, clubInvitations.clubId))
    .leftJoin(inviters, eq(inviters.id, clubInvitations.invitedByAccountId))
    .where(
      and(
        pendingAt(now),
        or(
          sql`lower(${clubInvitations.email}) = ${addressee.email.toLowerCase()}`,
          eq(clubInvitations.phone, addressee.phone),
        ),
        sql`${clubs.ownerId} <> ${addressee.accountId}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(clubMembers)
            .where(
              and(
                eq(clubMembers.clubId, clubInvitations.clubId),
                eq(clubMembers.accountId, addressee.accountId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(clubInvitations.expiresAt), asc(clubInvitations.id));
  return rows.map(({ inviterName, inviterLastName, expiresAt, ...row }) => ({
    ...row,
    invitedBy: [inviterName, inviterLastName].filter(Boolean).join(' '),
    expiresAt: expiresAt.toISOString(),
  }));
};
