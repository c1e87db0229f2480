import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

// Suggested translations (docs/decisions/0088): the server runs with DEEPL_API_KEY and DEEPL_SERVER_URL
// pointing at the local fake of DeepL's API (global-setup.ts), whose translation is "[EN-GB] " and the
// text in capitals, the kept dish names left as they are.

test('suggests the missing English into the empty fields only, marked until reviewed and saved', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria Suggerita' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  await request.patch(`/api/v1/clubs/${clubId}`, { headers, data: { menuLanguages: ['en', 'de'] } });
  const spaghetti = 'Zucchine fritte e provolone, come la Pizza Nerano';
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: {
        name: 'Cena',
        nameTranslations: { en: 'Dinner' },
        sections: [
          {
            name: 'Primi',
            items: [
              { name: 'Spaghetti alla Nerano', description: spaghetti, price: 14 },
              { name: 'Pizza Nerano', translateName: false, description: 'Zucchine e basilico', price: 12 },
            ],
          },
        ],
      },
    })
  ).json();

  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/menu/${menu.id}/translations`);
  const suggest = page.getByRole('button', { name: "Suggerisci l'inglese mancante" });
  await expect(suggest).toBeEnabled();
  // Counts always grouped: 5.000, like 100.000.
  const left = (characters: number) =>
    `Ti restano ${new Intl.NumberFormat('it-IT', { useGrouping: 'always' }).format(characters)} caratteri di traduzioni suggerite questo mese`;
  await expect(page.getByText(left(5000))).toBeVisible();

  // The owner writes one translation before asking: it is never replaced.
  const section = page.getByRole('textbox', { name: '“Primi” in Inglese' });
  await section.fill('First courses');
  await suggest.click();
  await expect(page.getByText('3 traduzioni suggerite: rivedile e salva')).toBeVisible();

  await expect(section).toHaveValue('First courses');
  await expect(page.getByRole('textbox', { name: '“Cena” in Inglese' })).toHaveValue('Dinner');
  const dishName = page.getByRole('textbox', { name: '“Spaghetti alla Nerano” in Inglese' });
  await expect(dishName).toHaveValue('[EN-GB] SPAGHETTI ALLA NERANO');
  // "Pizza Nerano" is not translated: kept as it is inside another dish's description.
  await expect(page.getByRole('textbox', { name: `“${spaghetti}” in Inglese` })).toHaveValue(
    '[EN-GB] ZUCCHINE FRITTE E PROVOLONE, COME LA Pizza Nerano',
  );
  await expect(page.getByText('Suggerito', { exact: true })).toHaveCount(3);
  const status = page.getByTestId('translations-missing');
  await expect(status).toHaveText('Inglese: tutto tradotto · 3 suggerite da rivedere');

  // Changing a suggestion is reviewing it: its mark goes.
  await dishName.fill('Spaghetti Nerano style');
  await expect(page.getByText('Suggerito', { exact: true })).toHaveCount(2);
  await expect(status).toHaveText('Inglese: tutto tradotto · 2 suggerite da rivedere');
  // Nothing left empty: nothing to suggest.
  await expect(suggest).toBeDisabled();

  await page.getByRole('button', { name: 'Salva le traduzioni' }).click();
  await expect(page.getByText('4 traduzioni salvate')).toBeVisible();
  await expect(page.getByText('Suggerito', { exact: true })).toHaveCount(0);
  await expect(status).toHaveText('Inglese: tutto tradotto');
  // Every text still missing was sent, "Primi" too (the server does not know what is typed and unsaved).
  const sent = ['Primi', 'Spaghetti alla Nerano', spaghetti, 'Zucchine e basilico'].join('').length;
  await expect(page.getByText(left(5000 - sent))).toBeVisible();
  const saved = await (
    await request.get(`/api/v1/clubs/${clubId}/menu/${menu.id}/translations`, { headers })
  ).json();
  expect(saved.progress).toEqual([
    { language: 'en', total: 5, translated: 5 },
    { language: 'de', total: 5, translated: 0 },
  ]);

  // Each language has its own button, named after it.
  await page.getByRole('tab', { name: 'Tedesco' }).click();
  await expect(page.getByRole('button', { name: 'Suggerisci il tedesco mancante' })).toBeEnabled();
});
