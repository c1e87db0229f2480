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
   * PostgreSQL only: a dedicated connection that LISTENs on a channel (other processes' signals);
   * answers a function that stops it. The embedded database has one process: nothing to listen to.
   */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * Statements sent through Drizzle since the database was opened (the migrator's excepted; on
   * PostgreSQL a transaction's BEGIN and COMMIT count too, PGlite's do not): tests and `npm run bench:builder` read it before and after an operation to count its
   * round trips.
   */
  statements: () => number;
  /** Runs `select 1`; throws when the database does not answer. */
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
type PostgresOptions = { kind: 'postgres'; url: string; poolSize?: number };

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

const openPostgres = async ({ url, poolSize = 10 }: PostgresOptions): Promise<DatabaseHandle> => {
  await migratePostgresOnce(url);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server emits here; without a listener the process would exit.
  pool.on('error', () => {});
  const counter = statementCounter();
  const db = drizzlePostgres({ client: pool, schema, casing, logger: counter.logger });
  return {
    db,
    kind: 'postgres',
    statements: counter.statements,
    listen: async (channel, onMessage) => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return () => client.end();
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
};

/** Several processes may start at once against one server: only one migrates at a time. */
const migratePostgresOnce = async (url: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client, casing }), { migrationsFolder: MIGRATIONS_FOLDER });
    // The data step libphonenumber's rules need, after the SQL and under the same lock (0050).
    await convertPhones(drizzlePostgres({ client, schema, casing }));
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
};

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pg. */
export const openConfiguredDatabase = (config: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDirectory: string;
}) =>
  config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : openDatabase({ kind: 'pglite', directory: path.join(config.dataDirectory, 'pg') });
