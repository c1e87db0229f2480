// Over 300 lines and kept one file: every case starts from the one set-up (a club with the call on, a zone,
// two tables, a guest's own address) and follows the same call as guests, staff and the live stream see it.
import { WAITER_CALL_COOLDOWN_SECONDS, WAITER_CALL_EXPIRY_MINUTES } from '@carta/contract/waiter-call-rules';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { rateLimits, waiterCalls } from '../src/db/schema.ts';
import { hashAddress } from '../src/lib/rate-limits.ts';
import { type ClubFields, putTables, seedOwnerWithClub, startSecondApp } from './fixtures.ts';
import {
  present,
  seedClub,
  seedOwner,
  serverSentEvents,
  TEST_APP_SECRET,
  testDatabaseKind,
  uniqueAddress,
  useTestApp,
} from './helpers.ts';

/** Reads a server-sent event stream from a listening app; `next()` answers the data of the next event. */
const openStream = async (app: App, path: string, authorization: string) => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const controller = new AbortController();
  const response = await fetch(`${address}${path}`, {
    headers: { authorization },
    signal: controller.signal,
  });
  const events = serverSentEvents(response);
  const next = () => events.next('the next event', 10_000);
  return { response, next, close: () => controller.abort() };
};

describe('call waiter', () => {
  const context = useTestApp();

  const setUp = async (clubFields: ClubFields = {}) => {
    const { owner, club, call } = await seedOwnerWithClub(context, {
      club: { freeForever: true, callWaiterEnabled: true, ...clubFields },
    });
    const zone = (await call('POST', '/zones', { name: 'Terrazza' })).json();
    const [terrace, bar] = await putTables(call, [
      { name: 'Tavolo 7', tableZoneId: zone.id },
      { name: 'Banco' },
    ]);
    // The guest's calls carry no token; each set-up is its own phone (address) for the per-address limit.
    const phone = uniqueAddress();
    const guest = (method: 'GET' | 'POST', tableId: number, address = phone) =>
      context.app.inject({
        method,
        url: `/api/v1/clubs/${club.id}/menu/tables/${tableId}/waiter-call`,
        remoteAddress: address,
      });
    return {
      owner,
      club,
      call,
      guest,
      terrace: present(terrace, 'the first table'),
      bar: present(bar, 'the second table'),
    };
  };

  it('let a guest call, staff see it with table and zone, acknowledge and close it', async () => {
    const { call, guest, terrace } = await setUp();
    expect((await guest('GET', terrace.id)).json()).toMatchObject({ status: 'none', waitSeconds: 0 });

    const created = await guest('POST', terrace.id);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'open', acknowledgedAt: null });
    // Tapping again (or a second phone at the table) answers the same call: one open call per table.
    const again = await guest('POST', terrace.id, '10.0.0.2');
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('open');

    const { calls } = (await call('GET', '/waiter-calls')).json();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      tableId: terrace.id,
      tableName: 'Tavolo 7',
      zoneName: 'Terrazza',
      status: 'open',
    });

    expect((await call('POST', `/waiter-calls/${calls[0].id}/acknowledge`)).statusCode).toBe(204);
    expect((await guest('GET', terrace.id)).json().status).toBe('acknowledged');
    expect((await call('GET', '/waiter-calls')).json().calls[0].status).toBe('acknowledged');

    expect((await call('POST', `/waiter-calls/${calls[0].id}/close`)).statusCode).toBe(204);
    // Pressed twice by two waiters: still fine.
    expect((await call('POST', `/waiter-calls/${calls[0].id}/close`)).statusCode).toBe(204);
    expect((await call('GET', '/waiter-calls')).json().calls).toEqual([]);

    // Just served: the table waits out the cool-down, with a message and Retry-After.
    const state = (await guest('GET', terrace.id)).json();
    expect(state.status).toBe('none');
    expect(state.waitSeconds).toBeGreaterThan(WAITER_CALL_COOLDOWN_SECONDS - 5);
    const tooSoon = await guest('POST', terrace.id, '10.0.0.3');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('WAITER_CALL_TOO_SOON');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('let the table call again once the cool-down is over, and forget calls nobody closed', async () => {
    const { call, guest, terrace, bar } = await setUp();
    await guest('POST', terrace.id);
    const { calls } = (await call('GET', '/waiter-calls')).json();
    await call('POST', `/waiter-calls/${calls[0].id}/close`);
    // The cool-down has passed.
    await context.database.db
      .update(waiterCalls)
      .set({ closedAt: new Date(Date.now() - (WAITER_CALL_COOLDOWN_SECONDS + 1) * 1000) })
      .where(eq(waiterCalls.id, calls[0].id));
    expect((await guest('POST', terrace.id)).statusCode).toBe(201);

    // A call left open past the expiry no longer shows and no longer blocks the table.
    await guest('POST', bar.id);
    await context.database.db
      .update(waiterCalls)
      .set({ createdAt: sql`now() - ${`${WAITER_CALL_EXPIRY_MINUTES + 1} minutes`}::interval` })
      .where(eq(waiterCalls.tableId, bar.id));
    const open = (await call('GET', '/waiter-calls')).json().calls;
    expect(open.map((entry: { tableId: number }) => entry.tableId)).toEqual([terrace.id]);
    expect((await guest('POST', bar.id)).statusCode).toBe(201);
  });

  it('answer 404 when the club has the call off, is not open, or the table is not its own', async () => {
    const off = await setUp({ callWaiterEnabled: false });
    expect((await off.guest('POST', off.terrace.id)).statusCode).toBe(404);
    const pending = await setUp({ status: 'pending' });
    expect((await pending.guest('POST', pending.terrace.id)).statusCode).toBe(404);
    const disabled = await setUp({ enabled: false });
    expect((await disabled.guest('GET', disabled.terrace.id)).statusCode).toBe(404);
    const other = await setUp();
    // Another club's table under this club's id.
    const crossed = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${other.club.id}/menu/tables/${off.terrace.id}/waiter-call`,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it("keep another owner out of the club's calls", async () => {
    const { club, guest, terrace, call } = await setUp();
    await guest('POST', terrace.id);
    const { calls } = (await call('GET', '/waiter-calls')).json();
    const stranger = await seedOwner(context.database);
    for (const [method, path] of [
      ['GET', '/waiter-calls'],
      ['POST', `/waiter-calls/${calls[0].id}/acknowledge`],
      ['POST', `/waiter-calls/${calls[0].id}/close`],
    ] as const) {
      const response = await context.app.inject({
        method,
        url: `/api/v1/clubs/${club.id}${path}`,
        headers: { authorization: stranger.authorization },
      });
      expect(response.statusCode).toBe(404);
    }
    // A call id of this club under another club of the stranger's is not found either.
    const strangersClub = await seedClub(context.database, stranger.account.id);
    const crossed = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${strangersClub.id}/waiter-calls/${calls[0].id}/close`,
      headers: { authorization: stranger.authorization },
    });
    expect(crossed.statusCode).toBe(404);
    expect((await call('GET', '/waiter-calls')).json().calls).toHaveLength(1);
  });

  it('limit one address to a few calls in ten minutes, over all tables and both ways of calling', async () => {
    const { club, guest, terrace, bar, call } = await setUp();
    const address = uniqueAddress();
    const answers: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const tableId = index % 2 === 0 ? terrace.id : bar.id;
      answers.push((await guest('POST', tableId, address)).statusCode);
      const { calls } = (await call('GET', '/waiter-calls')).json();
      for (const entry of calls) await call('POST', `/waiter-calls/${entry.id}/close`);
      await context.database.db.update(waiterCalls).set({ closedAt: new Date(0) });
    }
    expect(answers.slice(0, 6).every((status) => status === 201)).toBe(true);
    expect(answers.slice(6)).toEqual([429, 429]);
    // The form for phones without JavaScript shares the count.
    const form = await context.app.inject({
      method: 'POST',
      url: `/public/waiter/${club.id}/${terrace.id}`,
      remoteAddress: address,
    });
    expect(form.statusCode).toBe(429);
    expect(Number(form.headers['retry-after'])).toBeGreaterThan(500);
    // Counted in the database under a keyed hash: the address itself is stored nowhere.
    const rows = await context.database.db.execute(sql`select * from rate_limits`);
    expect(JSON.stringify(rows)).not.toContain(address);
    const [row] = await context.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.keyHash, hashAddress(TEST_APP_SECRET, 'waiter_call', address)));
    expect(row?.count).toBe(9);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'limit one address over several server processes on one database',
    async () => {
      const { club, terrace, bar, call } = await setUp();
      const other = await startSecondApp(context.database);
      try {
        const address = uniqueAddress();
        const answers: number[] = [];
        for (let index = 0; index < 8; index += 1) {
          // Calls alternate between the two processes, as behind a load balancer.
          const app = index % 2 === 0 ? context.app : other;
          const tableId = index % 4 < 2 ? terrace.id : bar.id;
          const answer = await app.inject({
            method: 'POST',
            url: `/api/v1/clubs/${club.id}/menu/tables/${tableId}/waiter-call`,
            remoteAddress: address,
          });
          answers.push(answer.statusCode);
          const { calls } = (await call('GET', '/waiter-calls')).json();
          for (const entry of calls) await call('POST', `/waiter-calls/${entry.id}/close`);
          await context.database.db
            .update(waiterCalls)
            .set({ closedAt: new Date(0) })
            .where(eq(waiterCalls.clubId, club.id));
        }
        expect(answers).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
      } finally {
        await other.close();
      }
    },
  );

  it('offer the button on guest pages only when the club has it on, and work without JavaScript', async () => {
    const { club, call, terrace } = await setUp();
    await call('POST', '/menu', {
      name: 'Pranzo',
      sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }],
    });
    const page = await context.app.inject({
      method: 'GET',
      url: `/public/qrcodemenu/${club.id}/${terrace.id}`,
      headers: { 'accept-language': 'it' },
    });
    // One menu: the table opens it; the menu page carries the button and its form.
    const menu = await context.app.inject({
      method: 'GET',
      url: page.headers.location as string,
      headers: { 'accept-language': 'it' },
    });
    expect(menu.body).toContain('Chiama il cameriere');
    const action = /<form action="([^"]+)" method="post"/.exec(menu.body)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toMatch(new RegExp(`^/public/waiter/${club.id}/${terrace.id}\\?back=`));

    // The form as a browser without JavaScript sends it: a page that says staff know, and a link back.
    const formAddress = uniqueAddress();
    const sent = await context.app.inject({
      method: 'POST',
      url: present(action, 'the form action'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: '',
      remoteAddress: formAddress,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Staff notified');
    expect(sent.body).toContain(`href="/public/menu/${club.id}/${terrace.id}/`);
    expect((await call('GET', '/waiter-calls')).json().calls).toHaveLength(1);

    // Switched off in the settings: no button, and the call answers 404.
    await call('PATCH', '/settings', { callWaiterEnabled: false });
    const without = await context.app.inject({ method: 'GET', url: page.headers.location as string });
    expect(without.body).not.toContain('class="waiter"');
    const refused = await context.app.inject({
      method: 'POST',
      url: present(action, 'the form action'),
      remoteAddress: formAddress,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('keep cached guest pages when a waiter is called', async () => {
    const { club, guest, terrace } = await setUp();
    const url = `/public/qrcodemenu/${club.id}/${terrace.id}`;
    const first = await context.app.inject({ method: 'GET', url });
    await guest('POST', terrace.id);
    const second = await context.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.statusCode).toBe(304);
  });

  it('stream calls live to the owner app as server-sent events', async () => {
    const { owner, club, guest, terrace, call } = await setUp();
    const stream = await openStream(
      context.app,
      `/api/v1/clubs/${club.id}/waiter-calls/events`,
      owner.authorization,
    );
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      expect(await stream.next()).toEqual({ event: 'calls', data: { calls: [] } });
      await guest('POST', terrace.id);
      const arrived = (await stream.next()).data as { calls: { id: number; tableName: string }[] };
      expect(arrived.calls.map((entry) => entry.tableName)).toEqual(['Tavolo 7']);
      await call('POST', `/waiter-calls/${present(arrived.calls[0], 'a call').id}/acknowledge`);
      const acknowledged = (await stream.next()).data as { calls: { status: string }[] };
      expect(acknowledged.calls.map((entry) => entry.status)).toEqual(['acknowledged']);
    } finally {
      stream.close();
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'reach a live stream held by another server process (PostgreSQL NOTIFY)',
    async () => {
      const { owner, club, guest, terrace } = await setUp();
      const other = await startSecondApp(context.database);
      const stream = await openStream(
        other,
        `/api/v1/clubs/${club.id}/waiter-calls/events`,
        owner.authorization,
      );
      try {
        expect(await stream.next()).toEqual({ event: 'calls', data: { calls: [] } });
        // The guest's call goes through this process; the stream lives in the other one.
        await guest('POST', terrace.id);
        const arrived = (await stream.next()).data as { calls: { tableName: string }[] };
        expect(arrived.calls.map((entry) => entry.tableName)).toEqual(['Tavolo 7']);
      } finally {
        stream.close();
        await other.close();
      }
    },
  );
});
