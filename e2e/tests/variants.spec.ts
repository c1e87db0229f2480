import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

// An item's variants (decision 0085): the owner adds them in the dish's form, by keyboard, the list shows
// them in place of the price, and guests read each one with its price.

test('an owner adds "Calice 6 / Bottiglia 28" to a wine, sees it in the list, and the guest page shows both', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signUpOwner(request, [{ name: 'Enoteca Varianti' }]);
  const [clubId] = owner.clubIds;
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  const headers = { authorization: `Bearer ${owner.token}` };
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: { name: 'Vini', sections: [{ name: 'Rossi', items: [{ name: 'Barolo', price: 30 }] }] },
    })
  ).json();
  const section = menu.sections[0];
  const wine = section.items[0];
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '3' }] } })
  ).json();
  await useSessionOf(page, owner.token);

  await page.goto(`/clubs/${clubId}/menu/${menu.id}/sections/${section.id}/items/${wine.id}`);
  await expect(page.getByRole('heading', { name: 'Varianti' })).toBeVisible({ timeout: 30_000 });
  const price = page.getByRole('textbox', { name: 'Prezzo', exact: true });
  await expect(price).toHaveValue('30');

  // Added and filled from the keyboard: the new row's name takes the focus.
  await page.getByRole('button', { name: 'Aggiungi una variante' }).click();
  await expect(page.getByRole('textbox', { name: 'Variante 1' })).toBeFocused();
  await page.keyboard.type('Bottiglia');
  await page.keyboard.press('Tab');
  await page.keyboard.type('28');
  await page.getByRole('button', { name: 'Aggiungi una variante' }).click();
  await expect(page.getByRole('textbox', { name: 'Variante 2' })).toBeFocused();
  await page.keyboard.type('Calice');
  await page.getByRole('textbox', { name: 'Prezzo 2' }).fill('6');
  await expect(
    page.getByText('Con le varianti i clienti vedono i loro prezzi al posto di questo'),
  ).toBeVisible();

  // The glass first: moved up by its button, from the keyboard.
  await page.getByRole('button', { name: 'Sposta su Calice' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Variante 1' })).toHaveValue('Calice');
  await expect(page.getByRole('textbox', { name: 'Prezzo 1' })).toHaveValue('6');
  await expect(page.getByRole('textbox', { name: 'Variante 2' })).toHaveValue('Bottiglia');

  // A name twice is refused under its field, before anything is sent.
  await page.getByRole('button', { name: 'Aggiungi una variante' }).click();
  await page.keyboard.type('calice');
  await page.getByRole('textbox', { name: 'Prezzo 3' }).fill('5');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText("Un'altra variante ha già questo nome")).toBeVisible();
  await page.getByRole('button', { name: 'Rimuovi calice', exact: true }).click();
  await expect(page.getByTestId('variant-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText('Barolo salvato')).toBeVisible();
  const row = page.getByTestId('item-row').filter({ hasText: 'Barolo' });
  await expect(row.getByTestId('item-price')).toHaveText(/^Calice\s6,00\s€ · Bottiglia\s28,00\s€$/);

  await page.goto(`/public/menu/${clubId}/${tables[0].id}/${menu.id}`);
  const dish = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Barolo' }) });
  const lines = dish.locator('.vars li');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveText(/^Calice\s*6,00\s€$/);
  await expect(lines.nth(1)).toHaveText(/^Bottiglia\s*28,00\s€$/);
  await expect(dish).not.toContainText('30,00');
  // The guest's search finds the wine by a variant's name.
  await page.getByRole('searchbox').fill('bottiglia');
  await expect(dish).toBeVisible();
});
