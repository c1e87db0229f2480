import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test("an owner promotes the brand's products from settings, sees them first and suggested, then ends it", async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Birreria del Ponte' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: {
      name: 'Birre',
      sections: [
        {
          name: 'Alla spina',
          items: [
            { name: 'Bionda', price: 5 },
            { name: 'Rossa', price: 6 },
            { name: 'Spina del marchio', price: 5.5, branded: true, brandCode: 'PONTE-1' },
          ],
        },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  const menu = await created.json();
  await useSessionOf(page, owner.token);

  // On Free the products are listed but the promotion waits for the Smart plan.
  await page.goto(`/clubs/${clubId}/profile/settings`);
  const panel = page.getByRole('region', { name: 'Promozione del marchio' });
  await expect(panel.getByText('Spina del marchio')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Promuovi 1 prodotto' })).toBeDisabled();
  await expect(panel.getByRole('link', { name: 'Vedi i piani' })).toBeVisible();

  expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  await page.reload();
  await panel.getByRole('button', { name: 'Promuovi 1 prodotto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Promuovere 1 prodotto?' });
  await expect(dialog.getByText('Spina del marchio')).toBeVisible();
  await dialog.getByRole('button', { name: 'Promuovi' }).click();
  await expect(page.getByText('1 prodotto in promozione')).toBeVisible();
  await expect(panel.getByText('In promozione')).toBeVisible();

  const items = async () => {
    const response = await request.get(`/api/v1/clubs/${clubId}/menu/${menu.id}`, { headers });
    const full = await response.json();
    return full.sections[0].items.map((item: { name: string; suggested: boolean }) => [
      item.name,
      item.suggested,
    ]);
  };
  expect(await items()).toEqual([
    ['Spina del marchio', true],
    ['Bionda', false],
    ['Rossa', false],
  ]);

  await panel.getByRole('button', { name: 'Termina la promozione' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Termina' }).click();
  await expect(page.getByText('Promozione terminata: 1 prodotto è tornato al suo posto')).toBeVisible();
  await expect(panel.getByText('In promozione')).toHaveCount(0);
  expect(await items()).toEqual([
    ['Bionda', false],
    ['Rossa', false],
    ['Spina del marchio', false],
  ]);
});
