import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { createThrowawayPostgres, isThroughPgBouncer, present, testDatabaseKind } from './helpers.ts';
import { waitFor } from './server-process.ts';

/**
 * A database that does not answer (docs/decisions/0057-database-outages.md), on PostgreSQL (directly, and
 * through PgBouncer in that pass): the statement and pool limits, a server that stops answering, sessions
 * ended under the pool, and a LISTEN connection made again. What counts as unavailable and how the API
 * answers it is in database-unavailable.test.ts.
 */

const isPostgres = testDatabaseKind() === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const TITLE = `PostgreSQL's limits and a lost LISTEN connection${
  isPostgres
    ? isThroughPgBouncer()
      ? ' (pool through PgBouncer)'
      : ''
    : ' (skipped: PostgreSQL only, run with CARTA_TEST_DB=postgres and TEST_DATABASE_URL)'
}`;

describe.runIf(isPostgres)(TITLE, () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let database: DatabaseHandle;
  /** A session of its own (direct), to look at and end the others. */
  let admin: pg.Client;

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres('carta_limits');
    database = await openDatabase({
      kind: 'postgres',
      url: throwaway.url,
      listenUrl: throwaway.listenUrl,
      poolSize: 2,
      statementTimeoutMs: 400,
      poolWaitMs: 300,
    });
    admin = new pg.Client({ connectionString: throwaway.listenUrl });
    admin.on('error', () => {});
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end().catch(() => {});
    await database?.close();
    await throwaway?.drop();
  });

  const elapsed = async (work: () => Promise<unknown>) => {
    const startedAt = Date.now();
    const error = await work().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    return { error, ms: Date.now() - startedAt };
  };

  it.runIf(isThroughPgBouncer())('reaches PostgreSQL through PgBouncer in transaction mode', async () => {
    // PgBouncer's own console (the `pgbouncer` database) says how it pools.
    const consoleUrl = new URL(throwaway.url);
    consoleUrl.pathname = '/pgbouncer';
    const client = new pg.Client({ connectionString: consoleUrl.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string; value: string }>('show config');
      expect(rows.find((row) => row.key === 'pool_mode')?.value).toBe('transaction');
    } finally {
      await client.end();
    }
    expect(throwaway.url).not.toBe(throwaway.listenUrl);
  });

  it('cuts a statement at statement_timeout, outside and inside a transaction', async () => {
    const rows = (await database.db.execute(sql`show statement_timeout`)) as unknown as {
      rows: { statement_timeout: string }[];
    };
    expect(rows.rows[0]?.statement_timeout).toBe('400ms');
    const alone = await elapsed(() => database.db.execute(sql`select pg_sleep(3)`));
    expect(isDatabaseUnavailable(alone.error)).toBe(true);
    expect(alone.ms).toBeLessThan(2_000);
    const inTransaction = await elapsed(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select pg_sleep(3)`);
      }),
    );
    expect(isDatabaseUnavailable(inTransaction.error)).toBe(true);
    expect(inTransaction.ms).toBeLessThan(2_000);
    // The pool is fine afterwards.
    await database.db.execute(sql`select 1`);
  });

  it('fails a query that waits for a pool connection past the limit', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Both connections of the pool busy.
    const holders = [0, 1].map(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      }),
    );
    await waitFor(
      'both connections taken',
      () => database.poolStats().idle === 0 && database.poolStats().total === 2,
      5_000,
      10,
    );
    const waiting = await elapsed(() => database.db.execute(sql`select 1`));
    release();
    await Promise.all(holders);
    expect(isDatabaseUnavailable(waiting.error)).toBe(true);
    expect(((waiting.error as Error).cause as Error).message).toMatch(
      /timeout exceeded when trying to connect/,
    );
    expect(waiting.ms).toBeLessThan(1_500);
    expect(database.poolStats().waiting).toBe(0);
  });

  // Stopping a server process (SIGSTOP) needs to be its owner or root: the one way here to make a server
  // that keeps the socket open and never answers, as behind a network partition.
  it.runIf(process.getuid?.() === 0)(
    'gives up a connection whose server stops answering, past statement_timeout',
    async () => {
      let pid = 0;
      const transaction = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        pid = result.rows[0]?.pid ?? 0;
        process.kill(pid, 'SIGSTOP');
        await tx.execute(sql`select 1`);
      });
      const silent = await elapsed(() => transaction);
      process.kill(pid, 'SIGCONT');
      await admin.query('select pg_terminate_backend($1)', [pid]);
      expect(isDatabaseUnavailable(silent.error)).toBe(true);
      // statement_timeout (400 ms) and the 2 s margin, not TCP's minutes.
      expect(silent.ms).toBeGreaterThan(2_000);
      expect(silent.ms).toBeLessThan(4_000);
      await database.db.execute(sql`select 1`);
    },
  );

  it('survives its sessions being ended, idle and inside a transaction', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pid = 0;
    const transaction = database.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      pid = result.rows[0]?.pid ?? 0;
      await held;
      await tx.execute(sql`select 1`);
    });
    await waitFor('the transaction to start', () => pid > 0, 5_000, 10);
    // Every session of this database but the admin's: the pool's (idle and in the transaction) and LISTEN.
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    // The process is still here to see the transaction fail as unavailability.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const failure = await transaction.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool makes new connections: the next statements work.
    await waitFor(
      'the pool to answer again',
      async () =>
        database.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
      5_000,
    );
  });

  it('makes a lost LISTEN connection again, listens again and says so', async () => {
    const heard: string[] = [];
    let reconnections = 0;
    const stop = await present(database.listen, 'a LISTEN on PostgreSQL')(
      'carta_test_channel',
      (payload) => heard.push(payload),
      () => {
        reconnections += 1;
      },
    );
    try {
      expect(database.listenerState()).toBe('connected');
      await database.db.execute(sql`select pg_notify('carta_test_channel', 'before')`);
      await waitFor('the first signal', () => heard.includes('before'), 5_000, 10);

      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%'`,
      );
      await waitFor('the listener to notice', () => database.listenerState() === 'reconnecting', 5_000, 10);
      await waitFor('the listener to be back', () => database.listenerState() === 'connected', 5_000, 10);
      expect(reconnections).toBe(1);
      await database.db.execute(sql`select pg_notify('carta_test_channel', 'after')`);
      await waitFor('a signal after the reconnection', () => heard.includes('after'), 5_000, 10);
    } finally {
      await stop();
    }
    expect(database.listenerState()).toBe('none');
  });
});
