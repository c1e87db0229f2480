import { REFRESH_TIME_MIN } from '@carta/contract/menus';
import { WAITER_CALLS_EVENT, WAITER_CALLS_PER_ADDRESS } from '@carta/contract/waiter-call-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { rateLimits } from '../src/db/schema.ts';
import { MAX_FAILURES_PER_ADDRESS } from '../src/features/accounts/attempts.ts';
import { hashAddress } from '../src/lib/rate-limits.ts';
import { GUEST_CACHE_CONTROL } from '../src/plugins/guest-answers.ts';
import { ONE_DISH_DINNER } from './fixtures.ts';
import {
  createThrowawayPostgres,
  present,
  seedClub,
  seedOwner,
  serverSentEvents,
  TEST_APP_SECRET,
  testDatabaseKind,
  uniquePhone,
} from './helpers.ts';
import {
  type ServerProcess,
  startServer,
  stopServers,
  temporaryFolder,
  waitFor,
  waitHealthy,
} from './server-process.ts';

/**
 * Three real server processes on one PostgreSQL database, with no proxy in front: what one process
 * changes or counts, the others see. Guests reach every process from 127.0.0.1 (TRUST_PROXY is off, so
 * the address is the socket's), as one phone behind a load balancer that spreads its requests. Every
 * wait polls under a deadline generous enough for a busy 2-core machine.
 */

const isPostgres = testDatabaseKind() === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const SIGN_UPS_PER_HOUR = 3;
const GUEST_ADDRESS = '127.0.0.1';

/** Says why in the report when the tests are skipped (PGlite pass). */
const TITLE = `three server processes on one PostgreSQL${
  isPostgres
    ? ''
    : ' (skipped: PostgreSQL only, run with CARTA_TEST_DB=postgres and TEST_DATABASE_URL; the embedded database serves one process)'
}`;

const minuteOf = (time: number) => Math.floor(time / 60_000);

describe.runIf(isPostgres)(TITLE, () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>> | undefined;
  let database: DatabaseHandle | undefined;
  let servers: ServerProcess[] = [];
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let clubId: number;
  let tableId: number;
  let menu: { id: number; sections: { id: number; items: { id: number; name: string }[] }[] };

  const at = (server: ServerProcess) => ({
    owner: (method: 'GET' | 'POST' | 'PUT', path: string, body?: object) =>
      fetch(`${server.origin}/api/v1/clubs/${clubId}${path}`, {
        method,
        headers: {
          authorization: owner.authorization,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    callWaiter: () =>
      fetch(`${server.origin}/api/v1/clubs/${clubId}/menu/tables/${tableId}/waiter-call`, { method: 'POST' }),
    post: (path: string, body: object) =>
      fetch(`${server.origin}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify(body),
      }),
  });
  const server = (index: number) => present(servers[index], `server process ${index}`);

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres('carta_multi');
    // Migrated here once, before the servers start (they would take turns at it anyway).
    database = await openDatabase({
      kind: 'postgres',
      url: throwaway.url,
      listenUrl: throwaway.listenUrl,
      poolSize: 2,
    });
    owner = await seedOwner(database);
    clubId = (await seedClub(database, owner.account.id, { freeForever: true, callWaiterEnabled: true })).id;
    const env = {
      DATABASE_URL: throwaway.url,
      DATABASE_LISTEN_URL: throwaway.listenUrl,
      DATABASE_POOL_SIZE: '3',
      // Stored files of all three in one folder, as on one shared disk; the database is PostgreSQL.
      DATA_DIR: await temporaryFolder('carta-multi-'),
      SIGN_UPS_PER_HOUR: String(SIGN_UPS_PER_HOUR),
      TRUST_PROXY: 'false',
      LOG_LEVEL: 'warn',
    };
    servers = await Promise.all([0, 1, 2].map(() => startServer(env)));
    await Promise.all(servers.map((each) => waitHealthy(each, 150_000)));

    const a = at(server(0));
    const tables = await a.owner('PUT', '/tables', { tables: [{ name: 'Tavolo 7' }] });
    expect(tables.status).toBe(200);
    tableId = present(((await tables.json()) as { tables: { id: number }[] }).tables[0], 'a table').id;
    const created = await a.owner('POST', '/menu', ONE_DISH_DINNER);
    expect(created.status).toBe(201);
    menu = (await created.json()) as typeof menu;
  }, 240_000);

  afterAll(async () => {
    await stopServers();
    await database?.close();
    await throwaway?.drop();
  });

  it('shows a write made through one process on a guest page of another at its next refresh', async () => {
    const [a, c] = [server(0), server(2)];
    const section = present(menu.sections[0], 'a section');
    const item = present(section.items[0], 'an item');
    const pageUrl = `${c.origin}/public/menu/${clubId}/${tableId}/${menu.id}`;
    const guest = { 'accept-language': 'it-IT,it;q=0.9' };
    // What the open page sends every `refreshTime` seconds (apps/guest/src/client/enhance.ts).
    const refresh = (etag: string) => ({ ...guest, 'x-carta-refresh': '1', 'if-none-match': etag });

    // A kept page is good until the club changes or the minute ends. Begin early in a minute, so a new
    // name seen before it ends was brought by the other process's signal, not by the minute running out.
    await waitFor('a minute with 30 s still to run', () => Date.now() % 60_000 <= 30_000, 35_000, 250);
    const first = await fetch(pageUrl, { headers: guest });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(GUEST_CACHE_CONTROL);
    expect(await first.text()).toContain('Carbonara');
    const etag = present(first.headers.get('etag'), 'an ETag');
    const keptMinute = minuteOf(Date.now());
    // C keeps it: its refresh costs an empty 304.
    expect((await fetch(pageUrl, { headers: refresh(etag) })).status).toBe(304);

    const renamed = await at(a).owner('PUT', `/menu/${menu.id}/sections/${section.id}/items`, {
      id: item.id,
      name: 'Amatriciana',
      price: 12,
    });
    expect(renamed.status).toBe(200);

    // The shortest refresh a menu may ask for is also how long a shared cache may keep the page: the new
    // name must be there by then.
    let body = '';
    await waitFor(
      "process C's refreshed page to show the new name",
      async () => {
        const refreshed = await fetch(pageUrl, { headers: refresh(etag) });
        if (refreshed.status !== 200) return false;
        body = await refreshed.text();
        return body.includes('Amatriciana');
      },
      REFRESH_TIME_MIN * 1000,
      100,
    );
    expect(body).not.toContain('Carbonara');
    expect(minuteOf(Date.now())).toBe(keptMinute);
  }, 90_000);

  it("brings a guest's waiter call made through one process to the owner's live view on another", async () => {
    const [b, c] = [server(1), server(2)];
    const controller = new AbortController();
    const response = await fetch(`${c.origin}/api/v1/clubs/${clubId}/waiter-calls/events`, {
      headers: { authorization: owner.authorization },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const events = serverSentEvents(response);
      expect(await events.next('the live view to open', 30_000)).toEqual({
        event: WAITER_CALLS_EVENT,
        data: { calls: [] },
      });

      expect((await at(b).callWaiter()).status).toBe(201);
      const arrived = await events.next("the call on process C's live view", 30_000);
      expect(arrived.event).toBe(WAITER_CALLS_EVENT);
      const { calls } = arrived.data as { calls: { tableName: string; status: string }[] };
      expect(calls.map((call) => [call.tableName, call.status])).toEqual([['Tavolo 7', 'open']]);
    } finally {
      controller.abort();
    }
  }, 90_000);

  it('counts the waiter calls of one address across the processes', async () => {
    // The call of the check above counted too: this check starts from none.
    const keyHash = hashAddress(TEST_APP_SECRET, 'waiter_call', GUEST_ADDRESS);
    const db = present(database, 'the database').db;
    await db.delete(rateLimits).where(eq(rateLimits.kind, 'waiter_call'));
    expect(WAITER_CALLS_PER_ADDRESS).toBe(6);

    // Two through each process succeed (the table's call is open already: each answers it, 200).
    for (const each of [...servers, ...servers])
      expect([200, 201]).toContain((await at(each).callWaiter()).status);
    // The seventh, through any of them, is one too many.
    for (const each of servers) {
      const refused = await at(each).callWaiter();
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // One row for the address, under its hash, counting all nine.
    const rows = await db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.kind, 'waiter_call'), eq(rateLimits.keyHash, keyHash)));
    expect(rows.map((row) => row.count)).toEqual([WAITER_CALLS_PER_ADDRESS + servers.length]);
  }, 90_000);

  it('holds the per-address login limit across the processes', async () => {
    // Wrong logins, each for another phone (so no account's own delay comes into it), spread over A, B, C.
    const wrongLogin = (index: number) =>
      at(server(index % servers.length)).post('/login', {
        username: uniquePhone(),
        password: 'Tavolo7$Ross',
        totp: '000000',
      });
    for (let failure = 0; failure < MAX_FAILURES_PER_ADDRESS; failure += 1)
      expect((await wrongLogin(failure)).status).toBe(401);
    for (let index = 0; index < servers.length; index += 1) {
      const refused = await wrongLogin(index);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
      // The address waits until its oldest failure leaves the 15-minute window.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  }, 120_000);

  it('holds the per-address sign-up limit across the processes', async () => {
    const signUp = (index: number) => {
      const phone = uniquePhone();
      return at(server(index % servers.length)).post('/users', {
        name: 'Lucia',
        lastName: 'Verdi',
        email: `lucia.${phone}@example.com`,
        phone: `+${phone.slice(0, 2)} ${phone.slice(2)}`,
        password: 'Tavolo7$Blu',
        passwordTwo: 'Tavolo7$Blu',
        language: 'en',
      });
    };
    // SIGN_UPS_PER_HOUR=3: one through each process, then the address has had its hour's share.
    for (let index = 0; index < SIGN_UPS_PER_HOUR; index += 1) {
      const created = await signUp(index);
      expect(created.status, await created.clone().text()).toBe(201);
    }
    for (let index = 0; index < servers.length; index += 1) {
      const refused = await signUp(index);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
    }
  }, 120_000);
});
