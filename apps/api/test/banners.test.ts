// Over 300 lines and kept one file: every case starts from the one set-up (a Smart club with a menu, a table,
// the banner's own upload and the guest page) and the same banner fields.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storedFiles, subscriptions } from '../src/db/schema.ts';
import {
  addTable,
  type ClubFields,
  finishUpload,
  guestGet,
  guestMenuUrl,
  ONE_DISH_DINNER,
  seedOwnerWithClub,
} from './fixtures.ts';
import { useTestApp } from './helpers.ts';
import { paidUntil, seedSubscription } from './seed-subscription.ts';

// The contract's messages, as users read them (packages/contract/src/locales).
const en = {
  validation: { required: 'This field is required' },
  errors: {
    IMAGE_NOT_FOUND: 'This image does not exist: upload it again',
    BANNER_IMAGE_NOT_SQUARE: 'The banner image must be square: crop it and upload it again',
    SMART_PLAN_REQUIRED: 'This needs the Smart plan',
  },
};
const ITALIAN_NOT_SQUARE = "L'immagine del banner deve essere quadrata: ritagliala e caricala di nuovo";

const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'png', red = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 60, b: 40 } } })
    [format]()
    .toBuffer();

describe('banners', () => {
  const context = useTestApp();

  const setUp = async (clubFields: ClubFields = {}) => {
    const { owner, club, call } = await seedOwnerWithClub(context, {
      club: { freeForever: true, bannerUpdateEnabled: true, ...clubFields },
      acceptLanguage: 'en',
    });
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json() as { id: number };
    const table = await addTable(call);
    /** The whole upload (0011) through the banner's own address; answers the stored image. */
    const upload = async (bytes: Buffer, contentType: 'image/jpeg' | 'image/png' = 'image/png') => {
      const ticket = await call(
        'GET',
        `/banners/menu/${menu.id}?contentType=${encodeURIComponent(contentType)}`,
      );
      expect(ticket.statusCode).toBe(200);
      expect(ticket.json().uploadId).toMatch(/^banner-/);
      const { put, complete } = await finishUpload(context.app, call, ticket, bytes, contentType);
      expect(put.statusCode).toBe(204);
      return complete;
    };
    const guestPage = (query = '') =>
      guestGet(context.app, `${guestMenuUrl(club.id, table.id, menu.id)}${query}`);
    return { owner, club, call, menu, table, upload, guestPage };
  };

  const fields = {
    title: 'Aperitivo al tramonto',
    subtitle: 'Ogni venerdì',
    description: 'Spritz e stuzzichini in terrazza.',
    price: '12 €',
    forYou: true,
  };

  it('creates, reads, replaces and deletes a banner with its square image, files included', async () => {
    const { club, call, menu, upload } = await setUp();
    // No banner yet is an answer, not an error: the owner app shows its empty state.
    const none = await call('GET', `/banners/menu/${menu.id}/banner`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ banner: null });

    const image = (await upload(await picture(900, 900))).json();
    expect(image.variants.map((variant: { width: number }) => variant.width)).toEqual([400, 800]);
    const created = await call('POST', `/banners/menu/${menu.id}`, { ...fields, image: image.key });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...fields,
      menuId: menu.id,
      imageUrl: `/files/${image.key}-800.webp`,
      image: { key: image.key, width: 900, height: 900 },
    });
    const read = await call('GET', `/banners/menu/${menu.id}/banner`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ banner: created.json() });

    // The menus list and the full menu say so.
    const cards = (await call('GET', '/menu')).json() as { id: number; hasBanner: boolean }[];
    expect(cards.find((card) => card.id === menu.id)?.hasBanner).toBe(true);
    const full = (await call('GET', `/menu/${menu.id}`)).json();
    expect(full.banner).toMatchObject({ title: fields.title, imageUrl: `/files/${image.key}-800.webp` });
    expect(full.bannerUrl).toBe(`/files/${image.key}-800.webp`);

    // Replacing: the texts and a new image; the old image's files are removed.
    const other = (await upload(await picture(600, 600, 'jpeg', 20), 'image/jpeg')).json();
    const replaced = await call('POST', `/banners/menu/${menu.id}`, {
      title: 'Serata jazz',
      price: 'Ingresso libero',
      image: other.key,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: created.json().id,
      title: 'Serata jazz',
      subtitle: null,
      description: null,
      forYou: false,
      imageUrl: `/files/${other.key}-600.webp`,
    });
    const fileOf = (name: string) => path.join(context.filesDirectory, name);
    expect(existsSync(fileOf(`${image.key}-800.webp`))).toBe(false);
    expect(existsSync(fileOf(`${image.key}.png`))).toBe(false);
    expect(existsSync(fileOf(`${other.key}-400.webp`))).toBe(true);

    // Only the details change: the image is sent again as it is, and kept.
    const details = await call('POST', `/banners/menu/${menu.id}`, { ...fields, image: other.key });
    expect(details.statusCode).toBe(200);
    expect(existsSync(fileOf(`${other.key}-600.webp`))).toBe(true);

    const deleted = await call('DELETE', `/banners/menu/${menu.id}`);
    expect(deleted.statusCode).toBe(204);
    const gone = await call('GET', `/banners/menu/${menu.id}/banner`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ banner: null });
    expect((await call('DELETE', `/banners/menu/${menu.id}`)).statusCode).toBe(404);
    for (const name of [`${other.key}-400.webp`, `${other.key}-600.webp`, `${other.key}.jpg`])
      expect(existsSync(fileOf(name)), name).toBe(false);
    const rows = await context.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.clubId, club.id), eq(storedFiles.key, other.key)));
    expect(rows).toEqual([]);
    const after = (await call('GET', '/menu')).json() as { id: number; hasBanner: boolean }[];
    expect(after.find((card) => card.id === menu.id)?.hasBanner).toBe(false);
  });

  it("keeps an image another menu's banner still uses (a copied menu)", async () => {
    const { call, menu, upload, club } = await setUp();
    const image = (await upload(await picture(500, 500))).json();
    await call('POST', `/banners/menu/${menu.id}`, { ...fields, image: image.key });
    const copy = (await call('POST', `/menu/${menu.id}/duplicate`, {})).json() as { id: number };
    expect(copy.id, 'the menu was copied').toBeTypeOf('number');
    expect((await call('DELETE', `/banners/menu/${menu.id}`)).statusCode).toBe(204);
    expect(existsSync(path.join(context.filesDirectory, `${image.key}-500.webp`))).toBe(true);
    const copied = await call('GET', `/banners/menu/${copy.id}/banner`);
    expect(copied.json()).toMatchObject({ banner: { image: { key: image.key } } });
    expect(club.id).toBeGreaterThan(0);
  });

  it('checks every field with the contract messages', async () => {
    const { call, menu, upload } = await setUp();
    const image = (await upload(await picture(400, 400))).json();
    const post = (body: object) => call('POST', `/banners/menu/${menu.id}`, { image: image.key, ...body });
    const issuesOf = async (body: object) => {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      return response.json().issues as { path: string; message: string }[];
    };
    const cases: [object, string, string][] = [
      [{ price: '5 €' }, 'body.title', en.validation.required],
      [{ title: '   ', price: '5 €' }, 'body.title', en.validation.required],
      [{ title: 'x'.repeat(101), price: '5 €' }, 'body.title', 'At most 100 characters'],
      [{ title: 'Promo' }, 'body.price', en.validation.required],
      [{ title: 'Promo', price: 'x'.repeat(46) }, 'body.price', 'At most 45 characters'],
      [{ title: 'Promo', price: '5', subtitle: 'x'.repeat(256) }, 'body.subtitle', 'At most 255 characters'],
      [
        { title: 'Promo', price: '5', description: 'x'.repeat(1001) },
        'body.description',
        'At most 1000 characters',
      ],
      [{ title: 'Promo', price: '5', image: undefined }, 'body.image', en.validation.required],
      [
        { title: 'Promo', price: '5', image: 'https://elsewhere.example/a.png' },
        'body.image',
        en.errors.IMAGE_NOT_FOUND,
      ],
    ];
    for (const [body, field, message] of cases)
      expect(await issuesOf(body), JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ path: field, message }),
      );
    // At the limits exactly: accepted.
    const longest = await post({
      title: 't'.repeat(100),
      subtitle: 's'.repeat(255),
      description: 'd'.repeat(1000),
      price: 'p'.repeat(45),
    });
    expect(longest.statusCode).toBe(201);
    // An image the club never stored.
    const unknown = await post({ title: 'Promo', price: '5', image: `img/${'0'.repeat(24)}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'IMAGE_NOT_FOUND', message: en.errors.IMAGE_NOT_FOUND });
  });

  it('refuses a non-square image and anything that is not a JPG or PNG by its content', async () => {
    const { call, menu, upload, owner, club } = await setUp();
    const wide = (await upload(await picture(800, 600))).json();
    const refused = await call('POST', `/banners/menu/${menu.id}`, { ...fields, image: wide.key });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'BANNER_IMAGE_NOT_SQUARE',
      message: en.errors.BANNER_IMAGE_NOT_SQUARE,
    });
    const italian = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${club.id}/banners/menu/${menu.id}`,
      headers: { authorization: owner.authorization, 'accept-language': 'it' },
      payload: { ...fields, image: wide.key },
    });
    expect(italian.json().message).toBe(ITALIAN_NOT_SQUARE);

    // A GIF (and text) sent as a PNG: refused by what it contains.
    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    for (const bytes of [gif, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const complete = await upload(bytes);
      expect(complete.statusCode).toBe(400);
      expect(complete.json()).toMatchObject({
        code: 'IMAGE_TYPE_NOT_SUPPORTED',
        message: 'Image type not supported: upload a JPG, PNG or WebP file',
      });
    }
    // The upload address only for the image types judged by content (JPG, PNG, WebP).
    const other = await call('GET', `/banners/menu/${menu.id}?contentType=image%2Fgif`);
    expect(other.statusCode).toBe(400);
  });

  it('needs the Smart plan to upload and save; a Free club still reads and deletes its stored banner', async () => {
    const smart = await setUp();
    const image = (await smart.upload(await picture(400, 400))).json();
    expect(
      (await smart.call('POST', `/banners/menu/${smart.menu.id}`, { ...fields, image: image.key }))
        .statusCode,
    ).toBe(201);
    // The plan lapses: the club is on Free now.
    const { db } = context.database;
    await seedSubscription(db, smart.club.id, {
      status: 'freemium',
      lapsed: 'expired',
      paymentErrorCode: null,
    });
    const upload = await smart.call('GET', `/banners/menu/${smart.menu.id}`);
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toMatchObject({ code: 'SMART_PLAN_REQUIRED' });
    const save = await smart.call('POST', `/banners/menu/${smart.menu.id}`, { ...fields, image: image.key });
    expect(save.statusCode).toBe(403);
    expect(save.json()).toMatchObject({
      code: 'SMART_PLAN_REQUIRED',
      message: en.errors.SMART_PLAN_REQUIRED,
    });
    expect((await smart.call('GET', `/banners/menu/${smart.menu.id}/banner`)).statusCode).toBe(200);
    // Kept but not shown to guests.
    const page = (await smart.guestPage()).body;
    expect(page).not.toContain(fields.title);
    // A paid subscription brings it back.
    await seedSubscription(db, smart.club.id, paidUntil(new Date(Date.now() + 30 * 24 * 3600 * 1000)));
    await smart.call('PATCH', '/settings', { menuLabelEnabled: true });
    expect((await smart.guestPage()).body).toContain(fields.title);
    await db.delete(subscriptions).where(eq(subscriptions.clubId, smart.club.id));
    expect((await smart.call('DELETE', `/banners/menu/${smart.menu.id}`)).statusCode).toBe(204);
  });

  it("answers 404 for another owner's club and for another club's menu", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const image = (await mine.upload(await picture(400, 400))).json();
    await mine.call('POST', `/banners/menu/${mine.menu.id}`, { ...fields, image: image.key });
    // Their menu has no banner: "no banner" must not be told to anyone but its owner.
    expect((await theirs.call('GET', `/banners/menu/${theirs.menu.id}/banner`)).json()).toEqual({
      banner: null,
    });
    // My token on their club.
    const asMe = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      context.app.inject({
        method,
        url,
        headers: { authorization: mine.owner.authorization },
        ...(payload ? { payload } : {}),
      });
    for (const [method, url] of [
      ['GET', `/api/v1/clubs/${theirs.club.id}/banners/menu/${theirs.menu.id}/banner`],
      ['GET', `/api/v1/clubs/${theirs.club.id}/banners/menu/${theirs.menu.id}`],
      ['POST', `/api/v1/clubs/${theirs.club.id}/banners/menu/${theirs.menu.id}`],
      ['DELETE', `/api/v1/clubs/${theirs.club.id}/banners/menu/${theirs.menu.id}`],
      // Their menu under my club.
      ['GET', `/api/v1/clubs/${mine.club.id}/banners/menu/${theirs.menu.id}/banner`],
      ['GET', `/api/v1/clubs/${mine.club.id}/banners/menu/${theirs.menu.id}`],
      ['POST', `/api/v1/clubs/${mine.club.id}/banners/menu/${theirs.menu.id}`],
      ['DELETE', `/api/v1/clubs/${mine.club.id}/banners/menu/${theirs.menu.id}`],
      // A menu that does not exist.
      ['GET', `/api/v1/clubs/${mine.club.id}/banners/menu/999999999/banner`],
    ] as const) {
      const response = await asMe(
        method,
        url,
        method === 'POST' ? { ...fields, image: image.key } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Their club cannot take my image either.
    const stolen = await theirs.call('POST', `/banners/menu/${theirs.menu.id}`, {
      ...fields,
      image: image.key,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await mine.call('GET', `/banners/menu/${mine.menu.id}/banner`)).statusCode).toBe(200);
  });

  it('shows guests the banner only when the setting is on and the plan is Smart, marked "Per te", refreshed on change', async () => {
    const { call, menu, upload, guestPage } = await setUp({
      bannerUpdateEnabled: false,
      translationsEnabled: true,
      menuLanguages: ['en'],
    });
    const image = (await upload(await picture(400, 400))).json();
    const before = await guestPage();
    expect(before.statusCode).toBe(200);
    const etag = before.headers.etag as string;
    await call('POST', `/banners/menu/${menu.id}`, { ...fields, image: image.key });
    // Stored, but the owner has not switched banners on.
    expect((await guestPage()).body).not.toContain(fields.title);
    await call('PATCH', '/settings', { bannerUpdateEnabled: true });
    const shown = await guestPage();
    expect(shown.headers.etag).not.toBe(etag);
    const html = shown.body;
    expect(html).toContain(`<h2>${fields.title}</h2>`);
    expect(html).toContain(fields.subtitle);
    expect(html).toContain(fields.description);
    expect(html).toContain(fields.price);
    expect(html).toContain('>Per te</p>');
    expect(html).toMatch(
      new RegExp(
        `<img src="/files/${image.key}-400.webp" srcSet="/files/${image.key}-400.webp 400w" sizes="96px" alt="" width="96" height="96" loading="eager"`,
      ),
    );
    // No inline script; the structured data (0087) is a data block, never run.
    expect(html).not.toMatch(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>/);
    const english = await guestPage('?lang=en');
    expect(english.body).toContain('>For you</p>');

    // A change reaches guests at once (the kept page is dropped), and so does the deletion.
    await call('POST', `/banners/menu/${menu.id}`, {
      ...fields,
      forYou: false,
      title: 'Serata jazz',
      image: image.key,
    });
    const changed = (await guestPage()).body;
    expect(changed).toContain('<h2>Serata jazz</h2>');
    expect(changed).not.toContain('Per te');
    await call('DELETE', `/banners/menu/${menu.id}`);
    expect((await guestPage()).body).not.toContain('Serata jazz');
  });

  it('describes its routes in the OpenAPI document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    const banner = paths['/api/v1/clubs/{clubId}/banners/menu/{menuId}'];
    expect(Object.keys(banner ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    const read = paths['/api/v1/clubs/{clubId}/banners/menu/{menuId}/banner']?.get as
      | { tags?: string[]; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
      | undefined;
    expect(read?.tags).toEqual(['banners']);
    // The 200 answer is the "banner or null" shape, and "no banner" is no longer a 404 of its own.
    const answer = JSON.stringify(read?.responses?.['200']?.content?.['application/json']?.schema);
    expect(answer).toContain('"banner"');
    expect(answer).toContain('"null"');
    for (const operation of Object.values(banner ?? {})) expect(operation.summary).toBeTruthy();
  });
});
