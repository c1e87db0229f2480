import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { seedClub, seedOwner, testDatabaseKind, withThrowawayPostgres } from './helpers.ts';
import {
  kill9,
  temporaryFolder as newFolder,
  type ServerProcess as Server,
  startServer,
  stopServers,
  waitFor,
  waitHealthy,
} from './server-process.ts';

/**
 * Real server processes on a real data folder: killed with SIGKILL, stopped with SIGTERM, restarted.
 * Every wait polls a condition under a deadline; every child is killed and every folder removed.
 */

afterAll(stopServers);

const temporaryFolder = () => newFolder('carta-crash-');

/** An owner, a club and its bearer token, written before any server runs. */
const seed = async (database: DatabaseHandle) => {
  const owner = await seedOwner(database);
  const club = await seedClub(database, owner.account.id, { freeForever: true });
  return { clubId: club.id, authorization: owner.authorization };
};

const seedEmbedded = async (dataDirectory: string) => {
  const database = await openDatabase({ kind: 'pglite', directory: path.join(dataDirectory, 'pg') });
  try {
    return await seed(database);
  } finally {
    await database.close();
  }
};

type Owner = Awaited<ReturnType<typeof seed>>;

const zonesUrl = (server: Server, owner: Owner) => `${server.origin}/api/v1/clubs/${owner.clubId}/zones`;

const createZone = (server: Server, owner: Owner, name: string) =>
  fetch(zonesUrl(server, owner), {
    method: 'POST',
    headers: { authorization: owner.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });

const listZoneNames = async (server: Server, owner: Owner) => {
  const response = await fetch(zonesUrl(server, owner), { headers: { authorization: owner.authorization } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { tableZones: { name: string }[] };
  return new Set(body.tableZones.map((zone) => zone.name));
};

/**
 * Four clients create zones as fast as the server answers until it dies; answers the names whose
 * creation was acknowledged (201). The server is killed with SIGKILL 1–3 s after the first acknowledgement.
 */
const writeUntilKilled = async (server: Server, owner: Owner, round: number) => {
  const acknowledged: string[] = [];
  let isDead = false;
  const worker = async (id: number) => {
    for (let index = 0; !isDead; index += 1) {
      const name = `r${round}-w${id}-${index}`;
      try {
        const response = await createZone(server, owner, name);
        if (response.status === 201) acknowledged.push(name);
        else if (!isDead) throw new Error(`Unexpected ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (!isDead) throw error;
      }
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  await waitFor('a first acknowledged write', () => acknowledged.length > 0, 30_000);
  await new Promise((resolve) => setTimeout(resolve, randomInt(1_000, 3_000)));
  server.child.kill('SIGKILL');
  isDead = true;
  await server.exited;
  await Promise.all(workers);
  return acknowledged;
};

const ROUNDS = 3;

/**
 * ROUNDS kills during writes; each restart must find every write acknowledged before the kill (the
 * restart that checks a round is the one that writes the next).
 */
const checkNoAcknowledgedWriteLost = async (env: Record<string, string>, owner: Owner) => {
  let total = 0;
  let previous: string[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const server = await startServer(env);
    await waitHealthy(server);
    const stored = await listZoneNames(server, owner);
    expect(previous.filter((name) => !stored.has(name))).toEqual([]);
    if (round === ROUNDS) {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      break;
    }
    previous = await writeUntilKilled(server, owner, round);
    expect(previous.length).toBeGreaterThan(0);
    total += previous.length;
  }
  console.info(`${total} acknowledged writes over ${ROUNDS} SIGKILL rounds, 0 lost`);
};

describe.runIf(testDatabaseKind() === 'pglite')('the embedded database and a crashed server', () => {
  it('starts again at once after a kill -9, and still refuses a second server while one runs', async () => {
    const dataDirectory = await temporaryFolder();
    await seedEmbedded(dataDirectory);
    const first = await startServer({ DATA_DIR: dataDirectory });
    await waitHealthy(first);

    const second = await startServer({ DATA_DIR: dataDirectory });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already in use by another Carta process');

    await kill9(first);
    const startedAt = Date.now();
    const restarted = await startServer({ DATA_DIR: dataDirectory });
    await waitHealthy(restarted);
    // Start-up itself (tsx, WebAssembly, migrations check) takes a few seconds on a busy machine; the
    // point is that it is not refused, nor kept waiting for the dead process's lock to age.
    expect(Date.now() - startedAt).toBeLessThan(30_000);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 120_000);

  it('loses no acknowledged write when the server is killed with SIGKILL while owners write', async () => {
    const dataDirectory = await temporaryFolder();
    const owner = await seedEmbedded(dataDirectory);
    await checkNoAcknowledgedWriteLost({ DATA_DIR: dataDirectory }, owner);
  }, 300_000);

  it('on SIGTERM finishes the request in flight, exits 0 within 10 s and leaves the folder free', async () => {
    const dataDirectory = await temporaryFolder();
    const owner = await seedEmbedded(dataDirectory);
    // At debug the server logs each request as it begins ("incoming request").
    const server = await startServer({ DATA_DIR: dataDirectory, LOG_LEVEL: 'debug' });
    await waitHealthy(server);

    // A request whose body is still arriving when SIGTERM comes: the server has begun it (it logged
    // "incoming request") and must finish it.
    const body = JSON.stringify({ name: 'Terrazza' });
    let answer: { status: number | undefined; text: string } | undefined;
    const pending = request(zonesUrl(server, owner), {
      method: 'POST',
      headers: {
        authorization: owner.authorization,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answered = new Promise<void>((resolve, reject) => {
      pending.once('error', reject);
      pending.once('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.once('end', () => {
          answer = { status: response.statusCode, text };
          resolve();
        });
      });
    });
    pending.write(body.slice(0, 5));
    pending.flushHeaders();
    await waitFor(
      'the server to begin the request',
      () => server.output().includes('"msg":"incoming request"') && server.output().includes('"POST"'),
      30_000,
    );
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitFor(
      'the server to begin shutting down',
      () => server.output().includes('shutting down'),
      10_000,
    );
    pending.end(body.slice(5));
    await answered;
    expect(answer?.status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);

    // Closed cleanly: the folder opens at once, with the write in it.
    const reopened = await openDatabase({ kind: 'pglite', directory: path.join(dataDirectory, 'pg') });
    try {
      const rows = (await reopened.db.execute(
        "select name from table_zones where name = 'Terrazza'",
      )) as unknown as {
        rows: unknown[];
      };
      expect(rows.rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('on SIGTERM does not wait past 10 s for a request that never ends', async () => {
    const dataDirectory = await temporaryFolder();
    const owner = await seedEmbedded(dataDirectory);
    // At debug the server logs each request as it begins.
    const server = await startServer({ DATA_DIR: dataDirectory, LOG_LEVEL: 'debug' });
    await waitHealthy(server);
    const stuck = request(zonesUrl(server, owner), {
      method: 'POST',
      headers: {
        authorization: owner.authorization,
        'content-type': 'application/json',
        'content-length': 100,
      },
    });
    stuck.on('error', () => {});
    stuck.write('{"name"');
    stuck.flushHeaders();
    try {
      await waitFor('the server to begin the request', () => server.output().includes('"POST"'), 30_000);
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await server.exited;
      expect(Date.now() - signalledAt).toBeLessThan(13_000);
      // The folder is free again for the next start.
      const reopened = await openDatabase({ kind: 'pglite', directory: path.join(dataDirectory, 'pg') });
      await reopened.close();
    } finally {
      stuck.destroy();
    }
  }, 120_000);
});

describe.runIf(testDatabaseKind() === 'postgres' && process.env.TEST_DATABASE_URL)(
  'PostgreSQL and a crashed server',
  () => {
    it('loses no acknowledged write when the server is killed with SIGKILL while owners write', async () => {
      await withThrowawayPostgres('carta_crash', async (url, listenUrl) => {
        const database = await openDatabase({ kind: 'postgres', url, listenUrl, poolSize: 2 });
        let owner: Owner;
        try {
          owner = await seed(database);
        } finally {
          await database.close();
        }
        const dataDirectory = await temporaryFolder();
        await checkNoAcknowledgedWriteLost(
          { DATA_DIR: dataDirectory, DATABASE_URL: url, DATABASE_LISTEN_URL: listenUrl },
          owner,
        );
      });
    }, 300_000);
  },
);
