import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const CHANNEL = 'carta_guest_changed';
const MAX_ENTRIES = 5000;

export type CachedPage = { status: number; html: string; etag: string; location?: string };
type Entry = { value: unknown; stamp: string; minute: number };

/**
 * Rendered guest pages and the guests' calls kept in memory. An entry is good while the club has not changed and the minute
 * has not (schedules move by the minute). Any owner or admin write to a club drops its pages here and,
 * through PostgreSQL NOTIFY, in every other process.
 */
export type GuestCache = {
  /** What was kept under `key` for this club, this minute and this version of the club. */
  get: <Value>(key: string, clubId: number) => Value | undefined;
  set: (key: string, clubId: number, value: unknown) => void;
  /** The kept value, or `load()` kept from now on. */
  through: <Value>(key: string, clubId: number, load: () => Promise<Value>) => Promise<Value>;
  /** A club changed (null: possibly any, e.g. an account with its clubs was deleted). */
  changed: (clubId: number | null) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    guestCache: GuestCache;
  }
}

export const guestCachePlugin = fp(
  async (app: FastifyInstance) => {
    const versions = new Map<number, number>();
    let generation = 0;
    const entries = new Map<string, Entry>();
    const stampOf = (clubId: number) => `${generation}:${versions.get(clubId) ?? 0}`;
    const minuteNow = () => Math.floor(Date.now() / 60_000);
    const bump = (payload: string) => {
      if (payload === '*') generation += 1;
      else versions.set(Number(payload), (versions.get(Number(payload)) ?? 0) + 1);
    };

    const stop = app.database.listen ? await app.database.listen(CHANNEL, bump) : null;
    app.addHook('onClose', async () => {
      await stop?.();
    });

    const get = <Value>(key: string, clubId: number): Value | undefined => {
      const entry = entries.get(key);
      if (!entry || entry.stamp !== stampOf(clubId) || entry.minute !== minuteNow()) return undefined;
      return entry.value as Value;
    };
    const set = (key: string, clubId: number, value: unknown) => {
      if (entries.size >= MAX_ENTRIES) {
        // A Map keeps insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, stamp: stampOf(clubId), minute: minuteNow() });
    };
    app.decorate('guestCache', {
      get,
      set,
      through: async <Value>(key: string, clubId: number, load: () => Promise<Value>) => {
        const kept = get<Value>(key, clubId);
        if (kept !== undefined) return kept;
        // The stamp is read before loading: a write during the load leaves the entry already stale.
        const stamp = stampOf(clubId);
        const value = await load();
        if (stamp === stampOf(clubId)) set(key, clubId, value);
        return value;
      },
      changed: async (clubId) => {
        const payload = clubId === null ? '*' : String(clubId);
        bump(payload);
        // Other processes hear it; this one may hear its own signal again, which costs one re-render.
        // The write itself is saved: a lost signal leaves other processes' pages stale for a minute at
        // most, so it is logged, not answered as an error.
        if (app.database.listen)
          await app.db
            .execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
            .catch((error: unknown) => app.log.warn({ err: error, clubId }, 'guest cache signal not sent'));
      },
    } satisfies GuestCache);

    // Every successful write through the API may change what guests see.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
      if (request.routeOptions.config.keepsGuestPages) return;
      const route = request.routeOptions.url ?? '';
      const clubId = Number((request.params as { clubId?: string } | undefined)?.clubId);
      if (route.startsWith('/api/v1/clubs/:clubId') || route.startsWith('/api/v1/admin/clubs/:clubId')) {
        if (Number.isSafeInteger(clubId)) await app.guestCache.changed(clubId);
      } else if (route === '/api/v1/users/me' || route.startsWith('/api/v1/admin/brands')) {
        await app.guestCache.changed(null);
      }
    });
  },
  { name: 'guest-cache', dependencies: ['database'] },
);
