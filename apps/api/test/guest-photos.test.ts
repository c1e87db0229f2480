import { brotliCompressSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addTable, finishUpload, guestGet, guestMenuUrl, seedOwnerWithClub } from './fixtures.ts';
import { demoDinnerSections, useTestApp } from './helpers.ts';

type Photo = { key: string; url: string; variants: { url: string; width: number }[] };

let shade = 0;
/** A real photo, each one different (the same content would be the same stored image). */
const jpegPhoto = () => {
  shade += 1;
  return sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: { r: (shade * 41) % 256, g: (shade * 73) % 256, b: (shade * 29) % 256 },
    },
  })
    .jpeg()
    .toBuffer();
};

describe('guest pages with dish photos', () => {
  const context = useTestApp();

  const setUp = async () => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: { name: 'Osteria Blu', freeForever: true, translationsEnabled: true, menuLanguages: ['en'] },
    });
    const uploadPhoto = async (): Promise<Photo> => {
      const ticket = await call('POST', '/uploads', { purpose: 'photo', contentType: 'image/jpeg' });
      return (await finishUpload(context.app, call, ticket, await jpegPhoto(), 'image/jpeg')).complete.json();
    };
    const table = await addTable(call);
    const page = async (menuId: number, language?: string) =>
      (await guestGet(context.app, guestMenuUrl(club.id, table.id, menuId), language)).body;
    return { club, call, uploadPhoto, page, table };
  };

  it('draws a menu without photos exactly as before: no image, no photo style, no larger view', async () => {
    const { call, page } = await setUp();
    const menu = (await call('POST', '/menu', { name: 'Cena', sections: demoDinnerSections() })).json();
    const html = await page(menu.id);
    expect((html.match(/class="item/g) ?? []).length).toBe(80);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('srcSet');
    expect(html).not.toContain('class="ph"');
    expect(html).not.toContain('.ph{');
    expect(html).not.toContain('dialog');
    expect(html).not.toContain('data-close');
    expect(html).toContain('<main>');
  });

  it('shows lazy thumbnails with every WebP width beside the dishes that have a photo, and the larger view in place', async () => {
    const { call, uploadPhoto, page } = await setUp();
    const photo = await uploadPhoto();
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [
          {
            name: 'Primi',
            items: [
              {
                name: 'Carbonara',
                price: 12,
                photo: photo.key,
                translations: { en: { translatedName: 'Carbonara pasta' } },
              },
              { name: 'Gricia', price: 11 },
            ],
          },
        ],
      })
    ).json();
    const html = await page(menu.id);
    const srcset = photo.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
    expect(srcset).toContain('160w');
    expect(html).toContain(
      `<a class="ph" href="${photo.url}"><img src="${photo.variants[0]?.url}" srcSet="${srcset}" sizes="72px" alt="Foto di Carbonara" width="72" height="72" loading="lazy" decoding="async"/></a>`,
    );
    // One thumbnail: the dish without a photo has none.
    expect((html.match(/<img /g) ?? []).length).toBe(1);
    expect(html).toContain('class="item pic"');
    expect(html).toContain('<main data-close="Chiudi">');
    expect(html).toContain('.ph{float:left');
    // The images never hold the first paint: nothing preloaded, nothing eager.
    expect(html).not.toMatch(/rel="preload"[^>]*as="image"/);
    expect(html).not.toContain('loading="eager"');

    const english = await page(menu.id, 'en-GB,en;q=0.9');
    expect(english).toContain('alt="Photo of Carbonara pasta"');
    expect(english).toContain('<main data-close="Close">');

    // The thumbnail's files are served.
    const thumbnail = await context.app.inject({ method: 'GET', url: photo.variants[0]?.url ?? '' });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    // The page's one script opens the larger view.
    const script = await context.app.inject({
      method: 'GET',
      url: html.match(/src="(\/public\/[^"]+\.js)"/)?.[1] ?? '',
    });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('showModal');
  });

  it('hides the photos when the club switches them off, at once, and shows a changed photo at once', async () => {
    const { call, uploadPhoto, page } = await setUp();
    const [first, second] = [await uploadPhoto(), await uploadPhoto()];
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12, photo: first?.key }] }],
      })
    ).json();
    expect(await page(menu.id)).toContain(`href="${first?.url}"`);
    // Kept pages are dropped by the settings change.
    expect((await call('PATCH', '/settings', { itemPhotosEnabled: false })).statusCode).toBe(200);
    const hidden = await page(menu.id);
    expect(hidden).not.toContain('<img');
    expect(hidden).not.toContain('.ph{');
    expect(hidden).not.toContain('data-close');
    await call('PATCH', '/settings', { itemPhotosEnabled: true });
    expect(await page(menu.id)).toContain(`href="${first?.url}"`);
    // A new photo on the dish shows on the next visit.
    const section = menu.sections[0];
    await call('PUT', `/menu/${menu.id}/sections/${section.id}/items`, {
      id: section.items[0].id,
      name: 'Carbonara',
      price: 12,
      photo: second?.key,
    });
    const changed = await page(menu.id);
    expect(changed).toContain(`href="${second?.url}"`);
    expect(changed).not.toContain(first?.key ?? '');
  });

  it('keeps the guest JSON of a club with photos off free of them', async () => {
    const { club, call, uploadPhoto, table } = await setUp();
    const photo = await uploadPhoto();
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12, photo: photo.key }] }],
      })
    ).json();
    const json = async () =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`,
        })
      ).json();
    const shown = await json();
    expect(JSON.stringify(shown)).toContain(photo.key);
    await call('PATCH', '/settings', { itemPhotosEnabled: false });
    expect(JSON.stringify(await json())).not.toContain(photo.key);
  });

  it('costs an 80-dish menu with a photo on every dish about 400 bytes each, lazy', async () => {
    const { call, uploadPhoto, page } = await setUp();
    const photo = await uploadPhoto();
    const plain = (await call('POST', '/menu', { name: 'Cena', sections: demoDinnerSections() })).json();
    const withPhotos = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: demoDinnerSections().map((section) => ({
          ...section,
          items: section.items.map((item) => ({ ...item, photo: photo.key })),
        })),
      })
    ).json();
    const [before, after] = [await page(plain.id), await page(withPhotos.id)];
    expect((after.match(/loading="lazy"/g) ?? []).length).toBe(80);
    const perDish = (after.length - before.length) / 80;
    expect(perDish).toBeLessThan(450);
    // Compressed, the repeated markup costs little.
    const compressed = brotliCompressSync(after).length - brotliCompressSync(before).length;
    expect(compressed).toBeLessThan(6 * 1024);
  });
});
