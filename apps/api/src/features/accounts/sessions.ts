import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { SESSION_ABSOLUTE_MS } from '../../plugins/auth.ts';

/** A new session for the account: answers the bearer token, of which only the hash is kept. */
export const createSession = async (db: Database | Transaction, accountId: number, now = new Date()) => {
  const token = newToken();
  await db.insert(sessions).values({
    accountId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
};

export const revokeSession = (db: Database, sessionId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

export const revokeAllSessions = (db: Database | Transaction, accountId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));

/** Everyone else logged in as this account is logged out; the session `keptSessionId` stays. */
export const revokeOtherSessions = (db: Database | Transaction, accountId: number, keptSessionId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), ne(sessions.id, keptSessionId)),
    );
