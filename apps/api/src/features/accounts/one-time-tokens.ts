import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

type Purpose = 'account_activation' | 'password_reset' | 'club_activation' | 'authenticator_reset';

export const TOKEN_LIFETIME_MS: Record<Purpose, number> = {
  account_activation: 7 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  club_activation: 30 * 24 * 60 * 60 * 1000,
  // Like a password reset's: the link confirms the mailbox is the owner's, now.
  authenticator_reset: 60 * 60 * 1000,
};

/** A single-use link token; only its hash is stored. */
export const issueToken = async (
  db: Database | Transaction,
  purpose: Purpose,
  target: { accountId?: number; clubId?: number },
) => {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    purpose,
    accountId: target.accountId ?? null,
    clubId: target.clubId ?? null,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
};

/**
 * Uses a token once: marks it used and answers its target, or null when it is unknown, used or expired.
 * The update is the check, so two concurrent uses cannot both succeed.
 */
export const consumeToken = async (db: Database | Transaction, purpose: Purpose, token: string) => {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: oneTimeTokens.accountId, clubId: oneTimeTokens.clubId });
  return row ?? null;
};

/** Every unused token of the account for this purpose stops working (links sent before a reset). */
export const revokeTokens = (db: Database | Transaction, accountId: number, purpose: Purpose) =>
  db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.accountId, accountId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );

/**
 * A token's row whether used or not, expired or not, or null when it is unknown: what a link that
 * may be followed twice (the club activation, 0053) reads to tell "already done" from "not valid".
 */
export const findToken = async (db: Database | Transaction, purpose: Purpose, token: string) => {
  const [row] = await db
    .select({
      accountId: oneTimeTokens.accountId,
      clubId: oneTimeTokens.clubId,
      expiresAt: oneTimeTokens.expiresAt,
      usedAt: oneTimeTokens.usedAt,
    })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)));
  return row ?? null;
};
