import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { THEME_FONTS } from '@carta/contract/themes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banners, clubs, storedFiles } from '../src/db/schema.ts';
import {
  addTable,
  type ClubFields,
  guestGet,
  ONE_DISH_DINNER,
  seedOwnerWithClub,
  startSecondApp,
} from './fixtures.ts';
import { demoDinnerSections, testDatabaseKind, useTestApp } from './helpers.ts';

/** The demo's 80-dish dinner as one POST /menu body. */
const demoDinner = () => ({
  name: 'Cena',
  adminDisplayName: 'nota segreta del titolare',
  footer: 'Coperto 2,50 €',
  sections: demoDinnerSections(),
});

describe('guest pages', () => {
  const context = useTestApp();

  const setUp = async (clubFields: ClubFields = {}) => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: {
        name: 'Osteria Blu',
        freeForever: true,
        translationsEnabled: true,
        menuLanguages: ['en'],
        displayPhone: '+39 02 123456',
        instagram: 'https://instagram.com/osteriablu',
        ...clubFields,
      },
    });
    const table = await addTable(call);
    const page = (path: string, language?: string) => guestGet(context.app, path, language);
    return { club, call, table, page };
  };

  it('answer an unknown table with a readable 404 page in the guest language', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/public/qrcodemenu/999999/1',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="de"');
    expect(response.body).toContain('Speisekarte nicht gefunden');
  });

  it('say when a venue is coming soon or disabled, in the guest language, and nothing more', async () => {
    for (const [fields, text] of [
      [{ status: 'pending' as const }, 'The menu is coming soon'],
      [{ status: 'suspended' as const }, 'Menu not available'],
      [{ enabled: false }, 'Menu not available'],
    ] as const) {
      const { club, call, table, page } = await setUp(fields);
      await call('POST', '/menu', ONE_DISH_DINNER);
      const response = await page(`/public/qrcodemenu/${club.id}/${table.id}`, 'en');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(text);
      expect(response.body).toContain('Osteria Blu');
      expect(response.body).not.toContain('Carbonara');
      expect(response.body).not.toContain('instagram');
    }
  });

  it('list the menus of a table, and open the only one directly', async () => {
    const { club, call, table, page } = await setUp();
    const dinner = (await call('POST', '/menu', { name: 'Cena' })).json();
    const one = await page(`/public/qrcodemenu/${club.id}/${table.id}`);
    expect(one.statusCode).toBe(302);
    expect(one.headers.location).toBe(`/public/menu/${club.id}/${table.id}/${dinner.id}?lang=it`);
    await call('POST', '/menu', { name: 'Drink' });
    const list = await page(`/public/qrcodemenu/${club.id}/${table.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).toMatch(/Cena<\/a>.*Drink<\/a>/s);
    expect(list.body).toContain('Tavolo 7');
  });

  it('render a menu with labels, price texts, allergens, translations with fallback, and no hidden rows', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (await call('POST', '/menu', demoDinner())).json();
    // A hidden dish and a hidden category never reach guests.
    const starters = menu.sections[0];
    await call('PUT', `/menu/${menu.id}/sections/${starters.id}/items/batch`, {
      items: [{ id: starters.items[1].id, disabled: true }],
    });
    await call('PUT', `/menu/${menu.id}/sections/batch`, {
      sections: [{ id: menu.sections[7].id, disabled: true }],
    });

    const italian = await page(`/public/menu/${club.id}/${table.id}/${menu.id}`);
    expect(italian.statusCode).toBe(200);
    const html = italian.body;
    expect(html).toContain('<html lang="it"');
    expect(html).toContain('Tagliere di salumi e formaggi');
    expect(html).toContain('Più venduto');
    expect(html).toContain('Consigliato');
    expect(html).toContain('Esaurito');
    expect(html).toContain('Secondo mercato');
    expect(html).toContain('14,00');
    expect(html).toContain('Contiene: Latte');
    expect(html).not.toContain('Bruschette al pomodoro');
    expect(html).not.toContain('Vini al calice');
    expect(html).not.toContain('nota segreta');
    expect(html).toContain('tel:+3902123456');
    expect(html).toContain('Coperto 2,50 €');

    const english = await page(`/public/menu/${club.id}/${table.id}/${menu.id}?lang=en`);
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('Cured meats and cheese board');
    expect(english.body).toContain('Starters');
    expect(english.body).toContain('Best seller');
    expect(english.body).toContain('Contains: Milk');
    // Without an English name, Cacio e pepe keeps its own.
    expect(english.body).toContain('Cacio e pepe');
    // The browser's language picks English too.
    expect((await page(`/public/menu/${club.id}/${table.id}/${menu.id}`, 'en-GB,en;q=0.9')).body).toContain(
      '<html lang="en"',
    );

    const json = (
      await context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`,
      })
    ).json();
    expect(json.sections).toHaveLength(7);
    expect(JSON.stringify(json)).not.toContain('Bruschette al pomodoro');
    expect(JSON.stringify(json)).not.toContain('nota segreta');
    expect(json).not.toHaveProperty('adminDisplayName');
  });

  it('leave room under the page for the call-waiter button, only when the button is there', async () => {
    const room = 'body{padding-bottom:calc(3.75rem + max(1rem,env(safe-area-inset-bottom,0px)))}';
    const { club, call, table, page } = await setUp({ callWaiterEnabled: false });
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    await call('POST', '/menu', { name: 'Drink' });
    const menuUrl = `/public/menu/${club.id}/${table.id}/${menu.id}`;
    const listUrl = `/public/qrcodemenu/${club.id}/${table.id}?list`;
    for (const url of [menuUrl, listUrl]) {
      const html = (await page(url)).body;
      expect(html).not.toContain('class="waiter"');
      expect(html).not.toContain('padding-bottom:calc(');
    }
    await call('PATCH', '/settings', { callWaiterEnabled: true });
    for (const url of [menuUrl, listUrl]) {
      const html = (await page(url)).body;
      expect(html).toContain('class="waiter"');
      // In the inlined styles, where the first paint already has it: no shift when the page loads.
      expect(html.slice(html.indexOf('<style>'), html.indexOf('</style>'))).toContain(room);
    }
  });

  it('offer to mark or to hide the dishes with avoided allergens, in every guest language', async () => {
    const { club, call, table, page } = await setUp({ menuLanguages: ['en', 'de', 'fr', 'es'] });
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12, allergens: ['eggs'] }] }],
      })
    ).json();
    const words = {
      it: ['Piatti con questi allergeni:', 'Segnalali', 'Nascondili', '{count} piatti nascosti'],
      en: ['Dishes with these allergens:', 'Mark them', 'Hide them', '{count} dishes hidden by your'],
      de: ['Gerichte mit diesen Allergenen:', 'Markieren', 'Ausblenden', '{count} Gerichte durch Ihren'],
      fr: ['Plats contenant ces allergènes :', 'Les signaler', 'Les masquer', '{count} plats masqués'],
      es: ['Platos con estos alérgenos:', 'Marcarlos', 'Ocultarlos', '{count} platos ocultos'],
    };
    for (const [language, [legend, mark, hide, many]] of Object.entries(words)) {
      const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}?lang=${language}`)).body;
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(`<legend>${legend}</legend>`);
      // Marking stays the default; the script restores the guest's own choice.
      expect(html).toContain(`<input type="radio" name="allergen-mode" checked="" value="mark"/>${mark}`);
      expect(html).toContain(`<input type="radio" name="allergen-mode" value="hide"/>${hide}`);
      expect(html).toMatch(
        new RegExp(`<p class="filtered" data-one="1 [^"]+" data-many="${many}[^"]*" hidden`),
      );
    }
    // A menu without allergens has no filter to offer.
    const plain = (
      await call('POST', '/menu', {
        name: 'Drink',
        sections: [{ name: 'Cocktail', items: [{ name: 'Negroni', price: 9 }] }],
      })
    ).json();
    const html = (await page(`/public/menu/${club.id}/${table.id}/${plain.id}`)).body;
    expect(html).not.toContain('allergen-mode');
    expect(html).not.toContain('class="filtered"');
  });

  it("paint the page in the club's theme, with label text that stays readable on light label colours", async () => {
    const { club, call, table, page } = await setUp();
    const themes = (await call('GET', '/themes')).json();
    const night = themes.find((theme: { name: string }) => theme.name === 'Notte');
    await call('PATCH', '', { themeId: night.id });
    const menu = (
      await call('POST', '/menu', {
        name: 'Cocktail',
        sections: [{ name: 'Classici', items: [{ name: 'Negroni', price: 9, bestSeller: true }] }],
      })
    ).json();
    const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}`)).body;
    expect(html).toContain(`--bg:${night.background}`);
    expect(html).toContain(`--tab-bg:${night.tabBackground}`);
    // Notte's best-seller label is a light yellow: its text turns dark.
    expect(html).toContain('--best-text:#1a1a1a');
  });

  it('draw the logo and the banner from their stored WebP widths, with sizes, width and height', async () => {
    const { club, call, table, page } = await setUp({ bannerUpdateEnabled: true });
    const stored = (key: string, purpose: 'logo' | 'banner', widths: number[]) =>
      context.database.db.insert(storedFiles).values({
        clubId: club.id,
        key,
        purpose,
        contentType: 'image/jpeg',
        bytes: 1000,
        width: Math.max(...widths),
        height: Math.max(...widths),
        variants: widths.map((width) => ({ width, height: width })),
      });
    const logoKey = `img/${'a'.repeat(24)}`;
    const bannerKey = `img/${'b'.repeat(24)}`;
    await stored(logoKey, 'logo', [128, 256, 512]);
    await stored(bannerKey, 'banner', [400, 800]);
    await context.database.db.update(clubs).set({ logo: logoKey }).where(eq(clubs.id, club.id));
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    await context.database.db.insert(banners).values({
      menuId: menu.id,
      title: 'Happy hour',
      price: '8 €',
      imageUrl: `/files/${bannerKey}-800.webp`,
    });
    // Anything else that would drop the kept page: a write through the API.
    await call('PATCH', '/settings', { menuLabelEnabled: true });

    const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}`)).body;
    expect(html).toContain(
      `<img class="logo" src="/files/${logoKey}-128.webp" srcSet="/files/${logoKey}-128.webp 128w, /files/${logoKey}-256.webp 256w, /files/${logoKey}-512.webp 512w" sizes="48px" alt="" width="48" height="48"`,
    );
    expect(html).toMatch(
      new RegExp(
        `<img src="/files/${bannerKey}-400.webp" srcSet="/files/${bannerKey}-400.webp 400w, /files/${bannerKey}-800.webp 800w" sizes="96px" alt="" width="96" height="96" loading="eager"`,
      ),
    );
  });

  it("serve the theme's font from Carta itself, cached for a year, never holding the text back", async () => {
    const { club, call, table, page } = await setUp();
    const themes = (await call('GET', '/themes')).json();
    const theme = themes.find((entry: { font: string }) => entry.font !== 'Inter') ?? themes[0];
    await call('PATCH', '', { themeId: theme.id });
    const menu = (await call('POST', '/menu', { name: 'Cena' })).json();
    const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}`)).body;
    const fontPath = html.match(
      /<link rel="preload" href="(\/public\/fonts\/[a-z-]+-[0-9a-f]{12}\.woff2)"/,
    )?.[1];
    expect(fontPath).toBeDefined();
    expect(html).toContain(`@font-face{font-family:"${theme.font}";src:url(${fontPath})`);
    expect(html).toContain('font-display:optional');
    const font = await context.app.inject({ method: 'GET', url: fontPath ?? '' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await context.app.inject({ method: 'GET', url: '/public/fonts/other.woff2' })).statusCode).toBe(
      404,
    );
    // The owner app's theme preview takes every font from one stylesheet.
    const css = (await context.app.inject({ method: 'GET', url: '/public/fonts.css' })).body;
    for (const family of THEME_FONTS) expect(css).toContain(`font-family:"Carta ${family}"`);
    expect(css).toContain(fontPath);
  });

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

  it("show the menu's name in the guest's language, the original where it has none", async () => {
    const { club, call, table, page } = await setUp();
    const dinner = (
      await call('POST', '/menu', {
        name: 'Cena',
        nameTranslations: { en: 'Dinner' },
        sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }],
      })
    ).json();
    await call('POST', '/menu', {
      name: 'Cocktail',
      sections: [{ name: 'Classici', items: [{ name: 'Negroni', price: 9 }] }],
    });
    const list = (await page(`/public/qrcodemenu/${club.id}/${table.id}`, 'en-GB,en;q=0.9')).body;
    expect(list).toContain('>Dinner</a>');
    expect(list).toContain('>Cocktail</a>');
    const english = (await page(`/public/menu/${club.id}/${table.id}/${dinner.id}?lang=en`)).body;
    expect(english).toContain('<h1>Dinner</h1>');
    expect(english).toContain('<title>Dinner · Osteria Blu</title>');
    const italian = (await page(`/public/menu/${club.id}/${table.id}/${dinner.id}?lang=it`)).body;
    expect(italian).toContain('<h1>Cena</h1>');
    const json = (
      await context.app.inject({ method: 'GET', url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}` })
    ).json();
    expect(json.menu.map((menu: { translations: object }) => menu.translations)).toEqual([
      { en: 'Dinner' },
      {},
    ]);
  });

  it('count page views per day and menu, numbers only, without cookies; refreshes are not views', async () => {
    const { club, call, table, page } = await setUp();
    const dinner = (await call('POST', '/menu', { name: 'Cena' })).json();
    await call('POST', '/menu', { name: 'Drink' });
    const menuUrl = `/public/menu/${club.id}/${table.id}/${dinner.id}`;
    const first = await page(menuUrl);
    expect(first.headers['set-cookie']).toBeUndefined();
    await page(menuUrl);
    await page(`/public/qrcodemenu/${club.id}/${table.id}`);
    // The page's own refresh and a revalidation are the same guest: not counted.
    await context.app.inject({ method: 'GET', url: menuUrl, headers: { 'x-carta-refresh': '1' } });
    await context.app.inject({
      method: 'GET',
      url: menuUrl,
      headers: { 'if-none-match': first.headers.etag as string },
    });

    const stats = (await call('GET', '/stats/views?days=7')).json();
    expect(stats.total).toBe(3);
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), views: 3 });
    expect(stats.menus).toEqual([{ menuId: dinner.id, name: 'Cena', views: 2 }]);
  });

  it('say when a menu is not served now and when it starts', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (await call('POST', '/menu', { name: 'Brunch' })).json();
    const today = ((new Date().getUTCDay() + 6) % 7) + 1;
    const otherDay = (today % 7) + 1 === today ? 1 : ((today + 2) % 7) + 1;
    await call('PUT', `/menu/${menu.id}/schedulings`, {
      schedulings: [{ days: [otherDay], startTime: '10:00', endTime: '12:00' }],
    });
    const response = await page(`/public/menu/${club.id}/${table.id}/${menu.id}`, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('This menu is not available now');
    expect(response.body).toMatch(/The next menu starts on \w+ at 10:00\./);
    const json = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`,
    });
    expect(json.statusCode).toBe(404);
  });
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
