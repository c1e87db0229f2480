import { isId } from '@carta/contract/fields';
import type { ClubRole } from '@carta/contract/members';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { clubMembers, clubs } from '../db/schema.ts';
import { notFound } from '../lib/app-error.ts';
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

/** The club id of a club-scoped route, for handlers: ownership was checked before they run. */
export const clubIdOf = (request: FastifyRequest): number =>
  Number((request.params as { clubId: string | number }).clubId);

/**
 * Every route under /clubs/{clubId}: a token is needed (401 without) and the caller must own the club,
 * checked before the body is even validated, so another owner's id answers 404 and reveals nothing,
 * not even whether a body would have been accepted.
 */
export const clubScope = async (scope: FastifyInstance, { routes }: ClubScopeOptions) => {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, isClubScoped: true };
  });
  scope.addHook('onRequest', async (request) => {
    if (!isPublicRoute(request)) await scope.authenticate(request);
  });
  scope.addHook('preValidation', async (request) => {
    if (isPublicRoute(request)) return;
    // An id the column cannot hold names no club: it must not even reach the query.
    if (!isId((request.params as { clubId?: unknown }).clubId)) throw notFound();
    const clubId = clubIdOf(request);
    const [owned] = await scope.db
      .select({ id: clubs.id })
      .from(clubs)
      .where(and(eq(clubs.id, clubId), eq(clubs.ownerId, callerOf(request).accountId)));
    if (!owned) throw notFound();
  });
  for (const plugin of routes) await scope.register(plugin);
};
