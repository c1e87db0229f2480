import { gunzipSync } from 'node:zlib';
import type { Counter } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import { KEPT_DATA_MAX_AGE_MS } from '../src/plugins/guest-cache.ts';
import { guestMenuUrl, putTables, seedOwnerWithClub } from './fixtures.ts';
import { demoDinnerSections, present, TEST_APP_SECRET, testConfig, useTestApp } from './helpers.ts';

/**
 * Guest pages are made once for every table of a club and kept until the club writes
 * (docs/decisions/0061-guest-pages-rendered-once.md), and read from memory while the database is away
 * (0057). The guests' app here is a second app on the same database whose database can be "unplugged":
 * every read then fails as node-postgres fails when PostgreSQL is gone.
 */
describe('guest pages made once for every table', () => {
  const context = useTestApp();
  let guests: App;
  let isUnplugged = false;

  const unplugged = (database: DatabaseHandle): DatabaseHandle => {
    const refuse = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const db = new Proxy(database.db, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver);
        if (isUnplugged && typeof value === 'function') return refuse;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { ...database, db };
  };

  beforeAll(async () => {
    guests = await buildApp({
      config: testConfig(),
      database: unplugged(context.database),
      appSecret: TEST_APP_SECRET,
      mailer: createMemoryMailer(),
      isRunningJobs: false,
      logger: false,
    });
    await guests.ready();
  });
  afterAll(async () => {
    await guests?.close();
  });
  afterEach(() => {
    isUnplugged = false;
    vi.useRealTimers();
  });

  const renders = async () => {
    const { values } = await (guests.metrics.guestCache.renders as Counter).get();
    return values[0]?.value ?? 0;
  };

  const setUp = async (tableCount: number) => {
    // Through the guests' app: on the embedded database (one process, no NOTIFY) only the app that
    // writes hears it.
    const { club, call } = await seedOwnerWithClub(
      { app: guests, database: context.database },
      {
        club: {
          name: 'Trattoria Sei Tavoli',
          freeForever: true,
          translationsEnabled: true,
          menuLanguages: ['en'],
          callWaiterEnabled: true,
          menuLabelEnabled: true,
        },
      },
    );
    const names = Array.from({ length: tableCount }, (_, index) => String(index + 1));
    const tables = await putTables(
      call,
      names.map((name) => ({ name })),
    );
    const menu = (await call('POST', '/menu', { name: 'Cena', sections: demoDinnerSections() })).json() as {
      id: number;
      sections: { id: number; items: { id: number; name: string }[] }[];
    };
    await call('POST', '/menu', { name: 'Drink' });
    const page = (tableId: number, language: string, encoding = 'gzip') =>
      guests.inject({
        method: 'GET',
        url: guestMenuUrl(club.id, tableId, menu.id),
        headers: { 'accept-language': language, 'accept-encoding': encoding },
      });
    return { club, call, tables, menu, page };
  };

  it('render a menu once per language for all the tables, each page with its own table', async () => {
    const { club, tables, menu, page } = await setUp(6);
    const before = await renders();
    for (const table of tables)
      for (const language of ['it-IT,it;q=0.9', 'en-GB,en;q=0.9']) {
        const answer = await page(table.id, language);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBe('gzip');
        const html = gunzipSync(answer.rawPayload).toString();
        // The table's own name, its own waiter form and links: never another table's.
        expect(html).toContain(
          `<p class="table">${language.startsWith('it') ? 'Tavolo' : 'Table'} ${table.name}</p>`,
        );
        expect(html).toContain(`action="/public/waiter/${club.id}/${table.id}?back=`);
        expect(html).toContain(`href="/public/qrcodemenu/${club.id}/${table.id}?list&amp;lang=`);
        expect(html).toContain(`href="/public/menu/${club.id}/${table.id}/${menu.id}?lang=en"`);
        for (const other of tables.filter((each) => each.id !== table.id))
          expect(html).not.toContain(`/public/waiter/${club.id}/${other.id}?`);
        // The same bytes without compression.
        const plain = await page(table.id, language, 'identity');
        expect(plain.body).toBe(html);
      }
    // Two pages made (Italian, English), twelve served.
    expect((await renders()) - before).toBe(2);
  });

  it('keep a page past the minute, and make it again only when the club writes something guests see', async () => {
    const { call, tables, page } = await setUp(3);
    const first = present(tables[0], 'the first table');
    const second = present(tables[1], 'the second table');
    const kept = await page(first.id, 'it');
    expect(gunzipSync(kept.rawPayload).toString()).toContain('<span class="label best">Più venduto</span>');
    const made = await renders();
    // Past the time what was read is trusted: read again, the same, so the page stays.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + KEPT_DATA_MAX_AGE_MS + 1_000 });
    const statements = context.database.statements();
    expect((await page(second.id, 'it')).statusCode).toBe(200);
    expect(context.database.statements() - statements).toBeGreaterThan(0);
    expect(await renders()).toBe(made);
    // An owner's change (the labels off): made again, with the change.
    const saved = await call('PATCH', '/settings', { menuLabelEnabled: false });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = gunzipSync((await page(first.id, 'it')).rawPayload).toString();
    expect(changed).not.toContain('Più venduto');
    expect(await renders()).toBe(made + 1);
  });

  it('serve the kept page, marked stale, while the database is away, and a readable notice otherwise', async () => {
    const { club, call, tables, page } = await setUp(2);
    const other = await setUp(1);
    const first = present(tables[0], 'the first table');
    const fresh = await page(first.id, 'it');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.warning).toBeUndefined();
    // A write after the page was kept: the page is no longer current, but it is all guests can have.
    await call('PATCH', '/settings', { menuLabelEnabled: false });
    isUnplugged = true;
    const stale = await page(first.id, 'it');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.warning).toBe('110 - "Response is Stale"');
    expect(stale.headers['cache-control']).toBe('no-store');
    expect(gunzipSync(stale.rawPayload).toString()).toBe(gunzipSync(fresh.rawPayload).toString());
    // A club nobody read before: nothing kept, so a page that says to try again, in the guest's language.
    const missing = await guests.inject({
      method: 'GET',
      url: `/public/qrcodemenu/${other.club.id}/${other.tables[0]?.id}`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(missing.statusCode).toBe(503);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.headers['retry-after']).toBe('5');
    expect(missing.body).toContain('The menu cannot be reached');
    // Back: current again, without a restart.
    isUnplugged = false;
    const back = await page(first.id, 'it');
    expect(back.statusCode).toBe(200);
    expect(back.headers.warning).toBeUndefined();
    expect(club.id).toBeGreaterThan(0);
  });
});
