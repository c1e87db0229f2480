import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

/** A new owner's club, waiting for activation, with a table and a menu (as a first day leaves it). */
const pendingClub = async (request: APIRequestContext, name: string) => {
  const owner = await signUpOwner(request, [{ name, city: 'Torino' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: {
      name: 'Cena',
      sections: [
        { name: 'Primi', items: [{ name: 'Agnolotti del plin', price: 14, ingredients: 'burro e salvia' }] },
      ],
    },
  });
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '4' }] } })
  ).json();
  return { owner, clubId: clubId as number, tableId: tables[0].id as number };
};

/** The operations email's activation link of the club named `name` (its subject names it). */
const operationsLink = async (name: string) => {
  const outbox = path.join(process.env.CARTA_E2E_DATA_DIR ?? '', 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const message = (await readFile(path.join(outbox, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!message.includes(`waiting for activation: ${name}`)) continue;
      const link = message.match(/https?:\/\/[^\s"<>]*\/club-activation\?token=[^\s"<>]*/)?.[0];
      if (link) return new URL(link.replace(/&amp;/g, '&'));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No activation email for ${name}`);
};

test('a new owner previews the guest page of a venue waiting for activation; guests still read "coming soon"', async ({
  page,
  context,
  request,
  browser,
}) => {
  const name = `Trattoria ${Date.now().toString(36)}`;
  const { owner, clubId, tableId } = await pendingClub(request, name);
  await useSessionOf(page, owner.token);

  await page.goto(`/clubs/${clubId}/profile`);
  await expect(page.getByTestId('club-state')).toContainText('In attesa di attivazione');
  const [preview] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Anteprima della pagina ospiti' }).click(),
  ]);
  // The table's only menu opens, as it will for guests, marked as a preview.
  await expect(preview.getByRole('status')).toHaveText(
    'Anteprima: gli ospiti la vedranno quando il locale sarà attivo',
  );
  await expect(preview.getByRole('heading', { level: 1, name: 'Cena' })).toBeVisible();
  await expect(preview.getByText('Agnolotti del plin')).toBeVisible();
  await expect(preview).toHaveTitle(/^Anteprima · /);

  // The tables screen offers the same preview per table.
  await page.goto(`/clubs/${clubId}/qrcode`);
  await expect(page.getByRole('link', { name: 'Anteprima della pagina ospiti di 4' })).toHaveAttribute(
    'href',
    new RegExp(`/public/qrcodemenu/${clubId}/${tableId}\\?preview=`),
  );

  // A guest (no owner's link) reads the notice, not the menu.
  const guest = await browser.newContext({ locale: 'it-IT' });
  const guestPage = await guest.newPage();
  await guestPage.goto(`${process.env.BASE_URL}/public/qrcodemenu/${clubId}/${tableId}`);
  await expect(guestPage.getByRole('heading', { name: 'Il menu arriva a breve' })).toBeVisible();
  await expect(guestPage.getByText('Agnolotti del plin')).toHaveCount(0);
  await guest.close();
});

test("operations activate a venue from the email's page; the link again says it was already active", async ({
  page,
  request,
}) => {
  const name = `Osteria ${Date.now().toString(36)}`;
  await pendingClub(request, name);
  const link = await operationsLink(name);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attivare ${name}?` })).toBeVisible();
  await expect(page.getByText('Marta Bianchi ha creato')).toBeVisible();
  await page.getByRole('button', { name: `Attiva ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} è attivo` })).toBeVisible();
  await expect(page.getByText('Abbiamo scritto al titolare, Marta Bianchi')).toBeVisible();

  // The same link again, in English this time.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: `${name} was already activated` })).toBeVisible();
  await expect(page.getByText(/It has been active since/)).toBeVisible();

  await page.goto('/club-activation?token=not-a-real-link');
  await expect(page.getByRole('heading', { level: 1, name: 'Activation link not valid' })).toBeVisible();
});
