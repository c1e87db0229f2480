import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authAttempts } from '../../db/schema.ts';

export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_ATTEMPTS = 10;

type Kind = 'login' | 'recovery';

/**
 * Failed attempts are counted in the database (not in memory) so the limit holds across server
 * processes: at most 10 per phone and 10 per address in 15 minutes.
 * Answers the seconds to wait when the limit is reached, else null.
 */
export const secondsUntilAllowed = async (
  db: Database,
  kind: Kind,
  phone: string,
  ipAddress: string,
  now = new Date(),
): Promise<number | null> => {
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_MS);
  const recent = (column: typeof authAttempts.phone | typeof authAttempts.ipAddress, value: string) =>
    db
      .select({ total: count(), oldest: min(authAttempts.createdAt) })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, kind), eq(column, value), gt(authAttempts.createdAt, since)));
  const [[byPhone], [byAddress]] = await Promise.all([
    recent(authAttempts.phone, phone),
    recent(authAttempts.ipAddress, ipAddress),
  ]);
  // The window reopens when the oldest counted attempt leaves it.
  const reopenings = [byPhone, byAddress].flatMap((row) =>
    row && row.total >= MAX_FAILED_ATTEMPTS && row.oldest
      ? [new Date(row.oldest as unknown as string | Date).getTime() + ATTEMPT_WINDOW_MS]
      : [],
  );
  if (reopenings.length === 0) return null;
  const reopensAt = Math.max(...reopenings);
  return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
};

export const recordFailedAttempt = async (db: Database, kind: Kind, phone: string, ipAddress: string) => {
  await db.insert(authAttempts).values({ kind, phone, ipAddress });
  // Old rows are no longer counted; removing them keeps the table small.
  await db
    .delete(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        lt(authAttempts.createdAt, new Date(Date.now() - 2 * ATTEMPT_WINDOW_MS)),
      ),
    );
};

export const clearFailedAttempts = (db: Database, kind: Kind, phone: string) =>
  db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.phone, phone)));
