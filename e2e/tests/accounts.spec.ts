import type { APIRequestContext, Page } from '@playwright/test';
import { confirmFirstCode, emailedLink, expect, test, totpCode, uniquePhone } from '../fixtures.ts';

const PASSWORD = 'Tavolo7$Blu';

/** An account made through the API, as the sign-up wizard makes it; answers phone, email and secret. */
const createAccount = async (request: APIRequestContext) => {
  const phone = uniquePhone();
  const email = `owner.${phone}@example.com`;
  const response = await request.post('/api/v1/users', {
    data: {
      name: 'Sara',
      lastName: 'Gallo',
      email,
      phone,
      password: PASSWORD,
      passwordTwo: PASSWORD,
      language: 'it',
    },
  });
  expect(response.status()).toBe(201);
  const { enrolment } = await response.json();
  // The sign-up's last step, which sends the activation email.
  await confirmFirstCode(request, phone, PASSWORD, enrolment.secret);
  return { phone, email, secret: enrolment.secret as string };
};

/** Follows the emailed activation link and waits until the page says the account is active. */
const activate = async (page: Page, email: string) => {
  await page.goto(await emailedLink(email, /\/users\/activate\?token=/));
  await expect(page.getByRole('heading', { name: 'Il tuo account è attivo' })).toBeVisible();
};

const fillLogin = async (page: Page, phone: string, password: string, code: string) => {
  await page.getByLabel('Numero di telefono').fill(phone);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Accedi' }).click();
};

test('activate through the emailed link, log in with a code, log out', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto(await emailedLink(account.email, /\/users\/activate\?token=/));
  await expect(page.getByRole('heading', { name: 'Il tuo account è attivo' })).toBeVisible();
  await page.getByRole('link', { name: "Vai all'accesso" }).click();

  // The field shows Italy's +39: the number is typed without it, signed up with it.
  await expect(page.getByTestId('phone-prefix')).toHaveText('+39');
  await fillLogin(page, account.phone.slice(2), PASSWORD, totpCode(account.secret));
  // A new owner without a club is taken to club creation.
  await expect(page).toHaveURL(/\/clubs\/new$/);

  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the activation link works once', async ({ page, request }) => {
  const account = await createAccount(request);
  const link = await emailedLink(account.email, /\/users\/activate\?token=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Il tuo account è attivo' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Il link che hai usato non è valido o è scaduto')).toBeVisible();
});

test('a wrong code says the phone or password might be wrong', async ({ page, request }) => {
  const account = await createAccount(request);
  await activate(page, account.email);
  await page.goto('/login');
  await fillLogin(page, account.phone, PASSWORD, totpCode(account.secret, 5));
  await expect(page.getByText('Il numero di telefono o la password potrebbero essere errati')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('logging in before activation offers to send the email again', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/login');
  await fillLogin(page, account.phone, PASSWORD, totpCode(account.secret));
  await expect(page.getByText('Il tuo account non è ancora attivo')).toBeVisible();
  await page.getByRole('button', { name: 'Invia di nuovo' }).click();
  await expect(page.getByText("Ti abbiamo inviato di nuovo l'email di attivazione")).toBeVisible();
});

test('recover the password through the emailed link and log in with the new one', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await activate(page, account.email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Hai dimenticato la password?' }).click();
  // The screen loads lazily: until its heading shows, the login's own phone field is still there.
  await expect(page.getByRole('heading', { name: 'Hai dimenticato la password?' })).toBeVisible();
  await page.getByLabel('Numero di telefono').fill(uniquePhone());
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await expect(page.getByText('Nessun account trovato con questo numero di telefono')).toBeVisible();

  await page.getByLabel('Numero di telefono').fill(account.phone);
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await expect(page.getByRole('heading', { name: 'Controlla la tua email' })).toBeVisible();

  await page.goto(await emailedLink(account.email, /\/password\/reset\?token=/));
  const newPassword = 'Bancone9@Nuovo';
  await page.getByLabel('Nuova password', { exact: false }).first().fill(newPassword);
  await page.getByLabel('Ripeti la nuova password').fill('Bancone9@Altro');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page.getByText('Le password non coincidono')).toBeVisible();
  await page.getByLabel('Ripeti la nuova password').fill(newPassword);
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page.getByRole('heading', { name: 'Password cambiata' })).toBeVisible();

  await page.getByRole('link', { name: "Vai all'accesso" }).click();
  await fillLogin(page, account.phone, newPassword, totpCode(account.secret));
  await expect(page).toHaveURL(/\/clubs\/new$/);
});

test('an owner deletes the account after password, code and the typed word', async ({ page, request }) => {
  const account = await createAccount(request);
  await activate(page, account.email);
  await page.goto('/login');
  await fillLogin(page, account.phone, PASSWORD, totpCode(account.secret));
  await expect(page).toHaveURL(/\/clubs\/new$/);

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Elimina il mio account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await dialog.getByRole('textbox', { name: 'Codice di verifica' }).fill(totpCode(account.secret));
  const confirm = dialog.getByRole('button', { name: 'Elimina per sempre' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Scrivi "elimina" per confermare' }).fill('elimina');
  await confirm.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Il tuo account è stato eliminato')).toBeVisible();

  // The account is gone: its phone finds nothing any more.
  const recovery = await request.post('/api/v1/users/password/recovery', { data: { phone: account.phone } });
  expect(recovery.status()).toBe(404);
});

test('someone who cannot log in asks for deletion by a prefilled email', async ({ page }) => {
  await page.goto('/account/delete');
  await page.getByLabel('Numero di telefono').fill('12');
  await page.getByRole('button', { name: "Scrivi l'email" }).click();
  await expect(page.getByText(/^Numero di telefono non valido/)).toBeVisible();
  await page.getByLabel('Numero di telefono').fill('+39 333 1234567');
  await page.getByRole('button', { name: "Scrivi l'email" }).click();
  const link = page.getByRole('link', { name: 'support@carta.local' });
  await expect(link).toHaveAttribute('href', /^mailto:support@carta\.local\?subject=/);
  expect(decodeURIComponent((await link.getAttribute('href')) ?? '')).toContain('+39 333 123 4567');
});
