import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

/** The hour now on the club's wall clock (Rome, every club of these tests). */
const romeHour = () =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

test('an owner makes a happy hour for a category, in force now, and the guest page shows the struck price and until when', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpOwner(request, [{ name: 'Bar Aperitivo' }]);
  const [clubId] = owner.clubIds;
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  const headers = { authorization: `Bearer ${owner.token}` };
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: {
        name: 'Drink',
        sections: [
          {
            name: 'Cocktail',
            items: [
              { name: 'Spritz', price: 7 },
              { name: 'Negroni', price: 8 },
            ],
          },
        ],
      },
    })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '4' }] } })
  ).json();
  await useSessionOf(page, owner.token);

  // From the hour before to two hours on (never ending at midnight, said in other words), every day: in force now.
  const hour = romeHour();
  const start = hourText((hour + 23) % 24);
  const endHour = (hour + 2) % 24 === 0 ? 1 : (hour + 2) % 24;
  const end = hourText(endHour);

  await page.goto(`/clubs/${clubId}/menu`);
  await page.getByRole('link', { name: 'Prezzi a orario' }).click();
  await expect(page.getByRole('heading', { name: 'Nessun prezzo a orario' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuovo prezzo a orario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo prezzo a orario' });
  await dialog.getByRole('combobox', { name: 'Categoria o piatto' }).fill('Cock');
  await page.getByRole('option', { name: 'Tutta la categoria Cocktail' }).click();
  await dialog.getByRole('textbox', { name: 'Sconto' }).fill('30');
  await expect(dialog.getByText('Spritz: 7,00 € diventa 4,90 €')).toBeVisible();
  await dialog.getByRole('button', { name: 'Tutti i giorni' }).click();
  await dialog.getByRole('combobox', { name: /^Dalle/ }).click();
  await page.getByRole('option', { name: start, exact: true }).click();
  await dialog.getByRole('combobox', { name: /^Alle/ }).click();
  await page.getByRole('option', { name: end, exact: true }).click();
  await dialog.getByLabel('Nome per i clienti').fill('Happy hour');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('«Happy hour» salvato')).toBeVisible();
  const card = page.getByTestId('time-price');
  await expect(card).toContainText('Happy hour');
  await expect(card).toContainText('−30%');
  await expect(card).toContainText('Categoria Cocktail · Drink');

  // The guest reads the usual price struck through, the price in force and until when.
  await page.goto(`/public/menu/${clubId}/${tables[0].id}/${menu.id}`);
  const spritz = page.getByRole('listitem').filter({ hasText: 'Spritz' });
  await expect(spritz.locator('s')).toHaveText('Prezzo abituale: 7,00 €');
  await expect(spritz.locator('.price')).toContainText('4,90 €');
  await expect(spritz.getByText(`Happy hour fino alle ${end}`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Negroni' }).locator('.price')).toContainText(
    '5,60 €',
  );
});
