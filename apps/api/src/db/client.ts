// Over 300 lines: opening either database (PGlite with its folder lock, PostgreSQL with its pool,
// timeouts, error listeners and the reconnecting LISTEN connection) behind the one handle the code uses.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, mkdir, open, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseUnavailableError } from '../lib/db-errors.ts';
import { convertPhones } from './canonical-phones.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a store function reads and writes through: the database, or a transaction already open. */
export type Executor = Database | Transaction;

/**
 * Runs independent reads at once on the pool, and one after the other inside a transaction: a
 * transaction holds one connection, and node-postgres deprecates a second query on a connection before
 * the first has answered (it stops accepting it in pg 9).
 */
export const readTogether = async <Results extends readonly unknown[]>(
  executor: Executor,
  reads: { [Index in keyof Results]: () => Promise<Results[Index]> },
): Promise<Results> => {
  if (!(executor instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as unknown as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as Results;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the whole cluster as a tarball. */
  dump?: () => Promise<Blob>;
  /**
   * PostgreSQL only: LISTENs on a channel (other processes' signals) over the process's one dedicated,
   * direct connection; answers a function that stops it. The embedded database has one process:
   * nothing to listen to. When the server goes away the connection is made again, with waits from 0.5 s
   * doubling to 10 s, LISTEN is sent again and `onReconnected` is called: signals sent meanwhile are
   * lost, so the caller re-reads what it keeps (docs/decisions/0057-database-outages.md).
   */
  listen?: (
    channel: string,
    onMessage: (payload: string) => void,
    onReconnected?: () => void,
  ) => Promise<() => Promise<void>>;
  /**
   * Statements sent through Drizzle since the database was opened (the migrator's excepted; on
   * PostgreSQL a transaction's BEGIN and COMMIT count too, PGlite's do not): tests and `npm run bench:builder` read it before and after an operation to count its
   * round trips.
   */
  statements: () => number;
  /** The pool's connections now, those idle, and queries waiting for one (PGlite: one connection, idle). */
  poolStats: () => { total: number; idle: number; waiting: number };
  /**
   * The LISTEN connection: up, being made again after losing the server, or `none` (PGlite, or nothing
   * listens).
   */
  listenerState: () => 'connected' | 'reconnecting' | 'none';
  /** Runs `select 1`; throws when the database does not answer (within 2 s on PostgreSQL). */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
const casing = 'snake_case' as const;
/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_231_904;

export class DatabaseLockedError extends Error {
  constructor(directory: string) {
    super(
      `The embedded database in ${directory} is already in use by another Carta process. ` +
        'Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
    );
  }
}

/**
 * The embedded data folder's owner: a file beside the folder (`<folder>.lock`) naming the process that
 * has it open (process id, host, boot id and the process's start time). It is created complete and
 * atomically (written to a temporary name, then hard-linked into place, which fails when the name
 * exists), so a reader never sees half of it. Whoever finds it checks the holder: a live one is refused;
 * one that is gone (no such process, another boot, or its id now used by a process started at another
 * time) is taken over at once. Liveness comes from the operating system, not from a refresh timer, so a
 * holder that is slow because the machine is loaded is never taken for dead.
 */
const heldLocks = new Set<string>();

type Holder = { pid: number; host: string; bootId?: string; startTime?: string };

const readBootId = (): string | undefined => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** When the process started, in clock ticks since boot (Linux); distinguishes a reused process id. */
const readStartTime = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
};

const thisProcess = (): Holder => {
  const bootId = readBootId();
  const startTime = readStartTime(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    ...(bootId ? { bootId } : {}),
    ...(startTime ? { startTime } : {}),
  };
};

const parseHolder = (text: string): Holder | undefined => {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return undefined;
    return value as Holder;
  } catch {
    return undefined;
  }
};

/** The holder touches its lock this often: only for holders whose process cannot be checked from here. */
const LOCK_TOUCH_MS = 5_000;
const UNCHECKABLE_HOLDER_STALE_MS = 60_000;

/**
 * Whether the recorded process may still be running; unreadable records are left by no live holder.
 * `modifiedMs`: when the lock was last touched, the one sign of life of a holder on another host.
 */
const isAlive = (holder: Holder | undefined, lockPath: string, modifiedMs: number): boolean => {
  if (!holder) return false;
  const bootId = readBootId();
  // Written before the last boot: nothing from then runs now.
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  // Another host name (another container on this machine, or another machine): its process ids mean
  // nothing here, so only its touches tell it lives.
  if (holder.host !== hostname()) return Date.now() - modifiedMs < UNCHECKABLE_HOLDER_STALE_MS;
  // Our own id: held by this process, or left by an earlier process with the same id (a container's 1).
  if (holder.pid === process.pid) return heldLocks.has(lockPath);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const startTime = readStartTime(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
};

/** Creates `file` with `content`, complete, or fails with EEXIST when it exists. */
const createExclusive = async (file: string, content: string) => {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, content, { flag: 'wx' });
  try {
    await link(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
};

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

type Found = { ino: number; isDirectory: boolean; mtimeMs: number; holder: Holder | undefined };

const readLock = async (lockPath: string): Promise<Found | undefined> => {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lockPath, 'r');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory())
      return { ino: stats.ino, isDirectory: true, mtimeMs: stats.mtimeMs, holder: undefined };
    const holder = parseHolder(await handle.readFile('utf8'));
    return { ino: stats.ino, isDirectory: false, mtimeMs: stats.mtimeMs, holder };
  } finally {
    await handle.close();
  }
};

/**
 * Removes a lock whose holder is gone. Several processes may find the same dead lock at once: only the
 * one that creates the claim named after its inode removes it, after checking again that the name still
 * points at that dead lock, so a racer can never remove the fresh lock another racer has just taken.
 */
const removeDeadLock = async (lockPath: string, dead: Found) => {
  const claim = `${lockPath}.takeover-${dead.ino}`;
  try {
    await createExclusive(claim, JSON.stringify(thisProcess()));
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    // Another process is taking it over; its claim stays only if it died in the middle.
    const found = await readLock(claim);
    // A claim outlives its takeover only when the claimant died inside it.
    if (found && !isAlive(found.holder, lockPath, found.mtimeMs)) await rm(claim, { force: true });
    return;
  }
  try {
    const current = await readLock(lockPath);
    if (
      current &&
      !current.isDirectory &&
      current.ino === dead.ino &&
      !isAlive(current.holder, lockPath, current.mtimeMs)
    )
      await rm(lockPath, { force: true });
  } finally {
    await rm(claim, { force: true });
  }
};

/** A lock directory of the releases that used proper-lockfile: refreshed every 3 s while held. */
const LEGACY_LOCK_STALE_MS = 10_000;

/** Takes the folder's lock or throws DatabaseLockedError; answers the function that releases it. */
const lockDataFolder = async (directory: string): Promise<() => Promise<void>> => {
  const lockPath = `${path.resolve(directory)}.lock`;
  if (heldLocks.has(lockPath)) throw new DatabaseLockedError(directory);
  const record = JSON.stringify(thisProcess());
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await createExclusive(lockPath, record);
      const { ino } = await stat(lockPath);
      heldLocks.add(lockPath);
      const touch = setInterval(() => {
        const now = new Date();
        stat(lockPath)
          .then((current) => (current.ino === ino ? utimes(lockPath, now, now) : undefined))
          .catch(() => {});
      }, LOCK_TOUCH_MS);
      touch.unref();
      return async () => {
        clearInterval(touch);
        heldLocks.delete(lockPath);
        // Only our own file: never one that replaced it.
        const current = await stat(lockPath).catch(() => undefined);
        if (current?.ino === ino) await rm(lockPath, { force: true });
      };
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
    const found = await readLock(lockPath);
    if (!found) continue;
    if (found.isDirectory) {
      if (Date.now() - found.mtimeMs < LEGACY_LOCK_STALE_MS) throw new DatabaseLockedError(directory);
      await rm(lockPath, { recursive: true, force: true });
      continue;
    }
    if (isAlive(found.holder, lockPath, found.mtimeMs)) throw new DatabaseLockedError(directory);
    await removeDeadLock(lockPath, found);
  }
  throw new DatabaseLockedError(directory);
};

type PgliteOptions = {
  kind: 'pglite';
  directory?: string;
  /** A dump (`dumpDataDir`) to start from instead of an empty cluster: tests start from a migrated one. */
  template?: Blob;
};
type PostgresOptions = {
  kind: 'postgres';
  /** The pool's server: PostgreSQL itself, or PgBouncer in transaction mode in front of it. */
  url: string;
  /**
   * A direct session with PostgreSQL (never through a transaction pooler), for what needs one: LISTEN,
   * and the migrations under their session-level advisory lock. `url` when not given.
   */
  listenUrl?: string | undefined;
  poolSize?: number;
  /** The longest a statement may run (`statement_timeout`), in ms; 0: no limit. */
  statementTimeoutMs?: number;
  /** The longest a query waits for a connection of the pool (and for a new one to be made), in ms. */
  poolWaitMs?: number;
};

export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
export const DEFAULT_POOL_WAIT_MS = 3_000;
/** How long `ping` (the health check) waits for its answer. */
const PING_DEADLINE_MS = 2_000;
/** The LISTEN connection is made again after 0.5 s, then 1, 2, 4, 8 and every 10 s. */
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 10_000;
/** How long making a dedicated connection (LISTEN, migrations) may take. */
const DIRECT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens the embedded PGlite database (in `directory`, or in memory without one) or a PostgreSQL pool,
 * and applies the migrations. PGlite is single-connection and single-process: a lock on its folder
 * makes a second process stop at once instead of corrupting it.
 */
/** Counts what Drizzle sends; its logger is called once per statement. */
const statementCounter = () => {
  let count = 0;
  return {
    logger: {
      logQuery: () => {
        count += 1;
      },
    },
    statements: () => count,
  };
};

export const openDatabase = async (options: PgliteOptions | PostgresOptions): Promise<DatabaseHandle> => {
  if (options.kind === 'postgres') return openPostgres(options);
  return openPglite(options);
};

const openPglite = async ({ directory, template }: PgliteOptions): Promise<DatabaseHandle> => {
  let release: (() => Promise<void>) | undefined;
  if (directory) {
    await mkdir(directory, { recursive: true });
    release = await lockDataFolder(directory);
  }
  const client = new PGlite({
    ...(directory ? { dataDir: path.resolve(directory) } : {}),
    ...(template ? { loadDataDir: template } : {}),
  });
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite({ client, casing }), { migrationsFolder: MIGRATIONS_FOLDER });
    // The data step libphonenumber's rules need, after the SQL (0050); not counted as the app's statements.
    await convertPhones(drizzlePglite({ client, schema, casing }));
    const counter = statementCounter();
    const db = drizzlePglite({ client, schema, casing, logger: counter.logger });
    return {
      db,
      kind: 'pglite',
      statements: counter.statements,
      dump: () => client.dumpDataDir('none'),
      poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
      listenerState: () => 'none',
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    await release?.();
    throw error;
  }
};

/**
 * A pg client whose socket errors are handled: node-postgres emits `error` on a client whose server went
 * away (also while a transaction holds it, when the pool's own listener is off), and an `error` event
 * nobody listens to ends the process. The failure still rejects the query in flight, and the pool drops a
 * client that failed when it is released.
 */
const ignoreSocketErrors = (client: pg.Client | pg.PoolClient) => {
  client.on('error', () => {});
};

/** How long past `statement_timeout` a statement may go unanswered before its connection is given up. */
const SILENCE_MARGIN_MS = 2_000;

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Gives up a connection whose server says nothing for `ms` after a statement was sent: a server that is
 * alive cancels the statement itself at `statement_timeout`, so silence past it means the server or the
 * network between went away without closing the socket (a partition, a frozen host), which TCP would
 * notice only after minutes. The socket is destroyed as if lost: the statement and any queued behind it
 * fail ("Connection terminated", 503), and the pool drops the connection when it is released.
 */
const endWhenSilent = (client: pg.PoolClient, ms: number) => {
  const query = client.query.bind(client) as QueryFunction;
  const socket = () =>
    (client as unknown as { connection?: { stream?: { destroy: (error?: Error) => void } } }).connection
      ?.stream;
  const guarded: QueryFunction = (...args) => {
    const timer = setTimeout(() => {
      socket()?.destroy(new Error(`Connection terminated: no answer from the server within ${ms} ms`));
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    const last = args.at(-1);
    if (typeof last === 'function') {
      // The callback form (pg-pool's own `pool.query`).
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as QueryFunction)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  };
  (client as unknown as { query: QueryFunction }).query = guarded;
};

const withDeadline = async <Value>(work: Promise<Value>, ms: number, what: string): Promise<Value> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};

type Subscription = { onMessage: (payload: string) => void; onReconnected: (() => void) | undefined };

/**
 * The process's one LISTEN connection, for every channel: made on the first `listen`, made again after
 * losing the server (backoff from 0.5 s to 10 s) with every channel LISTENed again, then each
 * subscriber's `onReconnected` is called. Ended when the last subscriber stops.
 */
const createListener = (url: string) => {
  const channels = new Map<string, Set<Subscription>>();
  let client: pg.Client | undefined;
  /** Channels LISTENed on `client`. */
  let listened = new Set<string>();
  let connecting: Promise<boolean> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_FIRST_MS;

  const deliver = (message: pg.Notification) => {
    for (const subscription of channels.get(message.channel) ?? [])
      subscription.onMessage(message.payload ?? '');
  };

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = undefined;
    listened = new Set();
    void which.end().catch(() => {});
    if (channels.size > 0) schedule();
  };

  const connect = (): Promise<boolean> => {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: DIRECT_CONNECT_TIMEOUT_MS,
        keepAlive: true,
      });
      // Its socket errors are handled here: a lost server is a reconnection, never an exit.
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      next.on('notification', deliver);
      const names = new Set<string>();
      try {
        await next.connect();
        for (const channel of channels.keys()) {
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          names.add(channel);
        }
      } catch {
        await next.end().catch(() => {});
        return false;
      }
      if (channels.size === 0) {
        // Everyone stopped while it was being made.
        await next.end().catch(() => {});
        return false;
      }
      client = next;
      listened = names;
      delay = LISTEN_RETRY_FIRST_MS;
      return true;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  let lastAttemptAt = 0;
  const attempt = async () => {
    retry = undefined;
    if (client || channels.size === 0) return;
    lastAttemptAt = Date.now();
    if (!(await connect())) return schedule();
    // Signals sent while no connection listened are lost: every subscriber re-reads.
    for (const subscriptions of channels.values())
      for (const subscription of subscriptions) {
        try {
          subscription.onReconnected?.();
        } catch {
          // One subscriber's failure must not keep the others stale.
        }
      }
  };

  const schedule = () => {
    if (retry || channels.size === 0) return;
    const wait = delay;
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
    retry = setTimeout(() => void attempt(), wait);
    retry.unref();
  };

  /**
   * The pool has just made a connection, so the server may be back: try now rather than at the end of
   * a wait that may have grown to 10 s (at most once per 0.5 s).
   */
  const kick = () => {
    if (!retry || client || connecting || Date.now() - lastAttemptAt < LISTEN_RETRY_FIRST_MS) return;
    clearTimeout(retry);
    void attempt();
  };

  const listen = async (
    channel: string,
    onMessage: (payload: string) => void,
    onReconnected?: () => void,
  ): Promise<() => Promise<void>> => {
    const subscription: Subscription = { onMessage, onReconnected };
    const subscriptions = channels.get(channel) ?? new Set();
    subscriptions.add(subscription);
    channels.set(channel, subscriptions);
    if (!client && !retry) {
      // The first connection: when the server does not answer now, it is made again in the background
      // (the caller starts anyway; its `onReconnected` runs once the connection is up).
      if (!(await connect())) schedule();
    } else if (connecting) await connecting;
    const current = client;
    if (current && !listened.has(channel)) {
      listened.add(channel);
      // A failure here is a lost connection: `lost` makes it again, with this channel.
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => lost(current));
    }
    return async () => {
      subscriptions.delete(subscription);
      if (subscriptions.size > 0) return;
      channels.delete(channel);
      const open = client;
      if (channels.size > 0) {
        if (open && listened.delete(channel))
          await open.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => lost(open));
        return;
      }
      await stop();
    };
  };

  const stop = async () => {
    channels.clear();
    clearTimeout(retry);
    retry = undefined;
    const open = client;
    client = undefined;
    listened = new Set();
    await open?.end().catch(() => {});
  };

  const state = (): 'connected' | 'reconnecting' | 'none' => {
    if (channels.size === 0) return 'none';
    return client ? 'connected' : 'reconnecting';
  };

  return { listen, state, stop, kick };
};

const openPostgres = async ({
  url,
  listenUrl = url,
  poolSize = 10,
  statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS,
  poolWaitMs = DEFAULT_POOL_WAIT_MS,
}: PostgresOptions): Promise<DatabaseHandle> => {
  await migratePostgresOnce(listenUrl, statementTimeoutMs);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Waiting for a free connection and making a new one: past this the query fails (503), it never hangs.
    connectionTimeoutMillis: poolWaitMs,
    keepAlive: true,
  });
  // An idle client that loses its server emits here; without a listener the process would exit.
  pool.on('error', () => {});
  const listener = createListener(listenUrl);
  pool.on('connect', (client) => {
    // A client checked out (a transaction) that loses its server emits on itself: handled too.
    ignoreSocketErrors(client);
    if (statementTimeoutMs > 0) endWhenSilent(client, statementTimeoutMs + SILENCE_MARGIN_MS);
    listener.kick();
  });
  const counter = statementCounter();
  const db = drizzlePostgres({ client: pool, schema, casing, logger: counter.logger });
  return {
    db,
    kind: 'postgres',
    statements: counter.statements,
    listen: listener.listen,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listenerState: listener.state,
    ping: async () => {
      await withDeadline(pool.query('select 1'), PING_DEADLINE_MS, 'select 1');
    },
    close: async () => {
      await listener.stop();
      await pool.end();
    },
  };
};

/**
 * Makes the role's default `statement_timeout` in this database the configured one. A default on the
 * role, not a startup parameter or a session SET: PgBouncer in transaction mode refuses unknown startup
 * parameters and shares server sessions between clients, while every session PostgreSQL opens for this
 * role and database (directly or for PgBouncer) starts with the role's defaults
 * (docs/decisions/0058-pgbouncer.md). Written only when it differs, under the migrations' lock.
 */
const applyStatementTimeout = async (client: pg.Client, ms: number) => {
  const { rows } = await client.query<{ database: string; settings: string[] | null }>(
    `select current_database() as database,
       (select s.setconfig from pg_db_role_setting s
         where s.setdatabase = (select oid from pg_database where datname = current_database())
           and s.setrole = (select oid from pg_roles where rolname = current_user)) as settings`,
  );
  const [row] = rows;
  if (!row || row.settings?.includes(`statement_timeout=${ms}`)) return;
  try {
    await client.query(
      `alter role current_user in database ${pg.escapeIdentifier(row.database)} set statement_timeout = ${ms}`,
    );
  } catch (error) {
    // A role that may not change its own defaults: the server's own limit applies (none, by default).
    process.emitWarning(
      `Could not set statement_timeout for this role (${(error as Error).message}); ` +
        `set it yourself: ALTER ROLE ... IN DATABASE ... SET statement_timeout = ${ms}`,
    );
  }
};

/** Several processes may start at once against one server: only one migrates at a time. */
const migratePostgresOnce = async (url: string, statementTimeoutMs: number): Promise<void> => {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: DIRECT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  ignoreSocketErrors(client);
  await client.connect();
  try {
    // Waiting for another process's migrations, and a migration itself, may take longer than a request.
    await client.query('set statement_timeout = 0');
    // A session lock: this connection is direct (`listenUrl`), never through a transaction pooler.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client, casing }), { migrationsFolder: MIGRATIONS_FOLDER });
    // The data step libphonenumber's rules need, after the SQL and under the same lock (0050).
    await convertPhones(drizzlePostgres({ client, schema, casing }));
    await applyStatementTimeout(client, statementTimeoutMs);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end().catch(() => {});
  }
};

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pg. */
export const openConfiguredDatabase = (config: {
  databaseUrl: string | undefined;
  databaseListenUrl: string | undefined;
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  databasePoolWaitMs: number;
  dataDirectory: string;
}) =>
  config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        listenUrl: config.databaseListenUrl,
        poolSize: config.databasePoolSize,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
        poolWaitMs: config.databasePoolWaitMs,
      })
    : openDatabase({ kind: 'pglite', directory: path.join(config.dataDirectory, 'pg') });
