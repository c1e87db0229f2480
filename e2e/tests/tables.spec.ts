import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('an owner adds tables in a zone, schedules lunch for the terrace, previews it and downloads a QR code that decodes to the table', async ({
  page,
  request,
  baseURL,
}) => {
  // Tables, a schedule, a preview and a download: 15 s on a quiet machine, about a minute on a busy one.
  test.setTimeout(240_000);
  const owner = await signUpOwner(request, [{ name: 'Trattoria Terrazza' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  const lunch = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, { headers, data: { name: 'Pranzo' } })
  ).json();
  await request.post(`/api/v1/clubs/${clubId}/menu`, { headers, data: { name: 'Drink' } });
  await useSessionOf(page, owner.token);

  await page.goto(`/clubs/${clubId}/qrcode`);
  await expect(page.getByRole('heading', { name: 'Ancora nessun tavolo' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuova zona' }).click();
  await page.getByRole('dialog').getByLabel('Nome della zona').fill('Terrazza');
  await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Zona Terrazza salvata')).toBeVisible();

  await page.getByRole('button', { name: 'Aggiungi tavoli' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Tanti insieme' }).click();
  await dialog.getByLabel('Da', { exact: true }).fill('1');
  await dialog.getByLabel('A', { exact: true }).fill('5');
  await dialog.getByRole('combobox', { name: 'Zona' }).click();
  await page.getByRole('option', { name: 'Terrazza' }).click();
  await dialog.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(page.getByText('5 tavoli aggiunti')).toBeVisible();
  const terrace = page.getByRole('region', { name: 'Terrazza' });
  await expect(terrace.getByTestId('table-card')).toHaveCount(5);
  await expect(terrace.getByTestId('table-card').first()).toContainText('Tavolo 1');

  // The PNG downloaded for "Tavolo 3" holds the guest address of that table.
  const { tables } = await (await request.get(`/api/v1/clubs/${clubId}/tables`, { headers })).json();
  const third = tables.find((table: { name: string }) => table.name === 'Tavolo 3');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica il PNG di Tavolo 3' }).click();
  const download = await downloading;
  const image = PNG.sync.read(await readFile(await download.path()));
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(decoded?.data).toBe(`${baseURL}/public/qrcodemenu/${clubId}/${third.id}`);

  // Lunch on weekdays, for the terrace only.
  await page.goto(`/clubs/${clubId}/menu/${lunch.id}/schedulings`);
  await expect(page.getByText('Nessuna regola: il menu è proposto sempre')).toBeVisible();
  await page.getByRole('button', { name: 'Aggiungi una regola' }).click();
  const rule = page.getByTestId('scheduling-rule');
  await rule.getByRole('combobox', { name: 'Zona' }).click();
  await page.getByRole('option', { name: 'Terrazza' }).click();
  await expect(rule.getByTestId('rule-summary')).toHaveText('Lun–ven 12:00–15:00, Terrazza');
  await page.getByRole('button', { name: 'Salva la programmazione' }).click();
  await expect(page.getByText('Programmazione salvata')).toBeVisible();

  // Who sees what: Tavolo 1 (terrace) on Monday.
  await page.getByRole('combobox', { name: 'Tavolo' }).click();
  await page.getByRole('option', { name: 'Tavolo 1' }).click();
  await page.getByRole('combobox', { name: 'Giorno' }).click();
  await page.getByRole('option', { name: 'lunedì' }).click();
  await page.getByLabel('Orario').fill('13:00');
  const result = page.getByTestId('preview-result');
  await expect(result.getByRole('listitem')).toHaveText(['Pranzo', 'Drink']);
  await page.getByLabel('Orario').fill('16:00');
  await expect(result.getByRole('listitem')).toHaveText(['Drink']);
  await page.getByRole('combobox', { name: 'Giorno' }).click();
  await page.getByRole('option', { name: 'sabato' }).click();
  await page.getByLabel('Orario').fill('13:00');
  await expect(result.getByRole('listitem')).toHaveText(['Drink']);
});
