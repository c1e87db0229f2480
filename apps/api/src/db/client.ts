import { mkdir } from 'node:fs/promises';
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
import lockfile from 'proper-lockfile';
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
    try {
      release = await lockfile.lock(directory, {
        realpath: false,
        retries: 0,
        // A lock left by a killed process counts as abandoned after this long without updates.
        stale: 10_000,
        update: 3_000,
        onCompromised: (error) => {
          throw error;
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseLockedError(directory);
      throw error;
    }
  }
  const client = new PGlite({
    ...(directory ? { dataDir: path.resolve(directory) } : {}),
    ...(template ? { loadDataDir: template } : {}),
  });
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite({ client, casing }), { migrationsFolder: MIGRATIONS_FOLDER });
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
