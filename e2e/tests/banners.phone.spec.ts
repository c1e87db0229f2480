import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';
import { widePng } from '../images.ts';

/** A Smart owner with banners switched on, a menu «Cena» and one table, signed in on the page. */
const setUpOwner = async (page: Page, request: APIRequestContext) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria del Sole' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  expect(
    (
      await request.patch(`/api/v1/clubs/${clubId}/settings`, {
        headers,
        data: { bannerUpdateEnabled: true },
      })
    ).ok(),
  ).toBe(true);
  await request.patch(`/api/v1/clubs/${clubId}`, { headers, data: { menuLanguages: ['en'] } });
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: { name: 'Cena', sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }] },
    })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '4' }] } })
  ).json();
  await useSessionOf(page, owner.token);
  // The details form warns before leaving with unsaved changes: a reload goes ahead.
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  return { clubId, headers, menu, tables };
};

/** The preview's image, drawn from a file that loaded. */
const expectLoadedImage = async (preview: Locator) => {
  const image = preview.locator('img');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  return image;
};

test('an owner crops a wide photo to a square banner, guests see it on the menu, then it is deleted', async ({
  page,
  request,
}) => {
  const { clubId, headers, menu, tables } = await setUpOwner(page, request);

  // No banner yet is a state of the menu, not an error: nothing fails in the browser's console.
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('response', (response) => {
    if (response.url().includes('/banners/') && response.status() >= 400)
      failures.push(`${response.status()} ${response.url()}`);
  });

  // From the menus list: the menu has no banner yet, its actions lead to one.
  await page.goto(`/clubs/${clubId}/menu`);
  await page.getByRole('link', { name: 'Banner di Cena' }).click();
  await expect(page.getByText('Nessun banner per questo menu')).toBeVisible();
  expect(failures).toEqual([]);
  await page.getByRole('link', { name: 'Crea il banner' }).click();
  await expect(page.getByText('JPG, PNG o WebP fino a 5 MB.')).toBeVisible();
  expect(failures).toEqual([]);

  // The image step: a wide PNG, cropped to a square in the same dialog as a dish's photo.
  await page.getByTestId('banner-image-input').setInputFiles({
    name: 'terrazza.png',
    mimeType: 'image/png',
    buffer: widePng(),
  });
  const cropDialog = page.getByRole('dialog', { name: "Ritaglia l'immagine del banner" });
  await expect(cropDialog).toBeVisible();
  // Full screen on a phone, as a dish's photo; a banner is square only: no shape to choose.
  expect((await cropDialog.boundingBox())?.width).toBe(page.viewportSize()?.width);
  await expect(cropDialog.getByRole('button', { name: 'Quadrata (1:1)' })).toHaveCount(0);
  const cropArea = cropDialog.getByRole('application', { name: "Ritaglio quadrato dell'immagine" });
  await expect(cropArea).toBeVisible();
  await cropArea.focus();
  await page.keyboard.press('+');
  await expect(cropDialog.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.2');
  await page.keyboard.press('ArrowLeft');
  // The connection drops during the upload: the crop stays and the owner is asked to upload again.
  await page.route('**/api/v1/uploads?**', (route) => route.abort('internetdisconnected'), { times: 1 });
  await cropDialog.getByRole('button', { name: 'Carica e continua' }).click();
  await expect(cropDialog.getByRole('alert')).toContainText('carica di nuovo');
  await expect(cropArea).toBeVisible();
  await cropDialog.getByRole('button', { name: 'Carica di nuovo' }).click();

  // The details step with its live preview; the uploaded image's key is in the address.
  const detailsUrl = new RegExp(
    `/clubs/${clubId}/menu/${menu.id}/banner/new/details\\?image=img/[0-9a-f]{24}$`,
  );
  await expect(page).toHaveURL(detailsUrl);
  const preview = page.getByTestId('banner-preview');
  await expectLoadedImage(preview);

  // A reload keeps the upload and the crop: the same address, the image still in the preview.
  const address = page.url();
  await page.getByRole('textbox', { name: /^Titolo/ }).fill('Bozza');
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole('textbox', { name: /^Titolo/ })).toBeVisible();
  await expectLoadedImage(preview);
  // So does the address opened in a new tab, where only the key is left to draw the image from.
  const tab = await page.context().newPage();
  await tab.goto(address);
  await expect(tab).toHaveURL(address);
  const tabImage = await expectLoadedImage(tab.getByTestId('banner-preview'));
  await expect(tabImage).toHaveAttribute('src', /^\/files\/img\/[0-9a-f]{24}\.jpg$/);
  await tab.close();

  await page.getByRole('textbox', { name: /^Titolo/ }).fill('Aperitivo al tramonto');
  await page.getByRole('textbox', { name: /^Prezzo/ }).fill('12 €');
  await page.getByRole('textbox', { name: /^Sottotitolo/ }).fill('Ogni venerdì');
  await page.getByLabel('Segna come «Per te»').check();
  await expect(preview).toContainText('Aperitivo al tramonto');
  await expect(preview).toContainText('Per te');
  // Its texts are translated with the menu's other texts: the form says so and leads there.
  const hint = page.getByTestId('banner-translations-hint');
  await expect(hint).toContainText('(Inglese)');
  await expect(hint.getByRole('link', { name: 'Apri le traduzioni' })).toHaveAttribute(
    'href',
    `/clubs/${clubId}/menu/${menu.id}/translations`,
  );
  await page.getByRole('button', { name: 'Salva il banner' }).click();

  await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/menu/${menu.id}/banner$`));
  await expect(page.getByTestId('banner-view')).toContainText('Aperitivo al tramonto');
  const stored = await (
    await request.get(`/api/v1/clubs/${clubId}/banners/menu/${menu.id}/banner`, { headers })
  ).json();
  // The server kept a square, whatever the photo's shape was.
  expect(stored.banner.image.width).toBe(stored.banner.image.height);

  // Guests see it at the top of the menu on their phone.
  const guest = await page.context().newPage();
  await guest.goto(`/public/menu/${clubId}/${tables[0].id}/${menu.id}`);
  const banner = guest.locator('section.banner');
  await expect(banner.getByRole('heading', { name: 'Aperitivo al tramonto' })).toBeVisible();
  await expect(banner).toContainText('Per te');
  await expect(banner).toContainText('12 €');
  const image = banner.locator('img');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);

  // Translated in the overview, the banner reads in English on the English page.
  await page.goto(`/clubs/${clubId}/menu/${menu.id}/translations`);
  await page.getByRole('textbox', { name: '“Aperitivo al tramonto” in Inglese' }).fill('Sunset aperitivo');
  await page.getByRole('button', { name: 'Salva le traduzioni' }).click();
  await expect(page.getByText('1 traduzione salvata')).toBeVisible();
  await guest.goto(`/public/menu/${clubId}/${tables[0].id}/${menu.id}?lang=en`);
  await expect(banner.getByRole('heading', { name: 'Sunset aperitivo' })).toBeVisible();
  await expect(banner).toContainText('12 €');
  await page.goto(`/clubs/${clubId}/menu/${menu.id}/banner`);

  // Deleted with the typed word: gone for guests too.
  await page.getByRole('button', { name: 'Elimina il banner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('elimina');
  await dialog.getByRole('button', { name: 'Elimina', exact: true }).click();
  await expect(page.getByText('Nessun banner per questo menu')).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1, name: 'Cena' })).toBeVisible();
  await expect(guest.locator('section.banner')).toHaveCount(0);
});

test('a details address with an image the club does not have opens, and saving says to upload it again', async ({
  page,
  request,
}) => {
  const { clubId, menu } = await setUpOwner(page, request);
  const base = `/clubs/${clubId}/menu/${menu.id}/banner`;
  for (const key of [`img/${'0'.repeat(24)}`, 'not-an-image']) {
    await page.goto(`${base}/new/details?image=${key}`);
    await page.getByRole('textbox', { name: /^Titolo/ }).fill('Aperitivo al tramonto');
    await page.getByRole('textbox', { name: /^Prezzo/ }).fill('12 €');
    // No broken image in the preview.
    await expect(page.getByTestId('banner-preview')).toContainText('Aperitivo al tramonto');
    await expect(page.getByTestId('banner-preview').locator('img')).toHaveCount(0);
    await page.getByRole('button', { name: 'Salva il banner' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Questa immagine non esiste: caricala di nuovo');
    await expect(page).toHaveURL(new RegExp(`${base}/new/details\\?`));
    await alert.getByRole('link', { name: 'Cambia immagine' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/new$`));
  }
});
