import { isId } from '@carta/contract/fields';
import { type ClubRole, roleReaches } from '@carta/contract/members';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { clubMembers, clubs } from '../db/schema.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import { callerOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route under /clubs/{clubId} anyone may call (the guest's table-menu view). */
    isPublic?: boolean;
    /** Writes that never change what guests read (call waiter): cached guest pages stay. */
    keepsGuestPages?: boolean;
    /**
     * The least role that may call a club route (owner > manager > staff; docs/product.md, Staff and
     * roles). Every route clubScope holds that is not public says it.
     */
    minRole?: import('@carta/contract/members').ClubRole;
    /** Set by clubScope on every route it holds; the isolation test checks it. */
    isClubScoped?: boolean;
  }
  interface FastifyRequest {
    /** The caller's role in the club of a club route, set by clubScope once it let the request in. */
    clubRole: ClubRole | null;
  }
}

export type ClubScopeOptions = { routes: FastifyPluginAsync[] };

const isPublicRoute = (request: FastifyRequest) => request.routeOptions.config.isPublic === true;

/** The caller's role in a club: its owner, a member's role, or null for anyone else (and no such club). */
export const clubRoleOf = async (
  db: Executor,
  accountId: number,
  clubId: number,
): Promise<ClubRole | null> => {
  const [row] = await db
    .select({ ownerId: clubs.ownerId, memberRole: clubMembers.role })
    .from(clubs)
    .leftJoin(clubMembers, and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.accountId, accountId)))
    .where(eq(clubs.id, clubId));
  if (!row) return null;
  if (row.ownerId === accountId) return 'owner';
  return row.memberRole ?? null;
};

/** The club id of a club-scoped route, for handlers: the caller's role was checked before they run. */
export const clubIdOf = (request: FastifyRequest): number =>
  Number((request.params as { clubId: string | number }).clubId);

/** The caller's role in the club, for handlers of a club route that is not public. */
export const callerRoleOf = (request: FastifyRequest): ClubRole => {
  if (!request.clubRole) throw notFound();
  return request.clubRole;
};

/** A role below what the request needs (docs/decisions/0083-club-roles.md): 403, the club is theirs to see. */
export const roleNotAllowed = () => new AppError(403, 'ROLE_NOT_ALLOWED');

/**
 * Every route under /clubs/{clubId}: a token is needed (401 without) and the caller's role in the club
 * must reach the route's `minRole` (docs/decisions/0083-club-roles.md), checked before the body is even
 * validated. Someone with no role in the club (another owner, an unknown id) gets 404 and learns
 * nothing, not even whether a body would have been accepted; a member whose role is too low gets 403
 * ROLE_NOT_ALLOWED. The role is read on every request, so a removed member is out at their next one.
 * A route that is not public and names no `minRole` stops the server at start-up.
 */
export const clubScope = async (scope: FastifyInstance, { routes }: ClubScopeOptions) => {
  scope.decorateRequest('clubRole', null);
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, isClubScoped: true };
    if (!route.config.isPublic && !route.config.minRole)
      throw new Error(
        `${String(route.method)} ${route.url} is a club route without config.minRole: say the least role that may call it`,
      );
  });
  scope.addHook('onRequest', async (request) => {
    if (!isPublicRoute(request)) await scope.authenticate(request);
  });
  scope.addHook('preValidation', async (request) => {
    if (isPublicRoute(request)) return;
    // An id the column cannot hold names no club: it must not even reach the query.
    if (!isId((request.params as { clubId?: unknown }).clubId)) throw notFound();
    const role = await clubRoleOf(scope.db, callerOf(request).accountId, clubIdOf(request));
    if (!role) throw notFound();
    const needed = request.routeOptions.config.minRole ?? 'owner';
    if (!roleReaches(role, needed)) throw roleNotAllowed();
    request.clubRole = role;
  });
  for (const plugin of routes) await scope.register(plugin);
};
