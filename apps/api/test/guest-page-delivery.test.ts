import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banners, clubs, storedFiles } from '../src/db/schema.ts';
import { addTable, ONE_DISH_DINNER, seedOwnerWithClub, startSecondApp } from './fixtures.ts';
import { demoDinner, guestPageSetUp } from './guest-page-fixtures.ts';
import { testDatabaseKind, useTestApp } from './helpers.ts';

// How guest pages travel: the first TCP flight, caching and 304s, encodings, kept pages dropped across
// processes (docs/decisions/0061-guest-pages-rendered-once.md), and the few statements a first read costs.

describe('guest pages', () => {
  const context = useTestApp();
  const setUp = guestPageSetUp(context);

  it('send the 80-dish menu page, styles included, within the first TCP flight (14 KB, RFC 6928)', async () => {
    const { club, call, table } = await setUp();
    const menu = (await call('POST', '/menu', demoDinner())).json();
    const url = `/public/menu/${club.id}/${table.id}/${menu.id}`;
    const sent = (acceptEncoding: string) =>
      context.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'it-IT,it;q=0.9', 'accept-encoding': acceptEncoding },
      });
    const html = (await sent('identity')).body;
    expect((html.match(/class="item/g) ?? []).length).toBe(80);
    // Pages are spliced in gzip for every table (0061): a browser that takes brotli gets gzip.
    const browser = await sent('br, gzip');
    expect(browser.headers['content-encoding']).toBe('gzip');
    // The bytes that leave the server, not a recompression of the HTML here.
    expect(browser.rawPayload.length).toBeLessThanOrEqual(14 * 1024);
    expect(gunzipSync(browser.rawPayload).toString()).toBe(html);
    const gzip = await sent('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    expect(gzip.rawPayload.length).toBeLessThanOrEqual(14 * 1024);
  });

  it('send one small script, cached for a year, and answer an unchanged page with an empty 304', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (await call('POST', '/menu', demoDinner())).json();
    const first = await page(`/public/menu/${club.id}/${table.id}/${menu.id}`);
    const scriptPath = first.body.match(
      /<script type="module" src="(\/public\/assets\/guest-[0-9a-f]{12}\.js)"><\/script>/,
    )?.[1];
    expect(scriptPath).toBeDefined();
    const script = await context.app.inject({ method: 'GET', url: scriptPath ?? '' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toContain('javascript');
    expect(gzipSync(script.rawPayload).length).toBeLessThanOrEqual(30 * 1024);

    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=15, stale-while-revalidate=60, stale-if-error=86400',
    );
    const again = await context.app.inject({
      method: 'GET',
      url: `/public/menu/${club.id}/${table.id}/${menu.id}`,
      headers: { 'accept-language': 'it-IT,it;q=0.9', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // An owner's change makes a new page.
    const item = menu.sections[0].items[1];
    await call('PUT', `/menu/${menu.id}/sections/${menu.sections[0].id}/items/batch`, {
      items: [{ id: item.id, outOfStock: true }],
    });
    const changed = await context.app.inject({
      method: 'GET',
      url: `/public/menu/${club.id}/${table.id}/${menu.id}`,
      headers: { 'accept-language': 'it-IT,it;q=0.9', 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('answer 304 to If-None-Match with a weak tag, a list of tags or *, on the page and the JSON', async () => {
    const { club, call, table } = await setUp();
    const menu = (await call('POST', '/menu', demoDinner())).json();
    for (const url of [
      `/public/menu/${club.id}/${table.id}/${menu.id}`,
      `/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`,
      `/api/v1/clubs/${club.id}/menu/tables/${table.id}`,
    ]) {
      const get = (headers: Record<string, string>) =>
        context.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-language': 'it-IT,it;q=0.9', 'accept-encoding': 'br, gzip', ...headers },
        });
      const first = await get({});
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      // A tag a proxy or a CDN weakened, and the tag of another encoding of the same content.
      const plain = (await get({ 'accept-encoding': 'identity' })).headers.etag as string;
      expect(plain).not.toBe(etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", W/${etag}`, `W/"other",${etag}`, '*', plain]) {
        const answer = await get({ 'if-none-match': ifNoneMatch });
        expect(answer.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(answer.rawPayload.length).toBe(0);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.headers.etag).toBe(etag);
      }
      for (const ifNoneMatch of ['"other"', 'W/"other", "else"', `"${etag.slice(2, -1)}"`]) {
        expect((await get({ 'if-none-match': ifNoneMatch })).statusCode, `${url} ${ifNoneMatch}`).toBe(200);
      }
    }
  });

  it('send guest pages and JSON in the encoding the browser takes, kept once, cacheable by a CDN', async () => {
    const { club, call, table } = await setUp();
    const menu = (await call('POST', '/menu', demoDinner())).json();
    // The JSON is compressed whole, in brotli or gzip; pages are spliced per table, in gzip only (0061).
    for (const [url, type, brotli] of [
      [`/public/menu/${club.id}/${table.id}/${menu.id}`, 'text/html', 'gzip'],
      [`/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`, 'application/json', 'br'],
    ] as const) {
      const get = (acceptEncoding?: string) =>
        context.app.inject({
          method: 'GET',
          url,
          headers: {
            'accept-language': 'it-IT,it;q=0.9',
            ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
          },
        });
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toContain(type);
      expect(plain.headers.vary).toContain('accept-encoding');
      expect(plain.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=15, stale-while-revalidate=60, stale-if-error=86400',
      );
      for (const [acceptEncoding, encoding] of [
        ['gzip, deflate, br, zstd', brotli],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=1, br;q=0.5', 'gzip'],
        ['*', brotli],
        ['*;q=0', undefined],
        ['gzip;q=0, br;q=0', undefined],
        ['deflate', undefined],
        ['identity', undefined],
      ] as const) {
        const answer = await get(acceptEncoding);
        expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(answer.headers.vary).toContain('accept-encoding');
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(answer.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(answer.rawPayload)
              : answer.rawPayload;
        expect(decoded.toString()).toBe(plain.body);
        expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      }
    }
    // The page's own choice of language still makes a different copy in a shared cache.
    const page = await context.app.inject({
      method: 'GET',
      url: `/public/menu/${club.id}/${table.id}/${menu.id}`,
    });
    expect(page.headers.vary).toBe('accept-language, accept-encoding');
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'drops a page kept in another process when an owner changes the menu (PostgreSQL NOTIFY)',
    async () => {
      const { club, call, table } = await setUp();
      const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
      const other = await startSecondApp(context.database);
      try {
        const url = `/public/menu/${club.id}/${table.id}/${menu.id}`;
        const before = await other.inject({ method: 'GET', url });
        expect(before.body).not.toContain('Esaurito');
        // The change goes through this process; the other one hears of it and renders again.
        const item = menu.sections[0].items[0];
        await call('PUT', `/menu/${menu.id}/sections/${menu.sections[0].id}/items/batch`, {
          items: [{ id: item.id, outOfStock: true }],
        });
        await expect
          .poll(async () => (await other.inject({ method: 'GET', url })).body, { timeout: 5000 })
          .toContain('Esaurito');
      } finally {
        await other.close();
      }
    },
  );
});

describe('guest reads', () => {
  const context = useTestApp();

  it('load a table view and a menu page in a few statements, the logo once', async () => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: { freeForever: true, translationsEnabled: true, menuLanguages: ['en'] },
    });
    const logoKey = `img/${'c'.repeat(24)}`;
    const bannerKey = `img/${'d'.repeat(24)}`;
    for (const key of [logoKey, bannerKey])
      await context.database.db.insert(storedFiles).values({
        clubId: club.id,
        key,
        purpose: key === logoKey ? 'logo' : 'banner',
        contentType: 'image/jpeg',
        bytes: 1000,
        width: 512,
        height: 512,
        variants: [{ width: 256, height: 256 }],
      });
    await context.database.db.update(clubs).set({ logo: logoKey }).where(eq(clubs.id, club.id));
    const table = await addTable(call, '1');
    const dinner = (await call('POST', '/menu', demoDinner())).json();
    await call('POST', '/menu', { name: 'Drink' });
    await call('PUT', `/menu/${dinner.id}/schedulings`, {
      schedulings: [{ days: [1, 2, 3, 4, 5, 6, 7], startTime: null, endTime: null }],
    });
    await context.database.db.insert(banners).values({
      menuId: dinner.id,
      title: 'Happy hour',
      price: '8 €',
      imageUrl: `/files/${bannerKey}-256.webp`,
    });
    // A write through the API drops the kept pages: the reads below are the first ones.
    await call('PATCH', '/settings', { menuLabelEnabled: true });

    const statementsOf = async (url: string) => {
      const before = context.database.statements();
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return context.database.statements() - before;
    };
    const counts = {
      tableView: await statementsOf(`/api/v1/clubs/${club.id}/menu/tables/${table.id}`),
      menuView: await statementsOf(`/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${dinner.id}`),
      tablePage: await statementsOf(`/public/qrcodemenu/${club.id}/${table.id}`),
      menuPage: await statementsOf(`/public/menu/${club.id}/${table.id}/${dinner.id}`),
    };
    // The club with its tables, address, theme and logo in one statement, the menus with their
    // schedules in another; a menu adds itself with its banner and theme, then its sections, items and
    // translations. Before they were loaded apart (the logo three times): 5 and 12. What was read is
    // kept for the club (0061): the pages after the guests' calls read nothing again.
    expect(counts.tableView).toBeLessThanOrEqual(2);
    expect(counts.menuView).toBeLessThanOrEqual(5);
    expect(counts.tablePage).toBe(0);
    expect(counts.menuPage).toBe(0);
  });
});
