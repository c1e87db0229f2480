import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('the translations overview marks missing texts, saves edits and shows progress', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria Lingue' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: {
        name: 'Pranzo',
        sections: [
          {
            name: 'Primi',
            items: [
              { name: 'Lasagna', description: 'Ragù e besciamella', price: 12 },
              { name: 'Spritz', price: 7, translateName: false },
            ],
          },
        ],
      },
    })
  ).json();
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/menu/${menu.id}/translations`);
  await expect(page.getByText('Scegli qui sopra le lingue')).toBeVisible();
  // The menu is written in Italian: Italian is never offered as a language to translate into.
  const targets = page.getByRole('group', { name: 'Traduci in:' });
  await expect(targets.getByRole('button', { name: 'Francese' })).toBeVisible();
  await expect(targets.getByRole('button', { name: 'Italiano' })).toHaveCount(0);
  await targets.getByRole('button', { name: 'Inglese' }).click();
  // The menu's own name, the category, the dish's name and description (Spritz keeps its name).
  await expect(page.getByTestId('progress-en')).toContainText('0 testi tradotti su 4');
  await expect(page.getByTestId('translation-row')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Il menu' })).toBeVisible();

  await page.getByRole('textbox', { name: '“Pranzo” in Inglese' }).fill('Lunch');
  await page.getByRole('textbox', { name: '“Primi” in Inglese' }).fill('First courses');
  await page
    .getByRole('textbox', { name: '“Ragù e besciamella” in Inglese' })
    .fill('Meat sauce and béchamel');
  await page.getByRole('button', { name: 'Salva le traduzioni' }).click();
  await expect(page.getByText('3 traduzioni salvate')).toBeVisible();
  await expect(page.getByTestId('progress-en')).toContainText('3 testi tradotti su 4');

  await page.getByRole('switch', { name: 'Solo quelli da tradurre' }).check();
  await expect(page.getByTestId('translation-row')).toHaveCount(1);
  await expect(page.getByTestId('translation-row')).toContainText('Lasagna');

  // The menu's form shows the translated name beside the original.
  await page.goto(`/clubs/${clubId}/menu/${menu.id}/edit`);
  await expect(
    page.getByRole('group', { name: /^Nome del menu nelle altre/ }).getByRole('textbox', { name: 'Inglese' }),
  ).toHaveValue('Lunch');
  await expect(
    page.getByRole('group', { name: /^Piè di pagina nelle altre/ }).getByRole('textbox', { name: 'Inglese' }),
  ).toHaveValue('');
});

test('a Free club sees its own theme locked; a Smart club saves one and is warned about poor contrast', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Cocktail Bar Tema' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/profile/theme`);
  await expect(page.getByText('Il tema personalizzato fa parte del piano Smart.')).toBeVisible();
  // The preview shows the call-waiter button only when the club has call waiter on, as guests see it.
  await expect(page.getByTestId('theme-preview')).toContainText('Cocktail Bar Tema');
  await expect(page.getByTestId('theme-preview')).not.toContainText('Chiama il cameriere');
  await expect(page.getByRole('button', { name: 'Salva il tema' })).toBeDisabled();
  await page.getByRole('button', { name: 'Usa Notte' }).click();
  await expect(page.getByText('Notte è ora il tema del locale')).toBeVisible();

  expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  const headers = { authorization: `Bearer ${owner.token}` };
  const enabled = await request.patch(`/api/v1/clubs/${clubId}/settings`, {
    headers,
    data: { callWaiterEnabled: true },
  });
  expect(enabled.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('theme-preview')).toContainText('Chiama il cameriere');
  await page.getByLabel('Nome del tema').fill('Il nostro');
  await page.getByRole('textbox', { name: 'Testo', exact: true }).fill('#eeeeee');
  await page.getByRole('textbox', { name: 'Sfondo', exact: true }).fill('#ffffff');
  await expect(page.getByTestId('contrast-warning').first()).toContainText('Testo su Sfondo si legge male');
  await expect(page.getByTestId('theme-preview')).toContainText('Cocktail Bar Tema');
  await page.getByRole('textbox', { name: 'Testo', exact: true }).fill('#222222');
  await expect(page.getByTestId('contrast-warning')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salva il tema' }).click();
  await expect(page.getByText('Tema Il nostro salvato')).toBeVisible();
  await expect(page.getByTestId('theme-card').filter({ hasText: 'Il nostro' })).toBeVisible();
});
