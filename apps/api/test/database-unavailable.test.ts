import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { AppError } from '../src/lib/app-error.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { repeatWhileOpen } from '../src/lib/repeat.ts';
import { openTestDatabase, seedOwner, TEST_APP_SECRET, testConfig } from './helpers.ts';
import { waitFor } from './server-process.ts';

/**
 * A database that does not answer (docs/decisions/0057-database-outages.md): what counts as that, how the
 * API answers it, how the timed jobs wait it out. PostgreSQL's own statement and pool limits and a LISTEN
 * connection made again are in postgres-limits.test.ts.
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
