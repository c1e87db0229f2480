import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

const run = promisify(execFile);

/** Whether poppler's pdftoppm is on this machine (it turns the PDF's first page into a picture). */
const hasPdftoppm = async () =>
  run('pdftoppm', ['-v']).then(
    () => true,
    () => false,
  );

test('a Smart owner downloads a menu as a PDF from the menu list, and its first page shows the menu', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria Stampa' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: {
      name: 'Cena di Natale',
      nameTranslations: { en: 'Christmas dinner' },
      sections: [
        {
          name: 'Primi',
          items: [
            { name: 'Lasagna', description: 'Ragù e besciamella', price: 12, allergens: ['gluten', 'milk'] },
            { name: 'Risotto ai funghi', price: 14, bestSeller: true },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);

  await useSessionOf(page, owner.token);
  // On the Free plan the action is there but locked, with the reason.
  await page.goto(`/clubs/${clubId}/menu`);
  const action = page.getByRole('button', { name: 'Scarica il PDF di Cena di Natale' });
  await expect(action).toBeDisabled();
  await expect(page.getByTestId('free-plan-notice')).toBeVisible();

  expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  await page.reload();
  await expect(action).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), action.click()]);
  expect(download.suggestedFilename()).toBe('Cena-di-Natale.pdf');
  const folder = await mkdtemp(path.join(tmpdir(), 'carta-menu-pdf-'));
  const pdfPath = path.join(folder, 'menu.pdf');
  await download.saveAs(pdfPath);
  const bytes = await readFile(pdfPath);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  test.skip(!(await hasPdftoppm()), 'pdftoppm (poppler-utils) is not installed: the page is not drawn');
  await run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, path.join(folder, 'page')]);
  const pngPath = path.join(folder, 'page-1.png');
  expect((await stat(pngPath)).size).toBeGreaterThan(0);
  // Not a blank page: a good share of its pixels are ink, some of them the theme's colours.
  const png = PNG.sync.read(await readFile(pngPath));
  let ink = 0;
  for (let offset = 0; offset < png.data.length; offset += 4) {
    const [red = 255, green = 255, blue = 255] = png.data.subarray(offset, offset + 3);
    if (red < 200 || green < 200 || blue < 200) ink += 1;
  }
  expect(ink / (png.width * png.height)).toBeGreaterThan(0.002);
  // An A4 page (210 × 297 mm) at 60 dpi.
  expect(Math.abs(png.width - 496)).toBeLessThanOrEqual(2);
  expect(Math.abs(png.height / png.width - 297 / 210)).toBeLessThan(0.01);
});

test('a club that translates its menus chooses the language of the PDF', async ({ page, request }) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria Bilingue' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  expect(
    (await request.patch(`/api/v1/clubs/${clubId}`, { headers, data: { menuLanguages: ['en'] } })).ok(),
  ).toBe(true);
  const created = await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: {
      name: 'Cena di Natale',
      nameTranslations: { en: 'Christmas dinner' },
      sections: [{ name: 'Primi', items: [{ name: 'Lasagna', price: 12 }] }],
    },
  });
  expect(created.status()).toBe(201);

  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/menu`);
  await page.getByRole('button', { name: 'Scarica il PDF di Cena di Natale' }).click();
  const languages = page.getByRole('menu');
  await expect(languages.getByText('Lingua del PDF')).toBeVisible();
  await expect(languages.getByRole('menuitem', { name: 'Italiano' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    languages.getByRole('menuitem', { name: 'Inglese' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Cena-di-Natale-en.pdf');
  await expect(languages).toBeHidden();
});
