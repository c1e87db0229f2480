import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { INCOMING_MAX_AGE_MS, sweepIncomingUploads } from '../src/features/images/incoming-sweep.ts';
import { createLocalStorage } from '../src/lib/storage.ts';
import { finishUpload, seedOwnerWithClub } from './fixtures.ts';
import { TEST_APP_SECRET, testConfig, useTestApp } from './helpers.ts';

// Images through the API on local storage: uploads, their checks, the sizes served, the sweeps. The S3
// adapter behind the same calls is in s3-storage.test.ts.

const HOUR_MS = 60 * 60 * 1000;

const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .withExif({ IFD0: { Copyright: 'secret-owner-name', Make: 'PhoneCam' } })
    [format]()
    .toBuffer();

describe('image upload flow', () => {
  const context = useTestApp();

  const setUp = () => seedOwnerWithClub(context, { acceptLanguage: 'en' });

  const upload = async (
    setup: Awaited<ReturnType<typeof setUp>>,
    body: Buffer,
    contentType: 'image/jpeg' | 'image/png' = 'image/jpeg',
    purpose = 'logo',
  ) => {
    const ticket = await setup.call('POST', '/uploads', { purpose, contentType });
    expect(ticket.statusCode).toBe(201);
    return finishUpload(context.app, setup.call, ticket, body, contentType);
  };

  it('stores a JPG re-encoded without metadata, with WebP sizes served for a year, and sets it as logo', async () => {
    const setup = await setUp();
    const original = await photo(1200, 800);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { put, complete } = await upload(setup, original);
    expect(put.statusCode).toBe(204);
    expect(complete.statusCode).toBe(201);
    const image = complete.json();
    expect(image).toMatchObject({ width: 1200, height: 800 });
    expect(image.key).toMatch(/^img\/[0-9a-f]{24}$/);
    expect(image.variants.map((variant: { width: number }) => variant.width)).toEqual([128, 256, 512]);
    expect(image.url).toBe(`/files/${image.key}-512.webp`);

    const served = await context.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const webp = await sharp(served.rawPayload).metadata();
    expect(webp).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expect(webp.exif).toBeUndefined();
    const reencoded = await context.app.inject({ method: 'GET', url: `/files/${image.key}.jpg` });
    expect(reencoded.headers['content-type']).toBe('image/jpeg');
    const reencodedMetadata = await sharp(reencoded.rawPayload).metadata();
    expect(reencodedMetadata.exif).toBeUndefined();
    expect(reencoded.rawPayload.includes(Buffer.from('secret-owner-name'))).toBe(false);

    const patched = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${setup.club.id}`,
      headers: setup.headers,
      payload: { logo: image.key },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ logo: image.url, logoKey: image.key });
    const removed = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${setup.club.id}`,
      headers: setup.headers,
      payload: { logo: null },
    });
    expect(removed.json()).toMatchObject({ logo: null, logoKey: null });
  });

  it('keeps a small PNG as PNG and never enlarges it', async () => {
    const setup = await setUp();
    const { complete } = await upload(setup, await photo(300, 300, 'png'), 'image/png');
    expect(complete.statusCode).toBe(201);
    const image = complete.json();
    expect(image.variants.map((variant: { width: number }) => variant.width)).toEqual([128, 256, 300]);
    const png = await context.app.inject({ method: 'GET', url: `/files/${image.key}.png` });
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('judges by content: a GIF or a text file sent as PNG is refused with the documented message', async () => {
    const setup = await setUp();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'blue' } })
      .gif()
      .toBuffer();
    for (const body of [
      gif,
      Buffer.from('not an image at all, just text'),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
    ]) {
      const { complete } = await upload(setup, body, 'image/png');
      expect(complete.statusCode).toBe(400);
      expect(complete.json()).toMatchObject({
        code: 'IMAGE_TYPE_NOT_SUPPORTED',
        message: 'Image type not supported: upload a JPG, PNG or WebP file',
      });
    }
  });

  it('refuses other declared types, more than 25 megapixels and more than 5 MB', async () => {
    const setup = await setUp();
    const ticket = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${setup.club.id}/uploads`,
      headers: setup.headers,
      payload: { purpose: 'logo', contentType: 'image/gif' },
    });
    expect(ticket.statusCode).toBe(400);

    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await upload(setup, huge, 'image/png');
    expect(tooManyPixels.complete.statusCode).toBe(413);
    expect(tooManyPixels.complete.json().code).toBe('IMAGE_TOO_LARGE');

    const tooHeavy = await upload(
      setup,
      Buffer.concat([await photo(100, 100), Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(tooHeavy.put.statusCode).toBe(413);
    expect(tooHeavy.put.json().code).toBe('IMAGE_TOO_LARGE');
  });

  it('refuses a forged or expired upload address, and a declared type other than the signed one', async () => {
    const setup = await setUp();
    const ticket = (
      await context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${setup.club.id}/uploads`,
        headers: setup.headers,
        payload: { purpose: 'logo', contentType: 'image/jpeg' },
      })
    ).json();
    const body = await photo(50, 50);
    const url = new URL(ticket.uploadUrl, 'http://x');
    const forged = new URL(url);
    forged.searchParams.set('key', `incoming/${setup.club.id + 1}/logo-${'b'.repeat(32)}`);
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10));
    for (const address of [forged, expired]) {
      const response = await context.app.inject({
        method: 'PUT',
        url: `${address.pathname}${address.search}`,
        headers: { 'content-type': 'image/jpeg' },
        payload: body,
      });
      expect(response.statusCode).toBe(403);
    }
    const wrongType = await context.app.inject({
      method: 'PUT',
      url: ticket.uploadUrl,
      headers: { 'content-type': 'image/png' },
      payload: body,
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('completing an upload that never arrived asks to upload again', async () => {
    const setup = await setUp();
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${setup.club.id}/uploads/logo-${'c'.repeat(32)}/complete`,
      headers: setup.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
  });

  it("one club cannot use another club's image as its logo", async () => {
    const first = await setUp();
    const second = await setUp();
    const { complete } = await upload(first, await photo(200, 200));
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${second.club.id}`,
      headers: second.headers,
      payload: { logo: complete.json().key },
    });
    expect(response.statusCode).toBe(400);
  });

  it('sweeps uploads never completed after a day, keeping fresh ones and stored images', async () => {
    const setup = await setUp();
    const { complete } = await upload(setup, await photo(200, 200));
    expect(complete.statusCode).toBe(201);
    const image = complete.json();
    const abandoned = `incoming/${setup.club.id}/logo-${'a'.repeat(32)}`;
    const fresh = `incoming/${setup.club.id}/logo-${'f'.repeat(32)}`;
    await context.app.storage.put(abandoned, Buffer.from('bytes never completed'), 'image/jpeg');
    await context.app.storage.put(fresh, Buffer.from('bytes on their way'), 'image/jpeg');
    const dayAndAnHourAgo = new Date(Date.now() - INCOMING_MAX_AGE_MS - HOUR_MS);
    await utimes(path.join(context.filesDirectory, abandoned), dayAndAnHourAgo, dayAndAnHourAgo);
    // The image itself is older still: only the incoming folder is swept.
    for (const file of [`${image.key}.jpg`, `${image.key}-128.webp`])
      await utimes(path.join(context.filesDirectory, file), dayAndAnHourAgo, dayAndAnHourAgo);

    // Two processes sweeping at once: the second delete of the same file is harmless.
    await Promise.all([sweepIncomingUploads(context.app.storage), sweepIncomingUploads(context.app.storage)]);

    expect(await context.app.storage.get(abandoned)).toBeNull();
    expect((await context.app.storage.get(fresh))?.toString()).toBe('bytes on their way');
    expect((await context.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: `/files/${image.key}.jpg` })).statusCode).toBe(
      200,
    );
    await context.app.storage.delete(fresh);
  });

  it('sweeps abandoned uploads when the server starts', async () => {
    const filesDirectory = await mkdtemp(path.join(tmpdir(), 'carta-sweep-'));
    const abandoned = path.join(filesDirectory, 'incoming', '7', `logo-${'b'.repeat(32)}`);
    await mkdir(path.dirname(abandoned), { recursive: true });
    await writeFile(abandoned, 'bytes never completed');
    const twoDaysAgo = new Date(Date.now() - 2 * INCOMING_MAX_AGE_MS);
    await utimes(abandoned, twoDaysAgo, twoDaysAgo);
    const app = await buildApp({
      config: testConfig(),
      database: context.database,
      appSecret: TEST_APP_SECRET,
      storage: createLocalStorage(filesDirectory, TEST_APP_SECRET),
      logger: false,
    });
    try {
      await app.ready();
      await vi.waitFor(async () =>
        expect(await app.storage.get(`incoming/7/logo-${'b'.repeat(32)}`)).toBeNull(),
      );
    } finally {
      await app.close();
      await rm(filesDirectory, { recursive: true, force: true });
    }
  });

  it('answers 404 for files that do not exist or do not look like ours', async () => {
    for (const url of [
      '/files/img/0123456789abcdef01234567-128.webp',
      '/files/../secret.key',
      '/files/img/x.txt',
    ]) {
      expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
