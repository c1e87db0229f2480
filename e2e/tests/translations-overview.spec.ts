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
  // Nothing translated yet: nothing to warn about.
  await expect(page.getByText('Le traduzioni sono spente')).toBeHidden();

  await page.getByRole('textbox', { name: '“Secondo mercato” in Inglese' }).fill('Market price');
  await page.getByRole('textbox', { name: '“Coperto 2,50 €” in Inglese' }).fill('Cover charge €2.50');
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
