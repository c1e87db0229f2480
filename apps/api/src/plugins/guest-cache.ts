import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { REFRESH_TIME_MIN } from '@carta/contract/menus';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.ts';

const CHANNEL = 'carta_guest_changed';
const MAX_ENTRIES = 5000;

/** An answer's bytes in every encoding a guest may take, made once per render, not once per request. */
export type KeptBody = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };
export type CachedPage = { status: number; body: KeptBody } | { status: 302; location: string };

type Encoding = 'br' | 'gzip' | 'identity';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses once per render, off the event loop. On the 80-dish page (36 KB) brotli quality 5 takes
 * under 1 ms for 7 KB, quality 10 about 18 ms for 6.5 KB, quality 11 about 55 ms for 80 bytes less. At
 * scale most guest requests miss this process's cache (docs/capacity.md), so the render's cost is the
 * page's cost: half a kilobyte (well inside the first 14 KB flight) is not worth 17 ms of CPU each time.
 */
export const keepBody = async (text: string): Promise<KeptBody> => {
  const identity = Buffer.from(text);
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return { identity, br, gzip: gzipped, etag: createHash('sha1').update(identity).digest('base64url') };
};

/** The encoding to send: br over gzip over identity, each as `Accept-Encoding` weighs it (q=0 refuses). */
export const chooseEncoding = (acceptEncoding: string | undefined): Encoding => {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = quality ? Number(quality.slice(2)) : 1;
    if (name) weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [brotli, gzip] = [weightOf('br'), weightOf('gzip')];
  if (brotli > 0 && brotli >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
};

/** Each encoding has its own strong tag (RFC 9110 §8.8.3.3); all share the content's hash. */
const tagOf = (etag: string, encoding: Encoding) =>
  encoding === 'identity' ? `"${etag}"` : `"${etag}.${encoding}"`;

/**
 * `If-None-Match` by weak comparison (RFC 9110 §13.1.2): `*`, one tag or a list, weak or strong. A
 * tag of any encoding of the same content matches: what the client keeps is still current.
 */
export const isNotModified = (ifNoneMatch: string | undefined, etag: string) => {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const [, opaque = ''] of ifNoneMatch.matchAll(/(?:W\/)?"([^"]*)"/g))
    if (opaque.split('.', 1)[0] === etag) return true;
  return false;
};

/**
 * Guest pages and calls are revalidated by browsers every time (max-age=0) and may be kept by a
 * shared cache (a CDN) for no longer than the shortest refresh a menu can ask for, so an open page
 * never reads a copy older than its own period; a CDN may answer a little staler while it
 * revalidates, and with the last copy for a day when this server is down.
 */
export const GUEST_CACHE_CONTROL = `public, max-age=0, s-maxage=${REFRESH_TIME_MIN}, stale-while-revalidate=60, stale-if-error=86400`;

/** Sends kept bytes in the encoding the client takes, or an empty 304 when its copy is current. */
export const sendKeptBody = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  type: string,
  body: KeptBody,
) => {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.header('etag', tagOf(body.etag, encoding));
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  if (status === 200 && isNotModified(request.headers['if-none-match'], body.etag))
    return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.status(status).type(type).send(body[encoding]);
};
type Entry = { value: unknown; stamp: string; minute: number };

/**
 * "Club N's guest pages changed", from a write made outside the API's club routes (the subscription's
 * state, changed by the provider's events and the billing jobs: 0048), inside its own transaction.
 * PostgreSQL delivers it at commit and never on rollback, to every listening process, this one
 * included. The embedded database has no listener: see the hook below.
 */
export const signalGuestPagesChanged = (executor: Executor, clubId: number) =>
  executor.execute(sql`select pg_notify(${CHANNEL}, ${String(clubId)})`);

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
    // Renders under way: guests arriving while a page is rendered (as at every new minute) wait for it.
    const loading = new Map<string, Promise<unknown>>();
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
        const loadKey = `${key}|${stamp}|${minuteNow()}`;
        const running = loading.get(loadKey);
        if (running) return running as Promise<Value>;
        const value = load()
          .then((loaded) => {
            if (stamp === stampOf(clubId)) set(key, clubId, loaded);
            return loaded;
          })
          .finally(() => loading.delete(loadKey));
        loading.set(loadKey, value);
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
      } else if (route.startsWith('/api/v1/payments/') && !app.database.listen) {
        // A payment's answer may change a club's plan; with PostgreSQL the write's own NOTIFY says which
        // club, the embedded database (one process, no listener) drops every club's pages instead.
        await app.guestCache.changed(null);
      }
    });
  },
  { name: 'guest-cache', dependencies: ['database'] },
);
