import { expect, test } from '../fixtures.ts';

test.describe('owner app shell', () => {
  test('the home page and an unknown path land on the login screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Numero di telefono')).toBeVisible();
  });

  test('a protected screen sends a visitor without a session to login, replacing history', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/clubs/1/menu');
    await expect(page).toHaveURL(/\/login$/);
    // The protected address was replaced, so Back does not return to it.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/clubs\/1\/menu/);
  });

  test('the language switch changes the interface and is remembered', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.getByRole('button', { name: 'Italiano' }).click();
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  });

  test('a 401 from the API clears the session and warns that it expired', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'a-token-the-server-does-not-know');
      localStorage.setItem('admin', 'false');
    });
    await page.goto('/clubs/1/menu');
    await expect(page.getByText('La sessione è scaduta, accedi di nuovo')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('admin')]);
    expect(stored).toEqual([null, null]);
  });

  test('the login form checks its fields before sending', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Numero di telefono').fill('12');
    await page.getByRole('textbox', { name: 'Password' }).fill('x');
    await page.getByLabel('Codice di verifica').fill('12');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByText('Numero di telefono non valido', { exact: false })).toBeVisible();
    await expect(page.getByText('Inserisci il codice di 6 cifre')).toBeVisible();
  });

  test('the static screens exist', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/session-expired');
    await page.getByRole('link', { name: "Vai all'accesso" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/update');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('legal links in the login footer come from the server configuration', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: /privacy/i })).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('link', { name: /cookie/i })).toHaveAttribute('href', /^https:\/\//);
  });
});

test.describe('guest pages', () => {
  test('an unknown table answers a readable page, server-rendered', async ({ page }) => {
    const response = await page.goto('/public/qrcodemenu/999999/1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Menu non trovato' })).toBeVisible();
  });
});

test.describe('API through the same server', () => {
  test('health answers ok', async ({ request }) => {
    const response = await request.get('/api/v1/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
