// Over 300 lines and kept one file: every case, the Excel import's too, starts from the one set-up (a Smart
// club with `uploadPhoto`, `menuWith` and `isStored`) and follows a photo through menus, copies, sweeps, the
// PDF and the import.
import { randomBytes } from 'node:crypto';
import { rowErrorsFromIssues } from '@carta/contract/menu-import';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storedFiles } from '../src/db/schema.ts';
import { sweepUnusedPhotos } from '../src/features/images/image-store.ts';
import { finishUpload, seedOwnerWithClub } from './fixtures.ts';
import { CUSTOM_THEME, seedClub, seedOwner, useTestApp } from './helpers.ts';

/** A real WebP photo, as a phone would send it (optionally with transparency), each one different. */
let shade = 0;
const webpPhoto = (width: number, height: number, { alpha = false } = {}) => {
  shade += 1;
  const colour = { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 };
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { ...colour, alpha: 0.5 } : colour,
    },
  })
    .webp()
    .toBuffer();
};

type Photo = {
  key: string;
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number; height: number }[];
};

describe('dish photos', () => {
  const context = useTestApp();

  const setUp = async () => {
    const { owner, club, call } = await seedOwnerWithClub(context, {
      club: { freeForever: true },
      acceptLanguage: 'en',
    });
    const upload = async (body: Buffer, purpose = 'photo', contentType = 'image/webp') => {
      const ticket = await call('POST', '/uploads', { purpose, contentType });
      expect(ticket.statusCode).toBe(201);
      const { put, complete } = await finishUpload(context.app, call, ticket, body, contentType);
      expect(put.statusCode).toBe(204);
      return complete;
    };
    const uploadPhoto = async (width = 1200, height = 900) => {
      const complete = await upload(await webpPhoto(width, height));
      expect(complete.statusCode).toBe(201);
      return complete.json() as Photo;
    };
    const menuWith = async (items: object[]) => {
      const created = await call('POST', '/menu', { name: 'Cena', sections: [{ name: 'Primi', items }] });
      expect(created.statusCode).toBe(201);
      const menu = created.json();
      return {
        menu,
        section: menu.sections[0] as { id: number; items: { id: number; photo: Photo | null }[] },
      };
    };
    const isStored = async (key: string) =>
      (
        await context.database.db
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(and(eq(storedFiles.clubId, club.id), eq(storedFiles.key, key)))
      ).length > 0;
    const isFileServed = async (url: string) =>
      (await context.app.inject({ method: 'GET', url })).statusCode === 200;
    return { owner, club, call, upload, uploadPhoto, menuWith, isStored, isFileServed };
  };

  it('takes a WebP by its content, re-encoded without metadata, with the WebP widths of a dish photo', async () => {
    const { upload } = await setUp();
    const complete = await upload(await webpPhoto(1600, 1200));
    expect(complete.statusCode).toBe(201);
    const photo = complete.json() as Photo;
    expect(photo).toMatchObject({ width: 1600, height: 1200 });
    expect(photo.variants.map((variant) => variant.width)).toEqual([160, 480, 960]);
    expect(photo.url).toBe(`/files/${photo.key}-960.webp`);
    const thumbnail = await context.app.inject({ method: 'GET', url: photo.variants[0]?.url ?? '' });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 160, height: 120 });
    // The kept original is a JPG the PDF can read; a WebP with transparency is kept as a PNG.
    const original = await context.app.inject({ method: 'GET', url: `/files/${photo.key}.jpg` });
    expect(original.headers['content-type']).toBe('image/jpeg');
    const transparent = (await upload(await webpPhoto(300, 300, { alpha: true }))).json() as Photo;
    const png = await context.app.inject({ method: 'GET', url: `/files/${transparent.key}.png` });
    expect(png.headers['content-type']).toBe('image/png');
    // Declared as WebP but something else inside: refused by content.
    const fake = await upload(Buffer.from('RIFF0000WEBPnot really an image at all'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('IMAGE_TYPE_NOT_SUPPORTED');
  });

  it("saves an item's photo from the club's own uploads and answers it with its widths", async () => {
    const { call, uploadPhoto, menuWith } = await setUp();
    const photo = await uploadPhoto();
    const { menu, section } = await menuWith([{ name: 'Carbonara', price: 12 }]);
    expect(section.items[0]?.photo).toBeNull();
    const itemsPath = `/menu/${menu.id}/sections/${section.id}/items`;
    const created = await call('PUT', itemsPath, { name: 'Amatriciana', price: 11, photo: photo.key });
    expect(created.statusCode).toBe(201);
    expect(created.json().photo).toEqual(photo);
    const changed = await call('PUT', itemsPath, {
      id: section.items[0]?.id,
      name: 'Carbonara',
      price: 12,
      photo: photo.key,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().photo.variants.map((variant: { width: number }) => variant.width)).toEqual([
      160, 480, 960,
    ]);
    const full = (await call('GET', `/menu/${menu.id}`)).json();
    expect(full.sections[0].items.map((item: { photo: Photo | null }) => item.photo?.key)).toEqual([
      photo.key,
      photo.key,
    ]);
    const read = await call('GET', `${itemsPath}/${created.json().id}`);
    expect(read.json().photo).toEqual(photo);
    // null takes the photo away.
    const removed = await call('PUT', itemsPath, { id: created.json().id, name: 'Amatriciana', price: 11 });
    expect(removed.json().photo).toBeNull();
  });

  it("refuses a photo that is not one of the club's dish photos, saying so on the field", async () => {
    const { call, upload, uploadPhoto, menuWith } = await setUp();
    const other = await setUp();
    const othersPhoto = await other.uploadPhoto();
    const logo = (
      await upload(
        await sharp({ create: { width: 300, height: 300, channels: 3, background: 'red' } })
          .png()
          .toBuffer(),
        'logo',
        'image/png',
      )
    ).json() as Photo;
    const { menu, section } = await menuWith([]);
    const itemsPath = `/menu/${menu.id}/sections/${section.id}/items`;
    for (const key of [othersPhoto.key, logo.key, `img/${'0'.repeat(24)}`, 'https://example.com/x.jpg']) {
      const refused = await call('PUT', itemsPath, { name: 'Carbonara', price: 12, photo: key });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'IMAGE_NOT_FOUND',
        issues: [{ path: 'body.photo', message: 'This image does not exist: upload it again' }],
      });
    }
    // A whole new menu: every refused photo points at its item.
    const photo = await uploadPhoto();
    const whole = await call('POST', '/menu', {
      name: 'Pranzo',
      sections: [
        {
          name: 'Primi',
          items: [
            { name: 'Carbonara', price: 12, photo: photo.key },
            { name: 'Gricia', price: 11, photo: othersPhoto.key },
          ],
        },
      ],
    });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().issues).toEqual([
      expect.objectContaining({ path: 'body.sections.0.items.1.photo', key: 'errors.IMAGE_NOT_FOUND' }),
    ]);
    // Nothing was written.
    expect((await call('GET', '/menu')).json().map((entry: { name: string }) => entry.name)).toEqual([
      'Cena',
    ]);
  });

  it('keeps the photos in a whole new menu and in a copy, and keeps a photo while a dish still shows it', async () => {
    const { call, uploadPhoto, isStored, isFileServed } = await setUp();
    const [first, second] = [await uploadPhoto(), await uploadPhoto(800, 800)];
    if (!first || !second) throw new Error('no photos');
    const created = await call('POST', '/menu', {
      name: 'Cena',
      sections: [
        {
          name: 'Primi',
          items: [
            { name: 'Carbonara', price: 12, photo: first.key },
            { name: 'Gricia', price: 11, photo: second.key },
            { name: 'Pasta e fagioli', price: 9 },
          ],
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const menu = created.json();
    expect(menu.sections[0].items.map((item: { photo: Photo | null }) => item.photo?.key ?? null)).toEqual([
      first.key,
      second.key,
      null,
    ]);
    const copy = await call('POST', `/menu/${menu.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    const copied = (await call('GET', `/menu/${copy.json().id}`)).json();
    expect(copied.sections[0].items.map((item: { photo: Photo | null }) => item.photo?.key ?? null)).toEqual([
      first.key,
      second.key,
      null,
    ]);

    // Deleting the original: the copy still shows both photos, so both stay.
    expect((await call('DELETE', `/menu/${menu.id}`)).statusCode).toBe(204);
    expect(await isStored(first.key)).toBe(true);
    expect(await isFileServed(first.variants[0]?.url ?? '')).toBe(true);

    // Another photo on the copy's first dish: the first photo is no longer shown anywhere and goes.
    const third = await uploadPhoto(640, 480);
    const section = copied.sections[0];
    const itemsPath = `/menu/${copied.id}/sections/${section.id}/items`;
    const changed = await call('PUT', itemsPath, {
      id: section.items[0].id,
      name: 'Carbonara',
      price: 12,
      photo: third.key,
    });
    expect(changed.statusCode).toBe(200);
    expect(await isStored(first.key)).toBe(false);
    expect(await isFileServed(first.variants[0]?.url ?? '')).toBe(false);
    expect(await isFileServed(`/files/${first.key}.jpg`)).toBe(false);
    // Deleting the dish with the second photo releases it too; the category's delete the third.
    expect((await call('DELETE', `${itemsPath}/${section.items[1].id}`)).statusCode).toBe(204);
    expect(await isStored(second.key)).toBe(false);
    expect((await call('DELETE', `/menu/${copied.id}/sections/${section.id}`)).statusCode).toBe(204);
    expect(await isStored(third.key)).toBe(false);
    expect(await isFileServed(third.url)).toBe(false);
  });

  it('forgets a photo picked but never saved with a dish after a day, keeping every photo in use', async () => {
    const { club, upload, uploadPhoto, menuWith, isStored, isFileServed } = await setUp();
    const used = await uploadPhoto();
    const picked = await webpPhoto(800, 800);
    const uploadPicked = async () => {
      const complete = await upload(picked);
      expect(complete.statusCode).toBe(201);
      return complete.json() as Photo;
    };
    const abandoned = await uploadPicked();
    await menuWith([{ name: 'Carbonara', price: 12, photo: used.key }]);
    const { db } = context.database;
    const sweep = () => sweepUnusedPhotos(db, context.app.storage, { warn: () => undefined });
    const aDayGoes = () =>
      db
        .update(storedFiles)
        .set({ createdAt: sql`${storedFiles.createdAt} - interval '25 hours'` })
        .where(eq(storedFiles.clubId, club.id));

    // Within the day the owner may still save the form: nothing goes.
    expect(await sweep()).toBe(0);
    // The same photo picked again counts from then.
    await aDayGoes();
    expect((await uploadPicked()).key).toBe(abandoned.key);
    expect(await sweep()).toBe(0);
    expect(await isStored(abandoned.key)).toBe(true);

    await aDayGoes();
    expect(await sweep()).toBe(1);
    expect(await isStored(abandoned.key)).toBe(false);
    expect(await isFileServed(abandoned.url)).toBe(false);
    expect(await isFileServed(abandoned.variants[0]?.url ?? '')).toBe(false);
    // The dish's photo stays, however old.
    expect(await isStored(used.key)).toBe(true);
    expect(await isFileServed(used.variants[0]?.url ?? '')).toBe(true);
    expect(await sweep()).toBe(0);
  });

  it("switches photos off and on in the club's settings, on any plan", async () => {
    const { call } = await setUp();
    expect((await call('GET', '')).json().itemPhotosEnabled).toBe(true);
    const off = await call('PATCH', '/settings', { itemPhotosEnabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().itemPhotosEnabled).toBe(false);
    expect((await call('GET', '')).json().itemPhotosEnabled).toBe(false);

    const free = await seedOwner(context.database);
    const freeClub = await seedClub(context.database, free.account.id);
    const freeOn = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${freeClub.id}/settings`,
      headers: { authorization: free.authorization },
      payload: { itemPhotosEnabled: true },
    });
    expect(freeOn.statusCode).toBe(200);
  });

  it("stores the custom theme's PDF photos switch; standard themes have it off", async () => {
    const { call } = await setUp();
    const themes = (await call('GET', '/themes')).json() as { pdfPhotos: boolean; isCustom: boolean }[];
    expect(themes.length).toBeGreaterThan(0);
    expect(themes.every((theme) => theme.pdfPhotos === false)).toBe(true);
    const saved = await call('PUT', '/themes/custom', { ...CUSTOM_THEME, pdfPhotos: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().pdfPhotos).toBe(true);
    const listed = (await call('GET', '/themes')).json() as { pdfPhotos: boolean; isCustom: boolean }[];
    expect(listed.find((theme) => theme.isCustom)?.pdfPhotos).toBe(true);
    // Left out, it is off.
    expect((await call('PUT', '/themes/custom', CUSTOM_THEME)).json().pdfPhotos).toBe(false);
  });

  it('prints the photos in the PDF only when the theme asks and the club shows photos', async () => {
    const { call, uploadPhoto, menuWith } = await setUp();
    const photo = await uploadPhoto();
    const { menu } = await menuWith([
      { name: 'Carbonara', price: 12, photo: photo.key },
      { name: 'Gricia', price: 11 },
    ]);
    const images = async () => {
      const pdf = await call('GET', `/menu/${menu.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      return (pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
    };
    // No theme asking: no image at all.
    expect(await images()).toBe(0);
    const theme = (await call('PUT', '/themes/custom', { ...CUSTOM_THEME, pdfPhotos: true })).json();
    expect((await call('PATCH', '', { themeId: theme.id })).statusCode).toBe(200);
    expect(await images()).toBe(1);
    // Photos switched off for guests: none printed either.
    await call('PATCH', '/settings', { itemPhotosEnabled: false });
    expect(await images()).toBe(0);
    await call('PATCH', '/settings', { itemPhotosEnabled: true });
    expect(await images()).toBe(1);
    await call('PUT', '/themes/custom', { ...CUSTOM_THEME, pdfPhotos: false });
    expect(await images()).toBe(0);
  });

  describe('Excel import', () => {
    const workbookOf = async (
      rows: (string | number | null)[][],
      header = ['Category', 'Name', 'Price', 'Photo'],
    ) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Menu');
      sheet.addRow(header);
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const post = (clubId: number, authorization: string, file: Buffer, query = '', name?: string) => {
      const boundary = `----carta${randomBytes(8).toString('hex')}`;
      const parts = [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from('\r\n'),
        ...(name
          ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`)]
          : []),
        Buffer.from(`--${boundary}--\r\n`),
      ];
      return context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${clubId}/menu/excel${query}`,
        headers: {
          authorization,
          'accept-language': 'en',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat(parts),
      });
    };

    it("takes a photo column pointing at the club's own uploads, and nothing else", async () => {
      const { owner, club, call, uploadPhoto } = await setUp();
      const photo = await uploadPhoto();
      const second = await uploadPhoto(500, 500);
      const other = await setUp();
      const othersPhoto = await other.uploadPhoto();
      const origin = new URL(context.app.config.publicUrl).origin;
      const file = await workbookOf([
        ['Primi', 'Carbonara', 12, photo.url],
        [null, 'Gricia', 11, `${origin}${second.variants[0]?.url}`],
        [null, 'Amatriciana', 11, second.key],
        [null, 'Pasta e fagioli', 9, null],
      ]);
      const created = await post(club.id, owner.authorization, file, '', 'Dal file');
      expect(created.statusCode).toBe(201);
      const menu = (await call('GET', `/menu/${created.json().menuId}`)).json();
      expect(menu.sections[0].items.map((item: { photo: Photo | null }) => item.photo?.key ?? null)).toEqual([
        photo.key,
        second.key,
        second.key,
        null,
      ]);

      const refused = await workbookOf([
        ['Primi', 'Carbonara', 12, 'https://example.com/carbonara.jpg'],
        [null, 'Gricia', 11, `https://evil.example${photo.url}`],
        [null, 'Amatriciana', 11, othersPhoto.url],
        [null, 'Cacio e pepe', 10, `/files/img/${'f'.repeat(24)}-160.webp`],
        [null, 'Lasagna', 13, 'file:///etc/passwd'],
      ]);
      const preview = await post(club.id, owner.authorization, refused, '?dryRun=true');
      expect(preview.statusCode).toBe(200);
      const notOwn =
        'Only the address of a photo uploaded to Carta for this venue is accepted (it contains /files/img/); nothing is downloaded from other sites';
      const notFound =
        'This venue has no dish photo at this address: upload the photo in Carta and copy its address';
      expect(preview.json().errors).toEqual([
        { row: 2, column: 'photo', key: 'excelImport.photoNotOwn', message: notOwn },
        { row: 3, column: 'photo', key: 'excelImport.photoNotOwn', message: notOwn },
        { row: 4, column: 'photo', key: 'excelImport.photoNotFound', message: notFound },
        { row: 5, column: 'photo', key: 'excelImport.photoNotFound', message: notFound },
        { row: 6, column: 'photo', key: 'excelImport.photoNotOwn', message: notOwn },
      ]);
      const rejected = await post(club.id, owner.authorization, refused, '', 'No');
      expect(rejected.statusCode).toBe(400);
      expect(rowErrorsFromIssues(rejected.json().issues).map((error) => [error.row, error.column])).toEqual([
        [2, 'photo'],
        [3, 'photo'],
        [4, 'photo'],
        [5, 'photo'],
        [6, 'photo'],
      ]);
    });

    it('reads the photo column under its Italian header and lists it in both templates', async () => {
      const { owner, club, call, uploadPhoto } = await setUp();
      const photo = await uploadPhoto();
      const file = await workbookOf(
        [['Primi', 'Carbonara', 12, photo.url]],
        ['Categoria', 'Nome', 'Prezzo', 'Foto'],
      );
      const created = await post(club.id, owner.authorization, file, '', 'Dal file');
      expect(created.statusCode).toBe(201);
      const menu = (await call('GET', `/menu/${created.json().menuId}`)).json();
      expect(menu.sections[0].items[0].photo.key).toBe(photo.key);

      for (const [language, header] of [
        ['it', 'Foto'],
        ['en', 'Photo'],
      ] as const) {
        const template = await call('GET', `/menu/excel/template?lang=${language}`);
        expect(template.statusCode).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
        const headers = ((workbook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).filter(Boolean);
        expect(headers).toContain(header);
        const guide = workbook.worksheets[1];
        const guideText = JSON.stringify(guide?.getSheetValues());
        expect(guideText).toContain('/files/img/');
      }
    });
  });
});
