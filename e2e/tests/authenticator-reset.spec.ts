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
  // Named, in the reader's language; other tests write to the log at the same time.
  await expect(
    adminPage.getByText("Ha approvato la reimpostazione dell'autenticatore di Marta Bianchi").first(),
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

test("support refuses a request with a note for the owner, and the owner's login stays as it was", async ({
  browser,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: `Enoteca ${Date.now()}` }]);
  const asked = await request.post('/api/v1/users/authenticator/reset', {
    data: { username: owner.phone, password: OWNER_PASSWORD, message: 'Non ricevo i codici' },
  });
  expect(asked.ok()).toBe(true);
  const link = new URL(await emailedLink(owner.email, /\/authenticator\/reset\?token=/));
  const confirmed = await request.post('/api/v1/users/authenticator/reset/confirm', {
    data: { token: link.searchParams.get('token') },
  });
  expect(confirmed.ok()).toBe(true);

  const adminPage = await (await browser.newContext()).newPage();
  await useSessionOf(adminPage, adminToken(), { isAdmin: true });
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Reset autenticatore' }).click();
  const card = adminPage.getByTestId('authenticator-reset').filter({ hasText: owner.email });
  await card.getByRole('button', { name: 'Rifiuta' }).click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog).toContainText('Rifiutare la richiesta di Marta Bianchi?');
  const note = 'Chiamaci dal numero del locale e ti aiutiamo subito.';
  await dialog.getByRole('textbox', { name: 'Nota per il titolare (facoltativa)' }).fill(note);
  await expect(dialog).toContainText(`${note.length} di 500 caratteri`);
  const sent = adminPage.waitForRequest((call) => call.method() === 'POST' && call.url().endsWith('/refuse'));
  await dialog.getByRole('button', { name: 'Rifiuta' }).click();
  expect((await sent).postDataJSON()).toEqual({ note });
  await expect(card).toHaveCount(0);

  // Nothing changed: the owner's authenticator still works (the next step's code: the current one was used).
  const login = await request.post('/api/v1/login', {
    data: { username: owner.phone, password: OWNER_PASSWORD, totp: totpCode(owner.secret, 1) },
  });
  expect(login.ok()).toBe(true);
});
