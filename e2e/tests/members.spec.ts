import AxeBuilder from '@axe-core/playwright';
import { devices, type Page } from '@playwright/test';
import { WCAG_TAGS } from '../accessibility-routes.ts';
import {
  asAdmin,
  emailedLink,
  expect,
  signUpOwner,
  test,
  totpCode,
  uniquePhone,
  useSessionOf,
} from '../fixtures.ts';

const PASSWORD = 'Tavolo7$Blu';
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** axe-core's WCAG 2.2 A/AA rules on what the page shows now (a dialog open included), by rule id. */
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.map((violation) => violation.id);

/** No sideways scrolling: the page is exactly as wide as the phone. */
const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('an owner invites a waiter, who signs up from the link, marks a dish out of stock on a phone, and loses access when removed', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two accounts, two sign-ups and logins (password hashes), and a live stream: slow beside other work.
  test.slow();
  const owner = await signUpOwner(request, [{ name: 'Trattoria da Gino' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  await request.patch(`/api/v1/clubs/${clubId}/settings`, { headers, data: { callWaiterEnabled: true } });
  await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: {
      name: 'Pranzo',
      sections: [
        {
          name: 'Primi',
          items: [
            { name: 'Carbonara', price: 12 },
            { name: 'Amatriciana', price: 11 },
          ],
        },
      ],
    },
  });

  // The owner invites a waiter by email, as staff (the role most invitations are for).
  const waiterPhone = uniquePhone();
  const waiterEmail = `anna.${waiterPhone}@example.com`;
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/people`);
  await expect(page.getByRole('heading', { level: 1, name: 'Persone' })).toBeVisible();
  await expect(page.getByText('Nel locale ci sei solo tu, per ora')).toBeVisible();
  await page.getByRole('button', { name: 'Invita' }).first().click();
  const invite = page.getByRole('dialog', { name: 'Invita nel locale' });
  await invite.getByRole('textbox', { name: 'Email' }).fill(waiterEmail);
  await expect(invite.getByRole('radio', { name: /^Staff/ })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await invite.getByRole('button', { name: "Invia l'invito" }).click();
  await expect(page.getByText(`Invito inviato a ${waiterEmail}`)).toBeVisible();
  await expect(page.getByTestId('invitation-row')).toContainText(waiterEmail);

  // The waiter opens the emailed link on their phone and signs up from it: no venue to create.
  const link = await emailedLink(waiterEmail, /\/invitations\//);
  const phoneContext = await browser.newContext({ ...devices['Pixel 7'], baseURL, locale: 'it-IT' });
  const waiter = await phoneContext.newPage();
  await waiter.goto(link);
  await expect(waiter.getByRole('heading', { name: 'Unisciti a Trattoria da Gino' })).toBeVisible();
  await expect(waiter.getByText('Come Staff')).toBeVisible();
  expect(await axeViolations(waiter)).toEqual([]);
  await waiter.getByRole('link', { name: 'Crea il tuo account' }).click();
  await expect(waiter.getByText('Ti unisci a Trattoria da Gino come Staff')).toBeVisible();
  await field(waiter, 'Numero di telefono').fill(waiterPhone);
  await field(waiter, 'Password').fill(PASSWORD);
  await field(waiter, 'Ripeti la password').fill(PASSWORD);
  await waiter.getByRole('button', { name: 'Avanti' }).click();
  await field(waiter, 'Nome').fill('Anna');
  await field(waiter, 'Cognome').fill('Verdi');
  await expect(field(waiter, 'Email')).toHaveValue(waiterEmail);
  await waiter.getByRole('button', { name: "Crea l'account" }).click();
  const secret = (await waiter.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  await waiter.getByLabel('Codice di verifica').fill(totpCode(secret));
  await waiter.getByRole('button', { name: 'Verifica il codice e concludi' }).click();
  // The email the invitation went to is confirmed by it: no activation email to open.
  await expect(waiter.getByRole('heading', { name: 'Il tuo account è pronto' })).toBeVisible();
  await waiter.getByRole('link', { name: "Vai all'accesso" }).click();
  await waiter.getByLabel('Numero di telefono').fill(waiterPhone);
  await waiter.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await waiter.getByLabel('Codice di verifica').fill(totpCode(secret, 1));
  await waiter.getByRole('button', { name: 'Accedi' }).click();

  // Staff land on calls and stock, with a navigation of their own, on a screen that fits the phone.
  await expect(waiter).toHaveURL(new RegExp(`/clubs/${clubId}/service$`));
  await expect(waiter.getByRole('heading', { level: 1, name: 'Chiamate e disponibilità' })).toBeVisible();
  await expect(waiter.getByText('Aggiornate in tempo reale')).toBeVisible();
  const navigation = waiter.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(navigation.getByRole('link')).toHaveText(['Servizio', 'Codici QR']);
  expect(await fitsTheScreen(waiter)).toBe(true);
  expect(await axeViolations(waiter)).toEqual([]);

  // One tap marks a dish sold out; the owner sees it on the dish.
  const carbonara = waiter.getByRole('switch', { name: 'Carbonara: disponibile' });
  await expect(carbonara).toBeChecked();
  await carbonara.click();
  await expect(waiter.getByText('Carbonara: esaurito')).toBeVisible();
  await expect(carbonara).not.toBeChecked();
  const [menu] = await (await request.get(`/api/v1/clubs/${clubId}/menu`, { headers })).json();
  const full = await (await request.get(`/api/v1/clubs/${clubId}/menu/${menu.id}`, { headers })).json();
  await page.goto(`/clubs/${clubId}/menu/${menu.id}/sections/${full.sections[0].id}`);
  await expect(
    page.getByTestId('item-row').filter({ hasText: 'Carbonara' }).getByTestId('item-states'),
  ).toContainText('Esaurito');

  // The menu builder is not a waiter's: its address says so politely.
  await waiter.goto(`/clubs/${clubId}/menu`);
  await expect(waiter.getByRole('heading', { name: 'Questa pagina non è per il tuo ruolo' })).toBeVisible();
  expect(await fitsTheScreen(waiter)).toBe(true);

  // The owner makes them a manager: the menus open for them.
  await page.goto(`/clubs/${clubId}/people`);
  const anna = page.getByTestId('member-row').filter({ hasText: 'Anna Verdi' });
  await expect(anna).toContainText(waiterEmail);
  await anna.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await expect(page.getByText('Anna Verdi ora è Manager')).toBeVisible();
  await waiter.reload();
  await expect(waiter.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();

  // Back to staff, then removed: the next tap is refused and the venue is gone from their app.
  await anna.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await expect(page.getByText('Anna Verdi ora è Staff')).toBeVisible();
  await waiter.goto(`/clubs/${clubId}/service`);
  const amatriciana = waiter.getByRole('switch', { name: 'Amatriciana: disponibile' });
  await expect(amatriciana).toBeChecked();
  await page.getByRole('button', { name: 'Rimuovi Anna Verdi' }).click();
  const removal = page.getByRole('dialog', { name: 'Rimuovere Anna Verdi?' });
  await removal.getByRole('button', { name: 'Rimuovi' }).click();
  await expect(page.getByText('Anna Verdi non fa più parte del locale')).toBeVisible();
  await expect(anna).toBeHidden();

  await amatriciana.click();
  await expect(waiter.getByText('Non trovato')).toBeVisible();
  await expect(waiter.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  // Nothing changed: the dish is still in stock for guests.
  const after = await (await request.get(`/api/v1/clubs/${clubId}/menu/${menu.id}`, { headers })).json();
  const items = after.sections[0].items as { name: string; outOfStock: boolean }[];
  expect(items.find((item) => item.name === 'Amatriciana')?.outOfStock).toBe(false);
  await phoneContext.close();
});
