import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { AppError } from '../src/lib/app-error.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { repeatWhileOpen } from '../src/lib/repeat.ts';
import {
  createThrowawayPostgres,
  isThroughPgBouncer,
  openTestDatabase,
  present,
  seedOwner,
  TEST_APP_SECRET,
  testConfig,
  testDatabaseKind,
} from './helpers.ts';
import { waitFor } from './server-process.ts';

/**
 * A database that does not answer (docs/decisions/0057-database-outages.md): what counts as that, how the
 * API answers it, how the timed jobs wait it out, and, on PostgreSQL (directly, and through PgBouncer in
 * that pass), the statement and pool limits and a LISTEN connection made again.
 */

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'the server shutting down (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (class 08)', withCode('08006')],
    ['PgBouncer unable to reach the server (08P01)', withCode('08P01', 'server login has been failing')],
    ['a statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool wait exceeded', new Error('timeout exceeded when trying to connect')],
    ['a client broken earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool ended', new Error('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['a health check past its deadline', new DatabaseUnavailableError('select 1: no answer within 2000 ms')],
    [
      "Drizzle's wrapper around one",
      new Error('Failed query: select 1\nparams: ', { cause: withCode('57P01') }),
    ],
    [
      'every address of a name refused',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ],
  ])('%s is unavailability', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['an invalid value', withCode('22P02')],
    ['a bug', new Error('Cannot read properties of undefined')],
    ['a refusal of ours', new AppError(404, 'NOT_FOUND')],
    ['nothing', undefined],
    ['a string', 'Connection terminated'],
  ])('%s is not', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the answer while the database is away', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let authorization: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    authorization = (await seedOwner(database)).authorization;
    app = await buildApp({
      config: testConfig(),
      database,
      appSecret: TEST_APP_SECRET,
      isRunningJobs: false,
      logger: false,
    });
    await app.ready();
    // As when the server goes away under a running process: every statement fails from now on.
    await database.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is 503 DATABASE_UNAVAILABLE in the error shape, in both languages, with Retry-After', async () => {
    for (const [language, message] of [
      ['it', 'Il servizio non riesce a raggiungere i dati in questo momento: riprova tra qualche secondo'],
      ['en', 'The service cannot reach its data right now: try again in a few seconds'],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/clubs',
        headers: { authorization, 'accept-language': language },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE', message });
    }
  });
});

describe('timed jobs while the database is away', () => {
  it('skip their rounds, log one line when it goes and one when it is back, then run again', async () => {
    const lines: { level: number; msg: string }[] = [];
    let isAway = false;
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    app.decorate('database', {
      ping: async () => {
        if (isAway) throw refused();
      },
    } as unknown as DatabaseHandle);
    let rounds = 0;
    let tries = 0;
    const errors: unknown[] = [];
    for (const name of ['billing', 'mail']) {
      repeatWhileOpen(app, {
        name,
        everyMs: 20,
        task: async () => {
          tries += 1;
          if (isAway) throw new Error(`Failed query (${name})`, { cause: refused() });
          rounds += 1;
        },
        onError: (error) => errors.push(error),
      });
    }
    await app.ready();
    try {
      await waitFor('a few rounds', () => rounds >= 4, 5_000, 10);
      isAway = true;
      await waitFor('the outage to be noticed', () => lines.some((line) => line.level === 40), 5_000, 10);
      const triesWhenNoticed = tries;
      // Rounds go on ticking for a while: none of them runs its task, none logs.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(tries - triesWhenNoticed).toBeLessThanOrEqual(2);
      isAway = false;
      const roundsBefore = rounds;
      await waitFor('the jobs to run again', () => rounds > roundsBefore + 2, 5_000, 10);
      expect(errors).toEqual([]);
      const logged = lines.filter((line) => line.level >= 30).map((line) => line.msg);
      expect(logged).toEqual([
        'database unavailable: timed jobs skip their rounds until it answers',
        'database answers again: timed jobs resume',
      ]);
    } finally {
      await app.close();
    }
  });

  it('hand any other failure to onError, every round', async () => {
    const app = Fastify({ logger: false });
    const errors: unknown[] = [];
    repeatWhileOpen(app, {
      name: 'a bug',
      everyMs: 20,
      task: async () => {
        throw new Error('a bug');
      },
      onError: (error) => errors.push(error),
    });
    await app.ready();
    try {
      await waitFor('three failed rounds', () => errors.length >= 3, 5_000, 10);
    } finally {
      await app.close();
    }
  });
});

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
