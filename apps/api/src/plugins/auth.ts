import type { Language } from '@carta/contract/limits';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accounts, sessions } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/tokens.ts';

export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** lastUsedAt is written at most this often, so reading a page does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type Caller = { accountId: number; sessionId: number; isAdmin: boolean; language: Language };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live session token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('caller', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError(401, 'UNAUTHORIZED');
      const now = new Date();
      const [row] = await app.db
        .select({
          sessionId: sessions.id,
          lastUsedAt: sessions.lastUsedAt,
          accountId: accounts.id,
          isAdmin: accounts.isAdmin,
          language: accounts.language,
        })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
          ),
        )
        .limit(1);
      if (!row) throw new AppError(401, 'UNAUTHORIZED');
      if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await app.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
      }
      request.caller = {
        accountId: row.accountId,
        sessionId: row.sessionId,
        isAdmin: row.isAdmin,
        language: row.language,
      };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** The authenticated caller; only for handlers behind `app.authenticate`. */
export const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw new AppError(401, 'UNAUTHORIZED');
  return request.caller;
};
