// Over 300 lines: what one page promises search engines, chats and guests (structured data, share tags,
// links, the Wi-Fi's reveal, the byte budget) from one set-up; split, each file would repeat it.
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clubs } from '../src/db/schema.ts';
import { addTable, finishUpload, guestGet, guestMenuUrl, seedOwnerWithClub } from './fixtures.ts';
import { demoDinnerSections, uniqueAddress, useTestApp } from './helpers.ts';

// What search engines and chats read of a guest page, and the club's links guests look for
// (docs/product.md, Club links; docs/decisions/0087-structured-data-and-guest-links.md).

type JsonLd = {
  '@type': string;
  name: string;
  address?: Record<string, string>;
  telephone?: string;
  url?: string;
  sameAs?: string[];
  image?: string;
  acceptsReservations?: string;
  hasMenu?: {
    name: string;
    inLanguage: string;
    hasMenuSection: {
      name: string;
      hasMenuItem: {
        name: string;
        description?: string;
        offers?: { price: string; priceCurrency: string; name?: string } | { price: string; name?: string }[];
      }[];
    }[];
  };
};

const LINKS = {
  googleReviewUrl: 'https://g.page/r/osteria-blu/review',
  bookingUrl: 'https://www.thefork.it/ristorante/osteria-blu',
  deliveryUrl: 'https://glovoapp.com/it/it/milano/osteria-blu',
  wifiName: 'OsteriaBlu-Ospiti',
  wifiPassword: 'carbonara-2024!',
};

const structuredData = (html: string): JsonLd => {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]?.[1] ?? '');
};

const metaOf = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`))?.[1];

let shade = 0;
/** A real photo, each one different. */
const jpegPhoto = () => {
  shade += 1;
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: shade * 40, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();
};

describe('guest pages for search engines and shared links', () => {
  const context = useTestApp();

  const setUp = async () => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: {
        name: 'Osteria Blu',
        freeForever: true,
        translationsEnabled: true,
        menuLanguages: ['en'],
        displayPhone: '+39 02 123456',
        website: 'https://osteriablu.example',
        instagram: 'https://instagram.com/osteriablu',
      },
    });
    const table = await addTable(call);
    const page = (path: string, language?: string) => guestGet(context.app, path, language);
    const origin = context.app.config.publicUrl;
    return { club, call, table, page, origin };
  };

  it('describe the restaurant and the whole menu in JSON-LD: address, sections, dishes, prices, in the reading language', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (await call('POST', '/menu', { name: 'Cena', sections: demoDinnerSections() })).json();
    const html = (await page(`${guestMenuUrl(club.id, table.id, menu.id)}?lang=it`)).body;
    const data = structuredData(html);
    expect(data).toMatchObject({
      '@type': 'Restaurant',
      name: 'Osteria Blu',
      url: 'https://osteriablu.example',
      telephone: '+39 02 123456',
      sameAs: ['https://instagram.com/osteriablu'],
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Via Roma 1',
        postalCode: '20121',
        addressLocality: 'Milano',
        addressRegion: 'MI',
        addressCountry: 'IT',
      },
      hasMenu: { '@type': 'Menu', name: 'Cena', inLanguage: 'it' },
    });
    const sections = data.hasMenu?.hasMenuSection ?? [];
    const dishes = sections.flatMap((section) => section.hasMenuItem);
    expect(dishes).toHaveLength(80);
    const demo = demoDinnerSections();
    expect(sections.map((section) => section.name)).toEqual(demo.map((section) => section.name));
    const demoDishes: { name: string; price?: number; priceText?: string }[] = demo.flatMap(
      (section) => section.items,
    );
    const [firstDish] = demoDishes;
    expect(dishes[0]).toMatchObject({
      '@type': 'MenuItem',
      name: firstDish?.name,
      offers: { '@type': 'Offer', price: firstDish?.price?.toFixed(2), priceCurrency: 'EUR' },
    });
    // A price in words makes no offer; no dish claims a diet (the menus have no diet marker).
    const inWords = demoDishes.filter((item) => item.priceText);
    expect(inWords.length).toBeGreaterThan(0);
    for (const item of inWords)
      expect(dishes.find((dish) => dish.name === item.name)).not.toHaveProperty('offers');
    expect(html).not.toContain('suitableForDiet');
    // The English page says it in English.
    const english = structuredData((await page(`${guestMenuUrl(club.id, table.id, menu.id)}?lang=en`)).body);
    expect(english.hasMenu?.inLanguage).toBe('en');
    expect(english.hasMenu?.hasMenuSection[0]?.name).toBe(demo[0]?.translations.en.translatedName);
  });

  it('give a dish with variants one offer per variant', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (
      await call('POST', '/menu', {
        name: 'Vini',
        sections: [
          {
            name: 'Rossi',
            items: [
              {
                name: 'Barbera',
                variants: [
                  { name: 'Calice', price: 6 },
                  { name: 'Bottiglia', price: 28 },
                ],
              },
            ],
          },
        ],
      })
    ).json();
    const data = structuredData((await page(guestMenuUrl(club.id, table.id, menu.id))).body);
    expect(data.hasMenu?.hasMenuSection[0]?.hasMenuItem[0]?.offers).toEqual([
      { '@type': 'Offer', name: 'Calice', price: '6.00', priceCurrency: 'EUR' },
      { '@type': 'Offer', name: 'Bottiglia', price: '28.00', priceCurrency: 'EUR' },
    ]);
  });

  it('keep a dish’s words from closing the script: </script> and <!-- stay inside the JSON', async () => {
    const { club, call, table, page } = await setUp();
    const name = '</script><script>alert(1)</script>';
    const description = '<!-- & \u2028 >';
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [{ name: 'Primi', items: [{ name, description, price: 9 }] }],
      })
    ).json();
    const html = (await page(guestMenuUrl(club.id, table.id, menu.id))).body;
    expect(html).not.toContain('<script>alert(1)');
    const script = html.slice(html.indexOf('application/ld+json'));
    expect(script).not.toContain('\u2028');
    expect(script).toContain('\\u003c/script\\u003e');
    const dish = structuredData(html).hasMenu?.hasMenuSection[0]?.hasMenuItem[0];
    expect(dish).toMatchObject({ name, description });
  });

  it('carry Open Graph and Twitter tags with an absolute picture and a canonical address', async () => {
    const { club, call, table, page, origin } = await setUp();
    const ticket = await call('POST', '/uploads', { purpose: 'photo', contentType: 'image/jpeg' });
    const photo = (
      await finishUpload(context.app, call, ticket, await jpegPhoto(), 'image/jpeg')
    ).complete.json();
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [
          { name: 'Antipasti', items: [{ name: 'Bruschetta', price: 5 }] },
          { name: 'Primi', items: [{ name: 'Carbonara', price: 12, photo: photo.key }] },
        ],
      })
    ).json();
    const address = `${guestMenuUrl(club.id, table.id, menu.id)}?lang=en`;
    const html = (await page(address, 'en')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="canonical" href="${origin}${address}">`);
    expect(metaOf(head, 'og:url')).toBe(`${origin}${address}`);
    expect(metaOf(head, 'og:title')).toBe('Cena · Osteria Blu');
    expect(metaOf(head, 'og:site_name')).toBe('Osteria Blu');
    expect(metaOf(head, 'og:type')).toBe('website');
    expect(metaOf(head, 'og:locale')).toBe('en_GB');
    expect(metaOf(head, 'og:description')).toBe('Antipasti, Primi · Via Roma 1, 20121 Milano MI');
    expect(metaOf(head, 'description')).toBe(metaOf(head, 'og:description'));
    // The dish's photo, its largest stored width, as an absolute address; a photo makes a large card.
    expect(metaOf(head, 'og:image')).toBe(`${origin}${photo.url}`);
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
    // The table's page: the restaurant alone, with its own canonical address.
    await call('POST', '/menu', {
      name: 'Drink',
      sections: [{ name: 'Vini', items: [{ name: 'Rosso', price: 5 }] }],
    });
    const list = (await page(`/public/qrcodemenu/${club.id}/${table.id}?lang=it`)).body;
    expect(list).toContain(
      `<link rel="canonical" href="${origin}/public/qrcodemenu/${club.id}/${table.id}?lang=it">`,
    );
    expect(metaOf(list, 'og:description')).toContain('Cena, Drink');
    expect(metaOf(list, 'twitter:card')).toBe('summary');
    const restaurant = structuredData(list);
    expect(restaurant).toMatchObject({ '@type': 'Restaurant', name: 'Osteria Blu' });
    expect(restaurant).not.toHaveProperty('hasMenu');
  });

  it('leave share tags and structured data out of the owner’s preview', async () => {
    const { club, call, table } = await setUp();
    await context.database.db.update(clubs).set({ status: 'pending' }).where(eq(clubs.id, club.id));
    const { url } = (await call('GET', `/guest-preview?tableId=${table.id}`)).json();
    await call('POST', '/menu', {
      name: 'Cena',
      sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }],
    });
    const preview = await context.app.inject({ method: 'GET', url });
    const html =
      preview.statusCode === 302
        ? (await context.app.inject({ method: 'GET', url: preview.headers.location as string })).body
        : preview.body;
    expect(html).toContain('noindex');
    expect(html).not.toContain('application/ld+json');
    expect(html).not.toContain('og:title');
  });

  it('show the club’s links with translated labels, and the Wi-Fi without its name or password', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (await call('POST', '/menu', { name: 'Cena', sections: demoDinnerSections() })).json();
    const before = (await page(`${guestMenuUrl(club.id, table.id, menu.id)}?lang=it`)).body;
    expect(before).not.toContain('class="links"');
    expect(before).not.toContain('.links{');
    // A write drops the kept pages: the next read has the links.
    expect((await call('PATCH', '', LINKS)).statusCode).toBe(200);
    const italian = (await page(`${guestMenuUrl(club.id, table.id, menu.id)}?lang=it`)).body;
    expect(italian).toContain(`<a href="${LINKS.googleReviewUrl}" rel="noopener">Lascia una recensione</a>`);
    expect(italian).toContain(`<a href="${LINKS.bookingUrl}" rel="noopener">Prenota un tavolo</a>`);
    expect(italian).toContain(`<a href="${LINKS.deliveryUrl}" rel="noopener">Ordina a domicilio</a>`);
    expect(italian).toContain(`<a class="wifi" href="/public/wifi/${club.id}/${table.id}?lang=it&amp;back=`);
    expect(italian).toContain(`data-call="/api/v1/clubs/${club.id}/menu/tables/${table.id}/wifi"`);
    const english = (await page(`${guestMenuUrl(club.id, table.id, menu.id)}?lang=en`)).body;
    expect(english).toContain('>Leave a review</a>');
    expect(english).toContain('>Book a table</a>');
    expect(english).toContain('>Order delivery</a>');
    // Neither the password nor the network's name is in any page, nor in the public JSON.
    await call('POST', '/menu', { name: 'Drink' });
    const list = (await page(`/public/qrcodemenu/${club.id}/${table.id}`)).body;
    expect(list).toContain('>Prenota un tavolo</a>');
    const json = (
      await context.app.inject({ method: 'GET', url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}` })
    ).body;
    for (const text of [italian, english, list, json]) {
      expect(text).not.toContain(LINKS.wifiPassword);
      expect(text).not.toContain(LINKS.wifiName);
    }
    expect(JSON.parse(json).clubLinks).toEqual({
      googleReviewUrl: LINKS.googleReviewUrl,
      bookingUrl: LINKS.bookingUrl,
      deliveryUrl: LINKS.deliveryUrl,
      hasWifi: true,
    });
    // The structured data names the booking link.
    expect(structuredData(italian).acceptsReservations).toBe(LINKS.bookingUrl);
  });

  it('answer the Wi-Fi on tap: to an open table only, never kept, never indexed, a few times per address', async () => {
    const { club, call, table } = await setUp();
    expect((await call('PATCH', '', LINKS)).statusCode).toBe(200);
    const remoteAddress = uniqueAddress();
    const tap = (clubId: number, tableId: number) =>
      context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${clubId}/menu/tables/${tableId}/wifi`,
        remoteAddress,
      });
    const answer = await tap(club.id, table.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: LINKS.wifiName, password: LINKS.wifiPassword });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Another club's table, an unknown table: nothing.
    const other = await seedOwnerWithClub(context, {
      club: { wifiName: 'Altro', wifiPassword: 'segreta123' },
    });
    expect((await tap(club.id, 999_999)).statusCode).toBe(404);
    expect((await tap(other.club.id, table.id)).statusCode).toBe(404);
    // The page for a phone without the script.
    const noScript = await context.app.inject({
      method: 'GET',
      url: `/public/wifi/${club.id}/${table.id}?lang=en&back=${encodeURIComponent(`/public/qrcodemenu/${club.id}/${table.id}`)}`,
      remoteAddress,
    });
    expect(noScript.statusCode).toBe(200);
    expect(noScript.body).toContain(`<dd class="wifi-pass">${LINKS.wifiPassword}</dd>`);
    expect(noScript.body).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(noScript.body).toContain(
      `<a href="/public/qrcodemenu/${club.id}/${table.id}">Back to the menu</a>`,
    );
    expect(noScript.headers['cache-control']).toBe('no-store');
    // 20 reveals per address in ten minutes, over every club, page or call: the 21st waits.
    for (let count = 5; count <= 20; count += 1) await tap(club.id, table.id);
    const limited = await tap(club.id, table.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone is not held back; a club switched off answers nothing.
    const elsewhere = () =>
      context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/wifi`,
        remoteAddress: uniqueAddress(),
      });
    expect((await elsewhere()).statusCode).toBe(200);
    await call('PATCH', '/settings', { enabled: false });
    expect((await elsewhere()).statusCode).toBe(404);
  });

  it('validate the links: https only, lengths, and a password needs its network’s name', async () => {
    const { call } = await setUp();
    const refused = await call('PATCH', '', {
      googleReviewUrl: 'http://g.page/r/abc',
      bookingUrl: 'javascript:alert(1)',
      deliveryUrl: `https://example.com/${'a'.repeat(500)}`,
      wifiName: 'x'.repeat(33),
    });
    expect(refused.statusCode).toBe(400);
    const issues = refused
      .json()
      .issues.map((issue: { path: string; key: string }) => [issue.path, issue.key]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['body.googleReviewUrl', 'validation.httpsUrl'],
        ['body.bookingUrl', 'validation.httpsUrl'],
        ['body.deliveryUrl', 'validation.tooLong?max=500'],
        ['body.wifiName', 'validation.tooLong?max=32'],
      ]),
    );
    const alone = await call('PATCH', '', { wifiPassword: 'segreta123' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().issues).toContainEqual({
      path: 'body.wifiPassword',
      key: 'validation.wifiNameRequired',
      message: 'Indica anche il nome della rete',
    });
    // With the name stored, the password alone changes; the name cannot then go alone.
    expect((await call('PATCH', '', { wifiName: 'Ospiti' })).statusCode).toBe(200);
    const saved = await call('PATCH', '', { wifiPassword: ' segreta123 ' });
    expect(saved.json()).toMatchObject({ wifiName: 'Ospiti', wifiPassword: 'segreta123' });
    const nameless = await call('PATCH', '', { wifiName: '' });
    expect(nameless.statusCode).toBe(400);
    expect((await call('GET', '')).json()).toMatchObject({ wifiName: 'Ospiti', wifiPassword: 'segreta123' });
    // Blank removes a link; an open network has a name and no password.
    const cleared = await call('PATCH', '', { ...LINKS, bookingUrl: '', wifiPassword: null });
    expect(cleared.json()).toMatchObject({ bookingUrl: null, wifiName: LINKS.wifiName, wifiPassword: null });
  });

  it('send the 80-dish page with every link, contacts and its structured data within the first TCP flight', async () => {
    const { club, call, table } = await setUp();
    await call('PATCH', '', {
      ...LINKS,
      facebook: 'https://facebook.com/osteriablu',
      displayEmail: 'ciao@osteriablu.example',
    });
    const menu = (
      await call('POST', '/menu', { name: 'Cena', footer: 'Coperto 2,50 €', sections: demoDinnerSections() })
    ).json();
    const sent = await context.app.inject({
      method: 'GET',
      url: guestMenuUrl(club.id, table.id, menu.id),
      headers: { 'accept-language': 'it-IT,it;q=0.9', 'accept-encoding': 'br, gzip' },
    });
    expect(sent.headers['content-encoding']).toBe('gzip');
    expect(sent.rawPayload.length).toBeLessThanOrEqual(14 * 1024);
    expect(structuredData(gunzipSync(sent.rawPayload).toString()).hasMenu?.hasMenuSection).toHaveLength(
      demoDinnerSections().length,
    );
  });
});
