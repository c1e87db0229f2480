// What the guest pages keep in memory: the data pages are made from, the pages themselves and the
// guests' calls, dropped together when a club writes (a version, heard through NOTIFY by every
// process). How kept answers are encoded and sent is in guest-answers.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import type { CompressedPage } from '../lib/spliced-gzip.ts';

const CHANNEL = 'carta_guest_changed';
const MAX_ENTRIES = 5000;
/**
 * How long what a club's guest pages are made from is trusted without reading it again, when no write
 * was heard: the bound on how stale a process that missed a signal can be. Reading it again renders
 * nothing when it did not change.
 */
export const KEPT_DATA_MAX_AGE_MS = 60_000;
/** Clubs (and menus) whose data are kept at once; past that, the least recently read are dropped. */
const MAX_DATA_ENTRIES = 20_000;
/** Memory for kept pages, shared by every club; past that, the least recently read are dropped. */
const MAX_PAGE_BYTES = 256 * 1024 * 1024;

type Entry = { value: unknown; stamp: string; minute: number };

/**
 * What a club's pages are made from, as last read: `revision` changes only when what was read differs
 * from the time before, so pages made from it stay good across a write that changed nothing guests see.
 * `isStale`: the database could not be read, this is the last copy (served rather than an error).
 */
/** What a `data` load answers when what it would read is the same as before (same fingerprint). */
export const UNCHANGED = Symbol('unchanged');

export type KeptData<Value> = { value: Value; revision: number; isStale: boolean };
type DataEntry = {
  value: unknown;
  stamp: string;
  loadedAt: number;
  revision: number;
  fingerprint: string | null;
  /** Which load read it: a later one replaces it, an earlier one finishing late does not. */
  sequence: number;
};

/**
 * "Club N's guest pages changed", from a write made outside the API's club routes (the subscription's
 * state, changed by the provider's events and the billing jobs: 0048), inside its own transaction.
 * PostgreSQL delivers it at commit and never on rollback, to every listening process, this one
 * included. The embedded database has no listener: see the hook below.
 */
export const signalGuestPagesChanged = (executor: Executor, clubId: number) =>
  executor.execute(sql`select pg_notify(${CHANNEL}, ${String(clubId)})`);

/**
 * What guest pages are made from, the pages themselves and the guests' calls, kept in memory
 * (docs/decisions/0061-guest-pages-rendered-once.md):
 * - `data`: a club's view and its menus' contents, good until the club writes or for
 *   KEPT_DATA_MAX_AGE_MS, then read again (the pages made from them stay when nothing changed);
 * - `page`: pages made once for every table of a club, under keys that name the data they were made
 *   from, dropped least recently read first past MAX_PAGE_BYTES;
 * - `get`/`set`/`through`: the guests' JSON calls, good while the club and the minute are unchanged.
 * Any owner or admin write to a club drops what is kept of it here and, through PostgreSQL NOTIFY, in
 * every other process.
 */
export type GuestCache = {
  /** What was kept under `key` for this club, this minute and this version of the club. */
  get: <Value>(key: string, clubId: number) => Value | undefined;
  set: (key: string, clubId: number, value: unknown) => void;
  /** The kept value, or `load()` kept from now on. */
  through: <Value>(key: string, clubId: number, load: () => Promise<Value>) => Promise<Value>;
  /**
   * What the club's pages are made from: kept until the club writes or for KEPT_DATA_MAX_AGE_MS, then
   * read again. `load` is given the fingerprint of what it read before and answers UNCHANGED when it
   * is the same (the pages made from it stay); `fingerprint` tells what a value read is. While the
   * database cannot be read, the last copy (marked stale) rather than an error.
   */
  data: <Value extends object | null>(
    key: string,
    clubId: number,
    load: (known: string | null) => Promise<Value | typeof UNCHANGED>,
    fingerprint: (value: Value) => string | null,
  ) => Promise<KeptData<Value>>;
  /** Forgets everything kept, as a new process would start (`npm run bench:guest`). */
  forget: () => void;
  /** A page made from kept data, under a key naming those data's revisions: made once, served to every table. */
  page: (key: string, make: () => CompressedPage) => CompressedPage;
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

    // This process's own signals come back through LISTEN too: its id tells them apart, so a write
    // costs this process one reading of the club, not two. A signal without an id (a transaction's,
    // signalGuestPagesChanged) is everyone's.
    const processId = randomUUID();
    const hear = (message: string) => {
      const [from, payload] = message.includes(':') ? message.split(':', 2) : [null, message];
      if (from !== processId && payload) bump(payload);
    };
    // Back after losing the server: signals may have been missed meanwhile, so nothing kept is trusted.
    const stop = app.database.listen ? await app.database.listen(CHANNEL, hear, () => bump('*')) : null;

    const data = new Map<string, DataEntry>();
    const dataLoading = new Map<string, Promise<KeptData<unknown>>>();
    let lastRevision = 0;
    let lastSequence = 0;
    const pages = new Map<string, CompressedPage>();
    let pageBytes = 0;
    const dropOldestPage = () => {
      const oldest = pages.entries().next();
      if (oldest.done) return;
      pages.delete(oldest.value[0]);
      pageBytes -= oldest.value[1].bytes;
    };
    const loadData = async <Value extends object | null>(
      key: string,
      clubId: number,
      load: (known: string | null) => Promise<Value | typeof UNCHANGED>,
      fingerprint: (value: Value) => string | null,
    ): Promise<KeptData<Value>> => {
      const stamp = stampOf(clubId);
      const sequence = ++lastSequence;
      const kept = data.get(key);
      try {
        const loaded = await load(kept?.fingerprint ?? null);
        const print = loaded === UNCHANGED ? (kept?.fingerprint ?? null) : fingerprint(loaded);
        const unchanged =
          kept !== undefined && (loaded === UNCHANGED || (print !== null && kept.fingerprint === print));
        if (!unchanged && loaded === UNCHANGED) throw new Error('Nothing kept to be unchanged from');
        const entry: DataEntry = {
          value: unchanged ? kept.value : loaded,
          stamp,
          loadedAt: Date.now(),
          revision: unchanged ? kept.revision : ++lastRevision,
          fingerprint: print,
          sequence,
        };
        // Kept under the stamp read before the load: a write during the load leaves it stale, read again
        // at the next request, yet still the last copy to serve if the database goes away. A load that
        // started before the kept one never replaces it.
        const current = data.get(key);
        if (!current || current.sequence < sequence) {
          data.delete(key);
          data.set(key, entry);
          if (data.size > MAX_DATA_ENTRIES) {
            const oldest = data.keys().next();
            if (!oldest.done) data.delete(oldest.value);
          }
        }
        return { value: entry.value as Value, revision: entry.revision, isStale: false };
      } catch (error) {
        // Guests keep reading the last copy while the database is away (docs/decisions/0057).
        if (kept && isDatabaseUnavailable(error)) {
          app.metrics.guestCache.staleServed.inc();
          return { value: kept.value as Value, revision: kept.revision, isStale: true };
        }
        throw error;
      }
    };
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
      data: async <Value extends object | null>(
        key: string,
        clubId: number,
        load: (known: string | null) => Promise<Value | typeof UNCHANGED>,
        fingerprint: (value: Value) => string | null,
      ) => {
        const kept = data.get(key);
        if (kept && kept.stamp === stampOf(clubId) && Date.now() - kept.loadedAt < KEPT_DATA_MAX_AGE_MS) {
          // Most recently read last: the first entries are the ones dropped when there are too many.
          data.delete(key);
          data.set(key, kept);
          return { value: kept.value as Value, revision: kept.revision, isStale: false };
        }
        // Guests arriving while it is read (as after every write) wait for the same read.
        const loadKey = `${key}|${stampOf(clubId)}`;
        const running = dataLoading.get(loadKey);
        if (running) return running as Promise<KeptData<Value>>;
        const loading = loadData(key, clubId, load, fingerprint).finally(() => dataLoading.delete(loadKey));
        dataLoading.set(loadKey, loading as Promise<KeptData<unknown>>);
        return loading;
      },
      forget: () => {
        entries.clear();
        data.clear();
        pages.clear();
        pageBytes = 0;
        app.metrics.guestCache.keptBytes.set(0);
      },
      page: (key, make) => {
        const kept = pages.get(key);
        if (kept) {
          pages.delete(key);
          pages.set(key, kept);
          app.metrics.guestCache.hits.inc();
          return kept;
        }
        app.metrics.guestCache.misses.inc();
        const started = process.hrtime.bigint();
        const page = make();
        app.metrics.guestCache.renders.inc();
        app.metrics.guestCache.renderSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
        pages.set(key, page);
        pageBytes += page.bytes;
        while (pageBytes > MAX_PAGE_BYTES && pages.size > 1) dropOldestPage();
        app.metrics.guestCache.keptBytes.set(pageBytes);
        return page;
      },
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
        // Other processes hear it. The write itself is saved: a lost signal leaves other processes'
        // pages stale for a minute at most (KEPT_DATA_MAX_AGE_MS), so it is logged, not answered as an error.
        if (app.database.listen)
          await app.db
            .execute(sql`select pg_notify(${CHANNEL}, ${`${processId}:${payload}`})`)
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
  { name: 'guest-cache', dependencies: ['database', 'metrics'] },
);
