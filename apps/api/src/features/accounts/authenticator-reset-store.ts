import type { AdminAuthenticatorReset } from '@carta/contract/authenticator';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { accounts, authenticatorResets, clubs, sessions } from '../../db/schema.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';

// The rows of decision 0072: a request confirmed through the email, then decided by support.

/**
 * A new request of the account, waiting for its email link; an earlier request whose link was never
 * opened gives way to it (its link is revoked by the caller).
 */
export const insertResetRequest = async (tx: Transaction, accountId: number, reason: string | null) => {
  await tx
    .delete(authenticatorResets)
    .where(
      and(eq(authenticatorResets.accountId, accountId), eq(authenticatorResets.status, 'email_pending')),
    );
  return firstOrThrow(
    await tx
      .insert(authenticatorResets)
      .values({ accountId, reason })
      .returning({ id: authenticatorResets.id }),
    'authenticator reset',
  ).id;
};

/**
 * The emailed link was opened: the account's latest request now waits for support, and an older one
 * still waiting gives way to it, so support sees one request per account. Answers the request's id, or
 * null when none was waiting for its link.
 */
export const markResetEmailConfirmed = async (tx: Transaction, accountId: number) => {
  const [confirmed] = await tx
    .update(authenticatorResets)
    .set({ status: 'awaiting_support', emailConfirmedAt: new Date() })
    .where(
      eq(
        authenticatorResets.id,
        tx
          .select({ id: sql<number>`max(${authenticatorResets.id})` })
          .from(authenticatorResets)
          .where(
            and(
              eq(authenticatorResets.accountId, accountId),
              eq(authenticatorResets.status, 'email_pending'),
            ),
          ),
      ),
    )
    .returning({ id: authenticatorResets.id });
  if (!confirmed) return null;
  await tx
    .delete(authenticatorResets)
    .where(
      and(
        eq(authenticatorResets.accountId, accountId),
        eq(authenticatorResets.status, 'awaiting_support'),
        ne(authenticatorResets.id, confirmed.id),
      ),
    );
  return confirmed.id;
};

/** The requests waiting for support, oldest first, with the account and the names of its clubs. */
export const listWaitingResets = async (db: Database): Promise<AdminAuthenticatorReset[]> => {
  const rows = await db
    .select({
      id: authenticatorResets.id,
      reason: authenticatorResets.reason,
      requestedAt: authenticatorResets.createdAt,
      emailConfirmedAt: authenticatorResets.emailConfirmedAt,
      account: {
        id: accounts.id,
        name: accounts.name,
        lastName: accounts.lastName,
        email: accounts.email,
        phone: accounts.phone,
        language: accounts.language,
        createdAt: accounts.createdAt,
      },
      clubs: sql<string[]>`coalesce(
        (select array_agg(${clubs.name} order by ${clubs.name}) from ${clubs} where ${clubs.ownerId} = ${accounts.id}),
        '{}'
      )`,
    })
    .from(authenticatorResets)
    .innerJoin(accounts, eq(accounts.id, authenticatorResets.accountId))
    .where(eq(authenticatorResets.status, 'awaiting_support'))
    .orderBy(asc(authenticatorResets.emailConfirmedAt), asc(authenticatorResets.id));
  return rows.map(({ reason, requestedAt, emailConfirmedAt, account, clubs: clubNames, ...row }) => ({
    ...row,
    account: { ...account, createdAt: account.createdAt.toISOString() },
    clubs: clubNames,
    message: reason,
    requestedAt: requestedAt.toISOString(),
    emailConfirmedAt: emailConfirmedAt ? emailConfirmedAt.toISOString() : null,
  }));
};

/**
 * Decides a request still waiting for support: answers it with its account, or null when there is no
 * such request (unknown, or decided already). The update is the check, so two admins cannot both decide.
 */
export const decideReset = async (
  tx: Transaction,
  resetId: number,
  decision: 'approved' | 'refused',
  adminId: number,
) => {
  const [decided] = await tx
    .update(authenticatorResets)
    .set({ status: decision, decidedBy: adminId, decidedAt: new Date() })
    .where(and(eq(authenticatorResets.id, resetId), eq(authenticatorResets.status, 'awaiting_support')))
    .returning({ id: authenticatorResets.id, accountId: authenticatorResets.accountId });
  if (!decided) return null;
  const [account] = await tx
    .select({
      id: accounts.id,
      name: accounts.name,
      email: accounts.email,
      phone: accounts.phone,
      language: accounts.language,
    })
    .from(accounts)
    .where(eq(accounts.id, decided.accountId));
  return account ? { resetId: decided.id, account } : null;
};

/** Approved: the old authenticator stops working and every session of the account ends. */
export const clearAuthenticator = async (tx: Transaction, accountId: number) => {
  await tx
    .update(accounts)
    .set({ totpSecret: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
};

/**
 * Saves the account's new authenticator, only while it has none, with the step of the code that proved
 * it, and completes the approved requests; false when another enrolment got there first.
 */
export const saveNewAuthenticator = async (
  tx: Transaction,
  accountId: number,
  sealedSecret: string,
  step: number,
) => {
  const saved = await tx
    .update(accounts)
    .set({ totpSecret: sealedSecret, totpLastStep: step, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), isNull(accounts.totpSecret)))
    .returning({ id: accounts.id });
  if (saved.length === 0) return null;
  const completed = await tx
    .update(authenticatorResets)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(authenticatorResets.accountId, accountId), eq(authenticatorResets.status, 'approved')))
    .returning({ id: authenticatorResets.id });
  return { resetIds: completed.map((row) => row.id) };
};

export const isResetKnown = async (tx: Transaction, resetId: number) =>
  (
    await tx
      .select({ id: authenticatorResets.id })
      .from(authenticatorResets)
      .where(eq(authenticatorResets.id, resetId))
  ).length > 0;
