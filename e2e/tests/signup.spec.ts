import type { Page } from '@playwright/test';
import { emailedLink, expect, test, totpCode, uniquePhone } from '../fixtures.ts';

const PASSWORD = 'Tavolo7$Blu';
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

const fillVenue = async (page: Page, venue: { name: string; city: string; vatNumber: string }) => {
  await field(page, 'Nome del locale').fill(venue.name);
  await page.getByRole('spinbutton', { name: 'Posti a sedere (circa)' }).fill('40');
  await expect(page.getByRole('combobox', { name: 'Paese' })).toHaveValue('Italia');
  await page.getByRole('combobox', { name: 'Città' }).fill(venue.city);
  await field(page, 'Indirizzo').fill('Via Roma 1');
  await field(page, 'CAP').fill('37121');
  await field(page, 'Ragione sociale').fill(`${venue.name} srl`);
  await field(page, 'Partita IVA').fill(venue.vatNumber);
};

test('sign up through the wizard, activate, log in with the shown secret, add a second club, log out', async ({
  page,
}) => {
  // The whole journey, with three password hashes: about 20 s alone, nearly a minute beside other work.
  test.slow();
  const phone = uniquePhone();
  const email = `wizard.${phone}@example.com`;
  await page.goto('/signup');

  await field(page, 'Numero di telefono').fill(phone);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Ripeti la password').fill('Tavolo7$Ross');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText('Le password non coincidono')).toBeVisible();
  await field(page, 'Ripeti la password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Avanti' }).click();

  await field(page, 'Nome').fill('Chiara');
  await field(page, 'Cognome').fill('Fontana');
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Avanti' }).click();

  await fillVenue(page, { name: 'Trattoria Adige', city: 'Verona', vatNumber: 'IT00743110158' });
  await page.getByRole('button', { name: "Crea l'account" }).click();
  await expect(page.getByText('La partita IVA non è valida per il paese scelto')).toBeVisible();
  // Going back keeps what was typed.
  await page.getByRole('button', { name: 'Indietro' }).click();
  await expect(field(page, 'Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Avanti' }).click();
  await field(page, 'Partita IVA').fill('IT00743110157');
  await page.getByRole('button', { name: "Crea l'account" }).click();

  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: /codice QR/i })).toBeVisible();
  // One current code proves the key was added right: a wrong one says so and the step stays.
  const finish = page.getByRole('button', { name: 'Verifica il codice e concludi' });
  await page.getByLabel('Codice di verifica').fill('000000');
  await finish.click();
  await expect(page.getByText("Il codice dell'autenticatore è errato o scaduto")).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toBeVisible();
  await page.getByLabel('Codice di verifica').fill(totpCode(secret));
  await finish.click();
  await expect(page.getByText(email)).toBeVisible();

  await page.goto(await emailedLink(email, /\/users\/activate\?token=/));
  await expect(page.getByRole('heading', { name: 'Il tuo account è attivo' })).toBeVisible();
  await page.getByRole('link', { name: "Vai all'accesso" }).click();
  await page.getByLabel('Numero di telefono').fill(phone);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  // The sign-up's code is used up: the next one logs in.
  await page.getByLabel('Codice di verifica').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/clubs\/\d+\/menu$/);
  await expect(page.getByTestId('club-name')).toHaveText('Trattoria Adige');

  await page.goto('/clubs/new');
  await fillVenue(page, { name: 'Bar Arena', city: 'Verona', vatNumber: 'IT00743110157' });
  await page.getByRole('button', { name: 'Crea il locale' }).click();
  await expect(page.getByText('Locale creato: è in attesa di attivazione')).toBeVisible();
  await expect(page).toHaveURL(/\/clubs\/\d+\/menu$/);

  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a registered phone, typed in another form, is refused on the first step with links to log in', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const created = await request.post('/api/v1/users', {
    data: {
      name: 'A',
      lastName: 'B',
      email: `a.${phone}@example.com`,
      phone,
      password: PASSWORD,
      passwordTwo: PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  const { enrolment } = await created.json();

  await page.goto('/signup');
  // Signed up as 39…, typed after the field's +39 without it: one number.
  await expect(page.getByTestId('phone-prefix')).toHaveText('+39');
  await field(page, 'Numero di telefono').fill(phone.slice(2));
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Ripeti la password').fill(PASSWORD);
  // A sign-up never confirmed by its first code holds no phone: the wizard goes on.
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(field(page, 'Nome')).toBeVisible();
  await page.getByRole('button', { name: 'Indietro' }).click();

  // Its first code confirmed, the account holds the phone: "Next" says so at once, on the first step.
  const confirmed = await request.post('/api/v1/users/totp/confirm', {
    data: { username: phone, password: PASSWORD, totp: totpCode(enrolment.secret) },
  });
  expect(confirmed.status()).toBe(200);
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText('Questo numero di telefono è già registrato')).toBeVisible();
  await expect(field(page, 'Numero di telefono')).toBeFocused();
  await expect(field(page, 'Nome')).toBeHidden();
  const links = page.getByTestId('phone-taken-links');
  await expect(links.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/login');
  await links.getByRole('link', { name: 'Hai dimenticato la password?' }).click();
  await expect(page).toHaveURL(/\/password\/recovery$/);
});
