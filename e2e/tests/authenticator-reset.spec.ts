import {
  adminToken,
  emailedLink,
  expect,
  OWNER_PASSWORD,
  signUpOwner,
  test,
  totpCode,
  useSessionOf,
} from '../fixtures.ts';

test('an owner who lost the authenticator asks, confirms by email, support approves, the next login enrols a new one', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const name = `Osteria ${Date.now()}`;
  const owner = await signUpOwner(request, [{ name }]);

  await page.goto('/login');
  await page.getByRole('link', { name: "Hai perso l'app di autenticazione?" }).click();
  await expect(page.getByRole('heading', { name: "Hai perso l'app di autenticazione?" })).toBeVisible();
  await page.getByLabel('Numero di telefono').fill(owner.phone);
  await page.getByRole('textbox', { name: 'Password' }).fill(OWNER_PASSWORD);
  await page.getByLabel('Messaggio per il supporto (facoltativo)').fill('Ho cambiato telefono ieri sera');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByRole('heading', { name: 'Controlla la tua email' })).toBeVisible();

  await page.goto(await emailedLink(owner.email, /\/authenticator\/reset\?token=/));
  await expect(page.getByRole('heading', { name: 'Richiesta inviata al supporto' })).toBeVisible();
  await expect(page.getByText(/entro 24 ore/)).toBeVisible();

  const adminPage = await (await browser.newContext()).newPage();
  await useSessionOf(adminPage, adminToken(), { isAdmin: true });
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Reset autenticatore' }).click();
  const card = adminPage.getByTestId('authenticator-reset').filter({ hasText: owner.email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(name);
  await expect(card).toContainText('Ho cambiato telefono ieri sera');
  await card.getByRole('button', { name: 'Approva' }).click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog).toContainText("Azzerare l'autenticatore di Marta Bianchi?");
  await dialog.getByRole('button', { name: 'Approva' }).click();
  await expect(adminPage.getByText('Autenticatore di Marta Bianchi azzerato')).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminPage.getByRole('tab', { name: 'Registro attività' }).click();
  await expect(
    adminPage.getByText(/Ha approvato il reset dell'autenticatore dell'account n\. \d+/).first(),
  ).toBeVisible();

  // The old code no longer works: phone and password, with the code left empty, lead to a new QR code.
  await page.goto('/login');
  await page.getByLabel('Numero di telefono').fill(owner.phone);
  await page.getByRole('textbox', { name: 'Password' }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Configura il nuovo autenticatore' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(secret).not.toBe(owner.secret);
  await page.getByLabel('Codice di verifica').fill(totpCode(owner.secret, 1));
  await page.getByRole('button', { name: 'Verifica il codice e accedi' }).click();
  await expect(page.getByText("Il codice dell'autenticatore è errato o scaduto")).toBeVisible();
  await page.getByLabel('Codice di verifica').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verifica il codice e accedi' }).click();
  await expect(page).toHaveURL(/\/clubs\/\d+/);
});
