import { type APIRequestContext, devices, type Locator, type Page } from '@playwright/test';
import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';
import { widePng } from '../images.ts';

/** An owner with a menu «Cena» whose category «Primi» has two dishes, signed in on the page. */
const setUpOwner = async (page: Page, request: APIRequestContext, { isSmart = false } = {}) => {
  const owner = await signUpOwner(request, [{ name: 'Osteria del Porto' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  if (isSmart)
    expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  const created = await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: {
      name: 'Cena',
      sections: [
        {
          name: 'Primi',
          items: [
            { name: 'Carbonara', price: 12 },
            { name: 'Amatriciana', price: 11 },
          ],
        },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  const { id: menuId } = await created.json();
  const readMenu = async () =>
    (await request.get(`/api/v1/clubs/${clubId}/menu/${menuId}`, { headers })).json();
  const sectionId = (await readMenu()).sections[0].id;
  await useSessionOf(page, owner.token);
  return { clubId, headers, readMenu, itemsPath: `/clubs/${clubId}/menu/${menuId}/sections/${sectionId}` };
};

/** An image that was drawn from a file that loaded. */
const expectLoaded = async (image: Locator) => {
  await expect(image).toBeVisible();
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
};

const rowOf = (page: Page, name: string) => page.getByTestId('item-row').filter({ hasText: name });

test('an owner adds a square photo to a dish, sees it in the list, then removes it', async ({
  page,
  request,
}) => {
  const { clubId, headers, readMenu, itemsPath } = await setUpOwner(page, request);
  await page.goto(itemsPath);
  await page.getByRole('link', { name: 'Modifica Carbonara' }).click();
  const section = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Foto del piatto' }) });
  await expect(section.getByRole('button', { name: 'Aggiungi una foto' })).toBeVisible();
  await expect(section.getByText('JPG, PNG o WebP fino a 5 MB')).toBeVisible();

  // A file that is not a photo is refused before anything is uploaded.
  const input = page.getByTestId('photo-input');
  await input.setInputFiles({ name: 'menu.txt', mimeType: 'text/plain', buffer: Buffer.from('carbonara') });
  await expect(section.getByRole('alert')).toHaveText(
    "Questo file non è una foto JPG, PNG o WebP: scegline un'altra.",
  );

  // A wide PNG, cropped square with the keyboard.
  await input.setInputFiles({ name: 'carbonara.png', mimeType: 'image/png', buffer: widePng() });
  const dialog = page.getByRole('dialog', { name: 'Ritaglia la foto' });
  await expect(dialog).toBeVisible();
  await expect(section.getByRole('alert')).toBeHidden();
  const square = dialog.getByRole('button', { name: 'Quadrata (1:1)' });
  await expect(square).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Rettangolare (4:3)' }).click();
  await square.click();
  await expect(square).toHaveAttribute('aria-pressed', 'true');
  const cropArea = dialog.getByRole('application', { name: 'Ritaglio della foto' });
  // The one cropper: the photo on a light ground, no black frame around it.
  const ground = await dialog
    .getByTestId('crop-area')
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  const [red = 0, green = 0, blue = 0] = ground.match(/\d+/g)?.map(Number) ?? [];
  expect(Math.min(red, green, blue), ground).toBeGreaterThan(200);
  await cropArea.focus();
  await page.keyboard.press('+');
  const zoom = dialog.getByRole('slider', { name: 'Zoom' });
  await expect(zoom).toHaveValue('1.2');
  // Zoom buttons with names, for a keyboard or a finger.
  await dialog.getByRole('button', { name: 'Ingrandisci' }).click();
  await expect(zoom).toHaveValue('1.4');
  await dialog.getByRole('button', { name: 'Riduci' }).click();
  await expect(zoom).toHaveValue('1.2');
  await cropArea.focus();
  await page.keyboard.press('ArrowLeft');
  // While the photo goes out, the dialog says how much has gone (the storage is held until it is seen).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    '**/api/v1/uploads?**',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await dialog.getByRole('button', { name: 'Usa questa foto' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Caricamento della foto' })).toHaveAttribute(
    'aria-valuenow',
    /^\d+$/,
  );
  await expect(dialog.getByText(/^Caricamento: \d+%$/)).toBeVisible();
  release();
  await expect(dialog).toBeHidden();

  // The preview shows the uploaded photo, square; nothing is saved yet.
  const preview = page.getByTestId('item-photo-preview');
  await expectLoaded(preview);
  await expect(preview).toHaveAttribute('width', '160');
  await expect(preview).toHaveAttribute('height', '160');
  expect((await readMenu()).sections[0].items[0].photo).toBeNull();
  await expect(section.getByRole('button', { name: 'Cambia foto' })).toBeVisible();

  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText('Carbonara salvato')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${itemsPath}$`));

  // The list shows a small thumbnail beside the dish with a photo, and none beside the other.
  const thumbnail = rowOf(page, 'Carbonara').getByTestId('item-thumbnail');
  await expectLoaded(thumbnail);
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  expect(await thumbnail.evaluate((element) => element.getBoundingClientRect().width)).toBe(40);
  // The thumbnail keeps its distance from the dish's name.
  const thumbnailBox = await thumbnail.boundingBox();
  const nameBox = await rowOf(page, 'Carbonara')
    .getByRole('link', { name: 'Carbonara', exact: true })
    .boundingBox();
  expect((nameBox?.x ?? 0) - ((thumbnailBox?.x ?? 0) + (thumbnailBox?.width ?? 0))).toBeGreaterThanOrEqual(8);
  await expect(rowOf(page, 'Amatriciana').getByTestId('item-thumbnail')).toHaveCount(0);
  const stored = (await readMenu()).sections[0].items[0].photo;
  expect(stored).toMatchObject({ key: expect.stringMatching(/^img\//) });
  expect(stored.width).toBe(stored.height);

  // Reopened, the form shows the saved photo; removing it can be undone until saving.
  await page.getByRole('link', { name: 'Modifica Carbonara' }).click();
  await expectLoaded(preview);
  await section.getByRole('button', { name: 'Rimuovi foto' }).click();
  await expect(preview).toBeHidden();
  await expect(section.getByText('La foto verrà tolta quando salvi.')).toBeVisible();
  await section.getByRole('button', { name: 'Ripristina' }).click();
  await expectLoaded(preview);
  await section.getByRole('button', { name: 'Rimuovi foto' }).click();
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText('Carbonara salvato')).toBeVisible();
  await expect(page.getByTestId('item-row')).toHaveCount(2);
  await expect(page.getByTestId('item-thumbnail')).toHaveCount(0);
  expect((await readMenu()).sections[0].items[0].photo).toBeNull();

  // The club's switch hides the photos from guests; the item form says so.
  await page.goto(`/clubs/${clubId}/profile/settings`);
  const photos = page.getByRole('switch', { name: 'Foto dei piatti' });
  await expect(photos).toBeChecked();
  await expect(page.getByTestId('setting-itemPhotosEnabled')).toContainText(
    'Mostra le foto dei piatti ai clienti',
  );
  await photos.click();
  await expect(page.getByText('Foto dei piatti: disattivato')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Foto dei piatti' })).not.toBeChecked();
  const club = await (await request.get(`/api/v1/clubs/${clubId}`, { headers })).json();
  expect(club.itemPhotosEnabled).toBe(false);
  await page.goto(`${itemsPath}/items/new`);
  await expect(page.getByText('Le foto dei piatti ora sono nascoste ai clienti')).toBeVisible();
});

test('the theme asks for dish photos in the PDF', async ({ page, request }) => {
  const { clubId, headers } = await setUpOwner(page, request, { isSmart: true });
  await page.goto(`/clubs/${clubId}/profile/theme`);
  const pdfPhotos = page.getByRole('switch', { name: 'Foto dei piatti nel PDF' });
  await expect(pdfPhotos).not.toBeChecked();
  await page.getByRole('textbox', { name: /^Nome del tema/ }).fill('Porto');
  await pdfPhotos.click();
  await page.getByRole('button', { name: 'Salva il tema' }).click();
  await expect(page.getByText('Tema Porto salvato')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Foto dei piatti nel PDF' })).toBeChecked();
  const themes = await (await request.get(`/api/v1/clubs/${clubId}/themes`, { headers })).json();
  expect(themes.find((theme: { isCustom: boolean }) => theme.isCustom)).toMatchObject({
    name: 'Porto',
    pdfPhotos: true,
  });
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('the crop fills the screen and a 4:3 photo fits the form', async ({ page, request }) => {
    const { itemsPath } = await setUpOwner(page, request);
    await page.goto(itemsPath);
    await page.getByRole('link', { name: 'Modifica Amatriciana' }).click();
    // The form's character counters ("11/100") sit inside the screen: nothing widens the page.
    await expect(page.getByText('11/100')).toBeVisible();
    const viewport = page.viewportSize();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport?.width ?? 0,
    );
    await page.getByTestId('photo-input').setInputFiles({
      name: 'amatriciana.png',
      mimeType: 'image/png',
      buffer: widePng(),
    });
    const dialog = page.getByRole('dialog', { name: 'Ritaglia la foto' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(viewport?.width);
    await dialog.getByRole('button', { name: 'Rettangolare (4:3)' }).click();
    const use = dialog.getByRole('button', { name: 'Usa questa foto' });
    await expect(use).toBeInViewport();
    await use.click();
    await expect(dialog).toBeHidden();
    const preview = page.getByTestId('item-photo-preview');
    await expectLoaded(preview);
    await expect(preview).toHaveAttribute('width', '213');
    const previewBox = await preview.boundingBox();
    expect((previewBox?.x ?? 0) + (previewBox?.width ?? 0)).toBeLessThanOrEqual(viewport?.width ?? 0);
  });
});
