import { asAdmin, expect, signUpOwner, test } from '../fixtures.ts';

test('a guest scans a table, reads the menu, switches to English, filters allergens and searches', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Osteria del Porto' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  await request.patch(`/api/v1/clubs/${clubId}`, { headers, data: { menuLanguages: ['en'] } });
  await request.patch(`/api/v1/clubs/${clubId}/settings`, { headers, data: { translationsEnabled: true } });
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: {
        name: 'Cena',
        sections: [
          {
            name: 'Primi',
            translations: { en: { translatedName: 'First courses' } },
            items: [
              {
                name: 'Carbonara',
                price: 12,
                allergens: ['eggs', 'gluten'],
                bestSeller: true,
                ingredients: 'guanciale, pecorino',
              },
              {
                name: 'Risotto ai funghi',
                price: 14,
                allergens: ['milk'],
                translations: { en: { translatedName: 'Mushroom risotto' } },
              },
            ],
          },
          {
            name: 'Dolci',
            items: [{ name: 'Tiramisù', priceText: 'Chiedi al personale', allergens: ['eggs', 'milk'] }],
          },
        ],
      },
    })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '12' }] } })
  ).json();

  // The QR code's address opens the only menu directly.
  await page.goto(`/public/qrcodemenu/${clubId}/${tables[0].id}`);
  await expect(page).toHaveURL(new RegExp(`/public/menu/${clubId}/${tables[0].id}/${menu.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Cena' })).toBeVisible();
  await expect(page.getByText('Più venduto')).toBeVisible();
  await expect(page.getByText('Chiedi al personale')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Mushroom risotto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First courses' })).toBeVisible();
  // Remembered on the device: the plain address reads in English again.
  await page.goto(`/public/menu/${clubId}/${tables[0].id}/${menu.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Avoiding eggs marks the dishes that contain them, without a round trip.
  await page.getByText('I avoid…').click();
  await page.getByLabel('Eggs').check();
  await expect(page.locator('.item.warn')).toHaveCount(2);
  await expect(page.locator('.item:not(.warn)')).toContainText('Mushroom risotto');

  await page.getByRole('searchbox', { name: 'Search a dish or an ingredient' }).fill('pecorino');
  await expect(page.locator('.item:not(.hide)')).toHaveCount(1);
  await expect(page.locator('.item:not(.hide)')).toContainText('Carbonara');
  const searchbox = page.getByRole('searchbox', { name: 'Search a dish or an ingredient' });
  await searchbox.fill('zzz');
  await expect(page.getByText('No dish matches.')).toBeVisible();
  // The category bar keeps its categories, and a button brings every dish back.
  await expect(page.locator('.tabs').getByRole('link', { name: 'Dolci' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchbox).toHaveValue('');
  await expect(searchbox).toBeFocused();
  await expect(page.getByText('No dish matches.')).toBeHidden();
  await expect(page.locator('.item:not(.hide)')).toHaveCount(3);
  // A category tapped while nothing matches brings the menu back too.
  await searchbox.fill('zzz');
  await page.locator('.tabs').getByRole('link', { name: 'Dolci' }).click();
  await expect(page.getByRole('heading', { name: 'Tiramisù' })).toBeInViewport();
  await expect(searchbox).toHaveValue('');
});

test('with no signal, the last menu read at the table still opens and says when it was updated', async ({
  page,
  context,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Bar della Stazione' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: { name: 'Aperitivo', sections: [{ name: 'Cocktail', items: [{ name: 'Negroni', price: 9 }] }] },
    })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '3' }] } })
  ).json();
  const url = `/public/menu/${clubId}/${tables[0].id}/${menu.id}?lang=it`;
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Negroni' })).toBeVisible();
  // The service worker registers after the page is up and keeps a copy of it.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('carta-pages-v1')).keys()).length))
    .toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  // Day first and a 24-hour clock, as Italians write it ("26/11/2026, 19:17").
  await expect(page.getByRole('status')).toHaveText(
    /^Sei offline: menu aggiornato al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/,
  );
  await expect(page.getByRole('heading', { name: 'Negroni' })).toBeVisible();
  await context.setOffline(false);
});

test("an owner's out-of-stock change reaches an open guest page at its next refresh, in place", async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Pizzeria Vesuvio' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: {
        name: 'Pizze',
        refreshTime: 15,
        sections: [
          {
            name: 'Rosse',
            items: [
              { name: 'Margherita', price: 8 },
              { name: 'Diavola', price: 10 },
            ],
          },
        ],
      },
    })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '5' }] } })
  ).json();
  await page.goto(`/public/menu/${clubId}/${tables[0].id}/${menu.id}?lang=it`);
  const diavola = page.locator('.item').filter({ hasText: 'Diavola' });
  await expect(diavola).not.toContainText('Esaurito');
  await page.getByRole('searchbox').fill('diavola');

  const section = menu.sections[0];
  const changed = await request.put(
    `/api/v1/clubs/${clubId}/menu/${menu.id}/sections/${section.id}/items/batch`,
    {
      headers,
      data: { items: [{ id: section.items[1].id, outOfStock: true }] },
    },
  );
  expect(changed.ok()).toBe(true);
  // At its next refresh (every 15 s), without a reload: the search typed by the guest stays.
  await expect(diavola).toContainText('Esaurito');
  await expect(page.getByRole('searchbox')).toHaveValue('diavola');
  await expect(page.locator('.item:not(.hide)')).toHaveCount(1);
});
