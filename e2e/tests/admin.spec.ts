import { adminToken, emailedLink, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('an admin activates a waiting club and writes to it; the owner sees it in the frame and on the notice', async ({
  browser,
  request,
}) => {
  const name = `Enoteca ${Date.now()}`;
  const owner = await signUpOwner(request, [{ name }]);
  const [clubId] = owner.clubIds;

  const adminPage = await (await browser.newContext()).newPage();
  await useSessionOf(adminPage, adminToken(), { isAdmin: true });
  await adminPage.goto('/admin');
  await expect(
    adminPage.getByRole('heading', { level: 1, name: 'Console di amministrazione' }),
  ).toBeVisible();
  await adminPage.getByRole('searchbox', { name: /Cerca per locale/ }).fill(name);
  const card = adminPage.getByTestId('admin-club').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('In attesa di attivazione');
  await expect(card).toContainText(owner.email);
  await card.getByRole('button', { name: 'Attiva' }).click();
  await expect(adminPage.getByText(`${name} è attivo; il titolare ha ricevuto un'email`)).toBeVisible();
  // Active clubs leave the waiting queue.
  await expect(card).toHaveCount(0);
  expect(await emailedLink(owner.email, /\/login/)).toContain('/login');

  await adminPage.getByRole('button', { name: 'Tutti' }).click();
  await expect(card).toContainText('Attivo');
  await card.getByRole('button', { name: 'Messaggio' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Importanza' }).click();
  await adminPage.getByRole('option', { name: 'Attenzione' }).click();
  await dialog.getByLabel('Sintesi').fill('Aggiorna i prezzi del vino');
  await dialog
    .getByLabel('Testo completo')
    .fill('Ciao,\ndal 1° dicembre cambiano i prezzi dei vini al calice.');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(adminPage.getByText(`Messaggio inviato a ${name}`)).toBeVisible();
  await expect(card).toContainText('Messaggio: Aggiorna i prezzi del vino');

  await adminPage.goto('/admin?tab=audit');
  // Other tests write to the log at the same time: look for this entry, not for the newest.
  await expect(
    adminPage.getByTestId('audit-entry').filter({ hasText: `Ha inviato un messaggio a ${name}` }),
  ).toHaveCount(1);

  const ownerPage = await (await browser.newContext()).newPage();
  await useSessionOf(ownerPage, owner.token);
  await ownerPage.goto(`/clubs/${clubId}/profile`);
  await expect(ownerPage.getByTestId('club-state')).toContainText('Attivo');
  const banner = ownerPage.getByTestId('club-message');
  await expect(banner).toContainText('Aggiorna i prezzi del vino');
  await banner.getByRole('link', { name: 'Leggi' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/clubs/${clubId}/notice$`));
  await expect(ownerPage.getByTestId('notice-summary')).toHaveText('Aggiorna i prezzi del vino');
  await expect(ownerPage.getByTestId('notice-text')).toContainText('cambiano i prezzi dei vini al calice');
});

test('an owner who is not an admin is sent to /401 from the console', async ({ page, request }) => {
  const owner = await signUpOwner(request, [{ name: 'Bar Normale' }]);
  await useSessionOf(page, owner.token);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/401$/);
});

test('an admin adds a country plan to the catalogue and stops offering it', async ({ page }) => {
  await useSessionOf(page, adminToken(), { isAdmin: true });
  await page.goto('/admin?tab=plans');
  await expect(page.getByRole('tab', { name: 'Piani' })).toHaveAttribute('aria-selected', 'true');
  // The seeded catalogue: Italy's monthly plan at 19,00 € net, 23,18 € with VAT.
  const italy = page.getByTestId('admin-plan').filter({ hasText: 'Italia · Mensile' });
  await expect(italy).toContainText('I locali pagano 23,18 € IVA inclusa');

  // Norway (outside the EU, no plan seeded), annual, in kroner: the test's own row.
  const form = page.getByRole('heading', { name: 'Aggiungi un piano' }).locator('..');
  await form.getByLabel('Paese (2 lettere)').fill('no');
  await form.getByLabel('Durata').click();
  await page.getByRole('option', { name: 'Annuale' }).click();
  await form.getByLabel('Prezzo netto (EUR)').fill('1200');
  await form.getByLabel('IVA %').fill('25');
  await form.getByLabel('Valuta').fill('NOK');
  await form.getByRole('button', { name: 'Aggiungi' }).click();
  const norway = page.getByTestId('admin-plan').filter({ hasText: 'Norvegia · Annuale' });
  await expect(norway).toBeVisible();
  await expect(norway).toContainText('0 locali abbonati');
  // The switch follows the saved plan: it turns off once the server has answered.
  await norway.getByRole('switch', { name: 'Offerto' }).click();
  await expect(page.getByText('Piano per Norvegia salvato')).toBeVisible();
  await expect(norway.getByRole('switch', { name: 'Offerto' })).not.toBeChecked();
});
