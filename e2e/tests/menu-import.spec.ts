import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

/** The template's first sheet with one more dish row; `price` is what its Prezzo cell holds. */
const withExtraRow = async (template: Buffer, price: string | number) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const header = (sheet.getRow(1).values as string[]).map(String);
  const row = sheet.addRow([]);
  row.getCell(header.indexOf('Categoria')).value = 'Dolci';
  row.getCell(header.indexOf('Nome')).value = 'Tiramisù';
  row.getCell(header.indexOf('Allergeni')).value = 'Uova, Latte, Glutine';
  row.getCell(header.indexOf('Prezzo')).value = price;
  return { buffer: Buffer.from(await workbook.xlsx.writeBuffer()), rowNumber: row.number };
};

test('a Smart owner imports a menu from the Excel template: a bad row is shown, fixed and imported', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Osteria Foglio' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);

  // On the Free plan the button leads to the upgrade prompt, not to an import.
  await page.goto(`/clubs/${clubId}/menu`);
  await page.getByRole('link', { name: 'Importa da Excel' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/menu/import$`));
  await expect(page.getByTestId('import-smart-only')).toContainText('piano Smart');
  await expect(page.getByRole('button', { name: 'Modello in italiano' })).toHaveCount(0);

  expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  await page.reload();

  // 1. The template, in Italian.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Modello in italiano' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('carta-modello-menu.xlsx');
  const template = await readFile(await download.path());

  // 2. The template with a dish whose price is not a number: the row is refused, nothing is imported.
  const bad = await withExtraRow(template, 'dodici');
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'osteria.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bad.buffer,
  });
  const errors = page.getByRole('table', { name: 'Righe da correggere' });
  await expect(errors).toBeVisible();
  const errorRow = errors.getByRole('row').nth(1);
  await expect(errorRow.getByRole('cell').nth(0)).toHaveText(String(bad.rowNumber));
  await expect(errorRow.getByRole('cell').nth(1)).toHaveText('Prezzo');
  await expect(errorRow.getByRole('cell').nth(2)).toHaveText('Inserisci un numero');
  await expect(page.getByRole('button', { name: 'Importa il menu' })).toBeDisabled();

  // 3. Fixed and uploaded again, keyboard first: the drop zone opens the file chooser with Enter.
  const good = await withExtraRow(template, 5.5);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('import-drop-zone').press('Enter'),
  ]);
  await chooser.setFiles({
    name: 'osteria.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: good.buffer,
  });
  await expect(errors).toHaveCount(0);
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('Verranno create 4 categorie con 6 voci.');
  // The template's wine example has variants (0085): it is one of the six.
  await expect(preview).toContainText('Spritz, Vino rosso della casa');
  await expect(preview).toContainText('Bruschetta, Tagliere di salumi');

  // 4. Named and imported: the new menu's categories open.
  const name = page.getByRole('textbox', { name: 'Nome del nuovo menu' });
  await expect(name).toHaveValue('osteria');
  await name.fill('Menu da Excel');
  await page.getByRole('button', { name: 'Importa il menu' }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/menu/\\d+$`));
  for (const category of ['Antipasti', 'Primi', 'Bevande', 'Dolci'])
    await expect(page.getByText(category, { exact: true }).first()).toBeVisible();

  await page.goto(`/clubs/${clubId}/menu`);
  const card = page.getByTestId('menu-card').filter({ hasText: 'Menu da Excel' });
  await expect(card.getByRole('link', { name: 'Menu da Excel', exact: true })).toBeVisible();
  await expect(card).toContainText('4 categorie · 6 voci');
});
