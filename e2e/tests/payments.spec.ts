import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

// Payments run on the sandbox provider (the default): its test cards behave as Stripe's do, and its test
// clock moves one club's subscription forward in time.

type Owner = Awaited<ReturnType<typeof signUpOwner>>;

const authorised = (owner: Owner) => ({ authorization: `Bearer ${owner.token}` });

/** Saves a test card and subscribes to the monthly plan through the API, as the payment screen does. */
const subscribeThroughApi = async (request: APIRequestContext, owner: Owner, cardNumber: string) => {
  const headers = authorised(owner);
  const [clubId] = owner.clubIds;
  const setup = await (await request.get(`/api/v1/clubs/${clubId}/payments/setup`, { headers })).json();
  const confirmed = await request.post(`/api/v1/payments/sandbox/setups/${setup.setupId}/confirm`, {
    data: { clientSecret: setup.clientSecret, cardNumber, expMonth: 12, expYear: 2035, cvc: '123' },
  });
  expect(confirmed.status()).toBe(204);
  const added = await request.post(`/api/v1/clubs/${clubId}/payment-methods`, {
    headers,
    data: { setupId: setup.setupId },
  });
  expect(added.status()).toBe(201);
  const plans = await (await request.get(`/api/v1/clubs/${clubId}/payments/plans`, { headers })).json();
  const monthly = plans.find((plan: { months: number }) => plan.months === 1);
  const subscribed = await request.post(`/api/v1/clubs/${clubId}/subscription`, {
    headers,
    data: { paymentPlanId: monthly.id },
  });
  expect(subscribed.status()).toBe(200);
};

/** Fills the sandbox's card form and saves the card. */
const saveTestCard = async (page: Page, cardNumber: string) => {
  const form = page.getByRole('form', { name: 'Dati della carta' });
  await expect(page.getByTestId('sandbox-notice')).toContainText(
    'Pagamenti di prova — nessun addebito reale',
  );
  await form.getByLabel('Numero della carta').fill(cardNumber);
  await form.getByLabel('Mese').fill('12');
  await form.getByLabel('Anno').fill('35');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Salva la carta' }).click();
  await expect(form).toHaveCount(0);
};

test('a Free owner at the menu limit upgrades with a test card, creates a third menu and finds the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpOwner(request, [{ name: 'Osteria del Ponte' }]);
  const [clubId] = owner.clubIds;
  for (const name of ['Pranzo', 'Cena']) {
    const created = await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers: authorised(owner),
      data: { name, sections: [] },
    });
    expect(created.ok()).toBe(true);
  }
  await useSessionOf(page, owner.token);

  // At the limit, the menu list leads to the plans.
  await page.goto(`/clubs/${clubId}/menu`);
  await expect(page.getByRole('link', { name: 'Nuovo menu' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('free-plan-notice').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/profile/plan$`));
  await expect(page.getByTestId('current-plan')).toContainText('Piano Free');
  await expect(page.getByTestId('plan-smart')).toContainText('23,18 €');

  // Plan summary → card → confirm and pay.
  await page.getByRole('link', { name: 'Scegli il mensile' }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/payment\\?plan=\\d+$`));
  await expect(page.getByTestId('plan-summary-total')).toHaveText('23,18 €');
  await expect(page.getByTestId('plan-summary')).toContainText('IVA 22%');
  await page.getByRole('button', { name: 'Continua' }).click();
  await saveTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByTestId('amount-due')).toHaveText('23,18 €');
  await page.getByRole('button', { name: 'Paga 23,18 €' }).click();
  await expect(page.getByTestId('payment-success')).toContainText('Ti diamo il benvenuto in Smart!');
  await expect(page.getByTestId('payment-success')).toContainText(
    'Abbiamo attivato le funzioni Smart che non avevi spento: menu in PDF e promozioni.',
  );

  // Smart: the third menu.
  await page.getByRole('link', { name: 'Vai ai menu' }).click();
  await expect(page.getByTestId('free-plan-notice')).toHaveCount(0);
  await page.getByRole('link', { name: 'Nuovo menu' }).click();
  await page.getByLabel('Nome visibile ai clienti').fill('Aperitivo');
  await page.getByRole('button', { name: 'Crea il menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aperitivo' })).toBeVisible();

  // The invoice, with its PDF.
  await page.goto(`/clubs/${clubId}/profile/billing`);
  const invoice = page.getByTestId('invoice');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText(/\d{4}-\d{6}/);
  await expect(invoice).toContainText('23,18 €');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoice.getByRole('button', { name: /^Scarica la fattura/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^fattura-\d{4}-\d{6}\.pdf$/);
  await expect(page.getByTestId('payment-method')).toContainText('Principale');
});

test('a declined card is told in plain words; a card that needs authentication is approved in its dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpOwner(request, [{ name: 'Bar Centrale' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);

  await page.goto(`/clubs/${clubId}/profile/plan`);
  await page.getByRole('link', { name: "Scegli l'annuale" }).click();
  await page.getByRole('button', { name: 'Continua' }).click();
  await saveTestCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('button', { name: /^Paga / }).click();
  await expect(page.getByTestId('payment-error')).toContainText('La carta è stata rifiutata');

  await page.getByTestId('payment-error').getByRole('button', { name: "Usa un'altra carta" }).click();
  await page.getByRole('button', { name: "Usa un'altra carta" }).click();
  await saveTestCard(page, '4000 0027 6000 3184');
  await expect(page.getByRole('radio', { name: /Visa •••• 3184/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('button', { name: /^Paga / }).click();
  const bank = page.getByRole('dialog', { name: 'La banca chiede di confermare questo pagamento di prova' });
  await expect(bank).toBeVisible();
  await bank.getByRole('button', { name: 'Approva' }).click();
  await expect(page.getByTestId('payment-success')).toContainText('Ti diamo il benvenuto in Smart!');
  await page.getByRole('link', { name: 'Vedi il tuo piano' }).click();
  await expect(page.getByTestId('current-plan')).toContainText('Smart · Annuale');
});

test('a card that fails at renewal shows the countdown on every screen until a new card pays', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpOwner(request, [{ name: 'Trattoria Sole' }]);
  const [clubId] = owner.clubIds;
  await subscribeThroughApi(request, owner, '4000000000000341');
  await useSessionOf(page, owner.token);

  // The sandbox's test clock: a month later the renewal fails.
  await page.goto(`/clubs/${clubId}/profile/plan`);
  const clock = page.getByTestId('test-clock');
  await expect(clock).toContainText('nessun addebito reale');
  await clock.getByLabel('Giorni').fill('31');
  await clock.getByRole('button', { name: 'Avanti di 31 giorni' }).click();
  const banner = page.getByTestId('payment-failed-banner');
  await expect(banner).toContainText(
    'Pagamento non riuscito: mancano 7 giorni prima che Trattoria Sole torni al piano Free',
  );
  await expect(page.getByTestId('plan-payment-failed')).toContainText('La banca ha rifiutato la carta.');

  // On every club screen.
  await page.goto(`/clubs/${clubId}/qrcode`);
  await expect(banner).toBeVisible();

  // A working card pays the renewal, and the countdown goes.
  await banner.getByRole('link', { name: 'Aggiorna il metodo di pagamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/payment$`));
  await expect(page.getByTestId('pay-again-notice')).toContainText(
    'Tra 7 giorni Trattoria Sole torna al piano Free',
  );
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('button', { name: "Usa un'altra carta" }).click();
  await saveTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('payment-success')).toContainText('Pagamento ricevuto');
  await page.getByRole('link', { name: 'Vedi il tuo piano' }).click();
  await expect(page.getByTestId('plan-renews-on')).toBeVisible();
  await expect(page.getByTestId('plan-payment-failed')).toHaveCount(0);
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('plan-renews-on')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('an owner switches to the annual plan after its preview, cancels the renewal and reactivates it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpOwner(request, [{ name: 'Pub Ancora' }]);
  const [clubId] = owner.clubIds;
  await subscribeThroughApi(request, owner, '4242424242424242');
  await useSessionOf(page, owner.token);

  await page.goto(`/clubs/${clubId}/profile/plan`);
  const current = page.getByTestId('current-plan');
  await expect(current).toContainText('Smart · Mensile');
  await expect(page.getByTestId('plan-next-invoice')).toContainText('23,18 €');

  // Switch: the preview's new expiration date first. Nothing the screen asks is refused on the way (a
  // refused request is an error in the browser's console).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await page.getByRole('button', { name: "Passa all'annuale" }).click();
  const change = page.getByRole('dialog', { name: 'Passare al piano annuale?' });
  await expect(change.getByTestId('change-plan-preview')).toContainText('Nuova scadenza');
  const newExpiration = await change.getByTestId('change-plan-preview').locator('p').nth(1).textContent();
  await change.getByRole('button', { name: 'Cambia piano' }).click();
  await expect(change).toHaveCount(0);
  await expect(current).toContainText('Smart · Annuale');
  await expect(page.getByTestId('plan-renews-on')).toHaveText(newExpiration ?? '');
  expect(refused).toEqual([]);

  // Cancel: the dialog says Smart stays until the end of the period and the renewal can be reactivated.
  await current.getByRole('button', { name: 'Annulla il rinnovo' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annullare il rinnovo?' });
  await expect(cancel).toContainText(`Smart resta attivo fino al ${newExpiration}`);
  await expect(cancel).toContainText('puoi riattivare il rinnovo senza costi');
  await cancel.getByRole('button', { name: 'Annulla il rinnovo' }).click();
  await expect(page.getByTestId('renewal-cancelled')).toContainText('Il rinnovo è annullato');

  // Reactivate.
  await current.getByRole('button', { name: 'Riattiva il rinnovo' }).click();
  await expect(page.getByTestId('renewal-cancelled')).toHaveCount(0);
  await expect(page.getByTestId('plan-renews-on')).toHaveText(newExpiration ?? '');
  await expect(current.getByRole('button', { name: 'Annulla il rinnovo' })).toBeEnabled();
});

test('an admin offers Smart from a brand; the owner reads who pays and what happens next', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `Caffè ${Date.now()}`;
  const brand = `Torrefazione ${Date.now()}`;
  const owner = await signUpOwner(request, [{ name }]);
  const [clubId] = owner.clubIds;
  expect((await asAdmin(request, 'post', '/brands', { name: brand })).ok()).toBe(true);

  const adminPage = await (await browser.newContext()).newPage();
  await useSessionOf(adminPage, adminToken(), { isAdmin: true });
  await adminPage.goto('/admin?filter=all');
  await adminPage.getByRole('searchbox', { name: /Cerca per locale/ }).fill(name);
  const card = adminPage.getByTestId('admin-club').filter({ hasText: name });
  await card.getByRole('button', { name: 'Offri Smart da un marchio' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Offri Smart a ${name}` });
  await dialog.getByRole('combobox', { name: 'Marchio' }).click();
  await adminPage.getByRole('option', { name: brand }).click();
  await dialog.getByRole('radio', { name: '6 mesi' }).check();
  await dialog.getByRole('button', { name: 'Offri Smart' }).click();
  await expect(adminPage.getByText(`${name} ha Smart, offerto dal marchio`)).toBeVisible();
  await adminPage.goto('/admin?tab=audit');
  // Other tests write to the log at the same time: look for this entry, not for the newest.
  await expect(
    adminPage.getByTestId('audit-entry').filter({ hasText: `Ha offerto Smart per 6 mesi a ${name}` }),
  ).toHaveCount(1);

  const ownerPage = await (await browser.newContext()).newPage();
  await useSessionOf(ownerPage, owner.token);
  await ownerPage.goto(`/clubs/${clubId}/profile/plan`);
  await expect(ownerPage.getByTestId('current-plan')).toContainText(`Smart, offerto da ${brand}`);
  await expect(ownerPage.getByTestId('partner-next')).toContainText(`${name} torna al piano Free`);
  await expect(ownerPage.getByRole('link', { name: 'Prosegui poi con il mensile' })).toBeVisible();
});
