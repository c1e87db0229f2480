import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('a guest calls a waiter from the table; the owner app sees it live, answers it and closes it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria del Ponte' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  await request.patch(`/api/v1/clubs/${clubId}/settings`, { headers, data: { callWaiterEnabled: true } });
  const zone = await (
    await request.post(`/api/v1/clubs/${clubId}/zones`, { headers, data: { name: 'Terrazza' } })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, {
      headers,
      data: { tables: [{ name: '5', tableZoneId: zone.id }] },
    })
  ).json();
  await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: { name: 'Pranzo', sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }] },
  });

  // The owner's app is open on the club, on a desktop, before anyone calls.
  const staffContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'it-IT',
  });
  const staff = await staffContext.newPage();
  await useSessionOf(staff, owner.token);
  await staff.goto(`/clubs/${clubId}/menu`);
  const bell = staff.getByRole('button', { name: /Chiamate dai tavoli: nessuna in attesa/ });
  await expect(bell).toBeVisible();

  // The guest, on a phone at table 5.
  await page.goto(`/public/qrcodemenu/${clubId}/${tables[0].id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pranzo' })).toBeVisible();
  await page.getByText('Chiama il cameriere').click();
  await expect(page.getByText('Vuoi che un cameriere venga al tuo tavolo?')).toBeVisible();
  await page.getByRole('button', { name: 'Sì, chiama' }).click();
  await expect(page.locator('.waiter-label')).toHaveText('Personale avvisato');

  // Live in the owner app: a message with table and zone, the bell's count and the tab's title.
  const arrived = staff.getByText('Tavolo 5 · Terrazza chiama un cameriere');
  await expect(arrived).toBeVisible();
  await expect(staff.getByRole('button', { name: /Chiamate dai tavoli: 1 in attesa/ })).toBeVisible();
  await expect(staff).toHaveTitle(/^\(1\) /);
  await staff
    .getByRole('alert')
    .filter({ hasText: 'chiama un cameriere' })
    .getByRole('button', { name: 'Vado io' })
    .click();
  await expect(arrived).toBeHidden();

  // The guest's phone follows: someone is on the way.
  await expect(page.locator('.waiter-label')).toHaveText('Un cameriere sta arrivando');

  // Served: the call is closed from the list and leaves it; the guest's button is back.
  await staff.getByRole('button', { name: /Chiamate dai tavoli/ }).click();
  const panel = staff.getByRole('dialog', { name: 'Chiamate dai tavoli' });
  await expect(panel.getByText('Tavolo 5', { exact: true })).toBeVisible();
  await expect(panel.getByText('In arrivo')).toBeVisible();
  await panel.getByRole('button', { name: 'Fatto' }).click();
  await expect(panel.getByText('Nessuna chiamata in attesa.', { exact: false })).toBeVisible();
  await expect(page.locator('.waiter-label')).toHaveText('Chiama il cameriere');

  // Calling again at once is refused kindly: a waiter was just there.
  await page.getByText('Chiama il cameriere').click();
  await page.getByRole('button', { name: 'Sì, chiama' }).click();
  await expect(page.getByText('Un cameriere è appena passato')).toBeVisible();
  await staffContext.close();
});
