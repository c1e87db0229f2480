import { devices, type Locator } from '@playwright/test';
import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('the overview translates a price text, turns the switched-off translations on, and guests read it in English', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Osteria Lingue' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  await request.patch(`/api/v1/clubs/${clubId}`, { headers, data: { menuLanguages: ['en'] } });
  // A new club starts with translations on; this owner switched them off.
  const club = await (await request.get(`/api/v1/clubs/${clubId}`, { headers })).json();
  expect(club.translationsEnabled).toBe(true);
  await request.patch(`/api/v1/clubs/${clubId}/settings`, { headers, data: { translationsEnabled: false } });
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: {
        name: 'Cena',
        footer: 'Coperto 2,50 €',
        sections: [{ name: 'Secondi', items: [{ name: 'Branzino', priceText: 'Secondo mercato' }] }],
      },
    })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '4' }] } })
  ).json();

  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/menu/${menu.id}/translations`);
  // The menu's name and footer, the category, the dish's name and its price text.
  await expect(page.getByTestId('progress-en')).toContainText('0 testi tradotti su 5');
  await expect(page.getByText('Prezzo come testo')).toBeVisible();
  await expect(page.getByText('Piè di pagina')).toBeVisible();
  await expect(page.getByTestId('progress-en')).toContainText('5 da tradurre');
  // Nothing translated yet: nothing to warn about.
  await expect(page.getByText('Le traduzioni sono spente')).toBeHidden();

  // The original is shown as a reference, clearly the original; the English field is empty, not
  // pre-filled with the Italian, and marked as still to translate.
  const priceRow = page.getByTestId('translation-row').filter({ hasText: 'Prezzo come testo' });
  await expect(priceRow.getByTestId('translation-original')).toHaveText(
    'Originale (Italiano)Secondo mercato',
  );
  const priceField = page.getByRole('textbox', { name: '“Secondo mercato” in Inglese' });
  await expect(priceField).toHaveValue('');
  await expect(priceField).not.toHaveAttribute('placeholder', /.+/);
  await expect(priceRow.getByText('Da tradurre', { exact: true })).toBeVisible();
  const missing = page.getByTestId('translations-missing');
  await expect(missing).toHaveText('Inglese: 5 testi da tradurre');

  await priceField.fill('Market price');
  await expect(priceRow.getByText('Da tradurre', { exact: true })).toBeHidden();
  await page.getByRole('textbox', { name: '“Coperto 2,50 €” in Inglese' }).fill('Cover charge €2.50');
  // The count follows the typing, before the save.
  await expect(missing).toHaveText('Inglese: 3 testi da tradurre');
  await page.getByRole('button', { name: 'Salva le traduzioni' }).click();
  await expect(page.getByText('2 traduzioni salvate')).toBeVisible();
  await expect(page.getByTestId('progress-en')).toContainText('2 testi tradotti su 5');

  // Guests cannot read them while the switch is off.
  const guestPath = `/public/menu/${clubId}/${tables[0].id}/${menu.id}`;
  const switchedOff = await (await request.get(`${guestPath}?lang=en`)).text();
  expect(switchedOff).toContain('Secondo mercato');
  expect(switchedOff).not.toContain('Market price');

  const alert = page.getByRole('alert').filter({ hasText: 'Le traduzioni sono spente' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Attiva le traduzioni' }).click();
  await expect(page.getByText('Traduzioni attivate')).toBeVisible();
  await expect(alert).toBeHidden();
  expect((await (await request.get(`/api/v1/clubs/${clubId}`, { headers })).json()).translationsEnabled).toBe(
    true,
  );

  const guest = await page.context().newPage();
  await guest.goto(`${guestPath}?lang=en`);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'en');
  await expect(guest.getByText('Market price')).toBeVisible();
  await expect(guest.getByText('Cover charge €2.50')).toBeVisible();
  await expect(guest.getByText('Secondo mercato')).toBeHidden();
  // The Italian page keeps the original.
  await guest.getByRole('link', { name: 'Italiano' }).click();
  await expect(guest.locator('html')).toHaveAttribute('lang', 'it');
  await expect(guest.getByText('Secondo mercato')).toBeVisible();
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('the save bar never covers the field being typed in, and the last field scrolls above it', async ({
    page,
    request,
  }) => {
    const owner = await signUpOwner(request, [{ name: 'Osteria Tasca' }]);
    const [clubId] = owner.clubIds;
    const headers = { authorization: `Bearer ${owner.token}` };
    await request.patch(`/api/v1/clubs/${clubId}`, { headers, data: { menuLanguages: ['en'] } });
    const items = Array.from({ length: 8 }, (_, index) => ({
      name: `Piatto ${index + 1}`,
      description: `Descrizione del piatto ${index + 1}`,
      price: 10 + index,
    }));
    const menu = await (
      await request.post(`/api/v1/clubs/${clubId}/menu`, {
        headers,
        data: { name: 'Cena', sections: [{ name: 'Secondi', items }] },
      })
    ).json();
    await useSessionOf(page, owner.token);
    await page.goto(`/clubs/${clubId}/menu/${menu.id}/translations`);
    const bar = page.getByTestId('translations-save-bar');
    await expect(bar.getByRole('button', { name: 'Salva le traduzioni' })).toBeVisible();
    const fields = page.getByTestId('translation-row').getByRole('textbox');
    await expect(fields).toHaveCount(18);

    const barTop = async () => (await bar.boundingBox())?.y ?? 0;
    const bottomOf = async (field: Locator) => {
      const box = await field.boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0);
    };
    // The owner types in a field, then goes to the next one, which sits just under the bar: the page
    // moves it clear of the bar.
    const previous = fields.nth(8);
    const next = fields.nth(9);
    await previous.focus();
    await page.keyboard.type('Dish');
    const nextBox = await next.boundingBox();
    await page.evaluate((by) => window.scrollBy(0, by), (nextBox?.y ?? 0) - ((await barTop()) - 12));
    await expect(async () => expect(await bottomOf(next)).toBeGreaterThan(await barTop())).toPass({
      timeout: 10_000,
    });
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await expect(async () => expect(await bottomOf(next)).toBeLessThanOrEqual(await barTop())).toPass({
      timeout: 10_000,
    });
    await page.keyboard.type('Dish');

    // Scrolled to the end, the last field sits above the bar, not under it.
    const last = fields.last();
    await page.mouse.wheel(0, 100_000);
    await expect(last).toBeInViewport();
    await expect(async () => expect(await bottomOf(last)).toBeLessThanOrEqual(await barTop())).toPass({
      timeout: 10_000,
    });
    await last.focus();
    await page.keyboard.type('Last');
    await expect(async () => expect(await bottomOf(last)).toBeLessThanOrEqual(await barTop())).toPass({
      timeout: 10_000,
    });
    await expect(page.getByTestId('translations-missing')).toHaveText('Inglese: 15 testi da tradurre');
  });
});
