import { createHmac } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from './app-error.ts';

export type RateLimitKind = (typeof rateLimits.kind.enumValues)[number];

export type RateLimit = { kind: RateLimitKind; max: number; windowMs: number };

/**
 * What is stored instead of the address: a hash keyed by the server secret, so the table cannot be turned
 * back into addresses by hashing the few billion there are.
 */
export const hashAddress = (secret: string, kind: RateLimitKind, address: string) =>
  createHmac('sha256', secret).update(`${kind}:${address}`).digest('base64url');

/**
 * Counts one request against `limit` for this key and answers the seconds to wait when it is over the
 * limit, else null. One statement, atomic in PostgreSQL, so the count holds across server processes: the
 * window starts at the key's first request and, once it has ended, the next request starts a new one
 * (the same fixed window as @fastify/rate-limit, which counted in memory before).
 */
export const countRequest = async (
  db: Executor,
  limit: RateLimit,
  keyHash: string,
  now = new Date(),
): Promise<number | null> => {
  const ended = new Date(now.getTime() - limit.windowMs);
  const isEnded = sql`${rateLimits.windowStart} <= ${ended}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ kind: limit.kind, keyHash, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.kind, rateLimits.keyHash],
      set: {
        windowStart: sql`case when ${isEnded} then excluded.window_start else ${rateLimits.windowStart} end`,
        count: sql`case when ${isEnded} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
  if (!row) return null;
  const windowStart = new Date(row.windowStart).getTime();
  // A window that opens now is the moment to drop the kind's ended ones: rarely, and off the common path.
  if (row.count === 1 && windowStart === now.getTime())
    await db
      .delete(rateLimits)
      .where(and(eq(rateLimits.kind, limit.kind), lte(rateLimits.windowStart, ended)));
  if (row.count <= limit.max) return null;
  return Math.max(1, Math.ceil((windowStart + limit.windowMs - now.getTime()) / 1000));
};

/** Counts the request's address against `limit`; over it, answers 429 RATE_LIMITED with Retry-After. */
export const limitAddress = async (app: FastifyInstance, request: FastifyRequest, limit: RateLimit) => {
  const wait = await countRequest(app.db, limit, hashAddress(app.appSecret, limit.kind, request.ip));
  if (wait !== null) throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': String(wait) } });
};
