import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { accounts, authAttempts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/** Failures from one network address, whatever the phones, before the address waits out the window. */
export const MAX_FAILURES_PER_ADDRESS = 10;
/** Login failures an account takes without a wait; each one after them doubles the wait. */
export const FREE_FAILURES_PER_ACCOUNT = 5;
export const MAX_ACCOUNT_DELAY_SECONDS = 60;
/** Recovery emails one phone may ask for in the window. */
export const MAX_RECOVERIES_PER_PHONE = 10;

type Kind = 'login' | 'recovery';

/**
 * The wait after the latest login failure of an account that has had `failures` in the window: none for
 * the first five, then 1 s, 2 s, 4 s... up to a minute. Never a lock-out: whoever knows the password gets
 * in within a minute, from any address, while guessing stays under 60 tries an hour.
 */
export const accountDelaySeconds = (failures: number) =>
  failures < FREE_FAILURES_PER_ACCOUNT
    ? 0
    : Math.min(MAX_ACCOUNT_DELAY_SECONDS, 2 ** (failures - FREE_FAILURES_PER_ACCOUNT));

/**
 * Failures are counted in the database (not in memory) so the limits hold across server processes, per
 * account and per network address apart (decision 0036):
 * - per address, a hard limit: after 10 failures in 15 minutes the address waits until the oldest leaves
 *   the window;
 * - per account (login), growing delays after the latest failure (`accountDelaySeconds`), so failures
 *   from someone else's address never lock the owner out;
 * - per phone (recovery), 10 emails in 15 minutes: every link sent reaches the owner, who can use it.
 * Answers the seconds to wait, else null. One statement reads both counts.
 */
export const secondsUntilAllowed = async (
  db: Database,
  kind: Kind,
  phone: string,
  ipAddress: string,
  now = new Date(),
): Promise<number | null> => {
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_MS);
  const ofPhone = sql`${authAttempts.phone} = ${phone}`;
  const ofAddress = sql`${authAttempts.ipAddress} = ${ipAddress}`;
  const [row] = await db
    .select({
      phoneFailures: sql<number>`count(*) filter (where ${ofPhone})`.mapWith(Number),
      phoneOldest: sql<Date | null>`min(${authAttempts.createdAt}) filter (where ${ofPhone})`.mapWith(
        authAttempts.createdAt,
      ),
      phoneLatest: sql<Date | null>`max(${authAttempts.createdAt}) filter (where ${ofPhone})`.mapWith(
        authAttempts.createdAt,
      ),
      addressFailures: sql<number>`count(*) filter (where ${ofAddress})`.mapWith(Number),
      addressOldest: sql<Date | null>`min(${authAttempts.createdAt}) filter (where ${ofAddress})`.mapWith(
        authAttempts.createdAt,
      ),
    })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        gt(authAttempts.createdAt, since),
        or(eq(authAttempts.phone, phone), eq(authAttempts.ipAddress, ipAddress)),
      ),
    );
  if (!row) return null;
  const time = (value: Date | string | null) => (value === null ? 0 : new Date(value).getTime());
  const reopenings = [
    // The window reopens when the oldest counted failure leaves it.
    row.addressFailures >= MAX_FAILURES_PER_ADDRESS ? time(row.addressOldest) + ATTEMPT_WINDOW_MS : 0,
    kind === 'login'
      ? time(row.phoneLatest) + accountDelaySeconds(row.phoneFailures) * 1000
      : row.phoneFailures >= MAX_RECOVERIES_PER_PHONE
        ? time(row.phoneOldest) + ATTEMPT_WINDOW_MS
        : 0,
  ];
  const reopensAt = Math.max(...reopenings);
  if (reopensAt <= now.getTime()) return null;
  return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
};

/** Answers 429 with the seconds to wait when the phone or the caller's address must wait. */
export const refuseWhenLimited = async (
  app: FastifyInstance,
  request: FastifyRequest,
  kind: Kind,
  phone: string,
) => {
  const wait = await secondsUntilAllowed(app.db, kind, phone, request.ip);
  if (wait !== null) throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': String(wait) } });
};

export const recordFailedAttempt = async (
  db: Database,
  kind: Kind,
  phone: string,
  ipAddress: string,
  now = new Date(),
) => {
  await db.insert(authAttempts).values({ kind, phone, ipAddress, createdAt: now });
  // Old rows are no longer counted; removing them keeps the table small.
  await db
    .delete(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        lt(authAttempts.createdAt, new Date(now.getTime() - 2 * ATTEMPT_WINDOW_MS)),
      ),
    );
};

/**
 * A successful login forgets the account's failures from that address only: someone else's failures
 * from elsewhere still slow further guesses.
 */
export const clearFailedLogins = (db: Database, phone: string, ipAddress: string) =>
  db
    .delete(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, 'login'),
        eq(authAttempts.phone, phone),
        eq(authAttempts.ipAddress, ipAddress),
      ),
    );

/** A new password through a reset link: the account starts again with no failures of either kind. */
export const clearAccountAttempts = (db: Executor, accountId: number) =>
  db
    .delete(authAttempts)
    .where(
      inArray(
        authAttempts.phone,
        db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, accountId)),
      ),
    );
