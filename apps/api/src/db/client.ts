// Opening either database behind the one handle the code uses: PGlite with its folder locked
// (folder-lock.ts), or a PostgreSQL pool whose connections are guarded (connection-guards.ts) beside one
// reconnecting LISTEN connection (listener.ts); the migrations run before either is handed out.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { convertPhones } from './canonical-phones.ts';
import { endWhenSilent, ignoreSocketErrors, SILENCE_MARGIN_MS, withDeadline } from './connection-guards.ts';
import { lockDataFolder } from './folder-lock.ts';
import { createListener, DIRECT_CONNECT_TIMEOUT_MS } from './listener.ts';
import * as schema from './schema.ts';

/** What opening an embedded database throws when another process holds its folder. */
export { DatabaseLockedError } from './folder-lock.ts';

import type { Database, Executor } from './database-types.ts';

export type { Database, Executor, Schema, Transaction } from './database-types.ts';

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
