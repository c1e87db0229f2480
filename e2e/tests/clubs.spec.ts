import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

/** A 96×96 PNG: a light circle on wine red. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAYAAADimHc4AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAEtUlEQVR4nO2czW8VVRjG+U/ORgTRjRJ1dReCVRc2ioFgdKdRQZGlkYu1VCDgB0ndiKVgYj8kEjWl1AQk1H63tI2KQtMWU2jTSkDvbbCQd/ma51LNTZMGuZ0zz5mZd/FLmt6P3Hl+c86ZOXPesyrvcmrkaBmssvBz1BPQBDgToOwQrAU4fhDWBblsYmOAMwHKDsFagOMHYV2QyyY2BjgToOwQrAU4fhDWBblsYmOAMwHKDsFagOMHYV2QyybBjwG1a57UYy/v1O/3fqpDLd/q7/2DOjc2psXZGV0oXC+Bv/E/vDbU/I127K3Xoy/tLH2W/fsTKWD/+mo9WfOJTnb360LhhsrCfEXgsxPd/dr23sel72QfV/ACGra8qb92nNVb839WHPpy4DsvdPygDZu3048zOAGNW3foZM9A5KEvB1rWkS1v0Y+bLmD/+mo93/pdbMEv5cKpM3rw8U3ZFNCybZfOX5ujhf8vxT9mtfm1d7Mj4P37N2jvsa/owcsSeo60as3qDekWsGdtlV483UkPW5Zh7Fy31j34dDoF7Hv4Wb0yPEoPWe7C1PmR0m9NlYC6dU/p1NAIPVz5n1wd/VnrHnomHQLQ56Nps0OVe+TS2a5YxgTvAvq+OE4PUyqku6El2QKaX99FD1FWSOv23ckUcODR54K4zpcI7hN8ziN5EzB6op0enkTE8PG2ZAnA3A47NIkYX5N4XgRgsosdmETM5d7BZAjAlDI7LPHE5y9sC18A5vPZQYnH2dOgBex7pFpvFaN/mCKBgGPDMQYroL32ED0k8Uzb7o/CFZDGwVeWMP5jb5gCsAIBKxTYAYlncIxRrraITACWgbDDkZhofPHt8ARg3Q47GImJU3X14QnAoil2MBITA00nwhOAVWnsYCSBd8WRCbg2PkEPRmICyyCDE1CcnaYHIzFRmLkanoAsXILKIn//dd0EiAmwLigfUhdkg3COK+ByX3YuQyd7BsIbA+xGLMcVYFMROa6ATE3Gbd0RXhdUu2ZjhqajN4YnAKAgjh2QeGa8M9AHMgCVjeyAxDNt+Q/DFWAP5XNcAQCloOyzVDzxS3vgy1IAlvCxgxJPHN70RvgC0joYj0c8+HoVgCJodmASIbdvFrwsS/QmAIx8fZIenEQEisl95eRNAIoaUNzADk9WSHFuJpkFGgAV6OwAZYU0vfqOt3y8CwA9ja30EKVCuj5r8ppNLAJQ6omST3aYco9cPNOpNfc9kXwBYM8DVYkq1L4y8lNsWxbEulUBtgFghyt3YWpwOH1bFfzXEtZW6W+nz9FDlmVAV4ltFVK9XQ3GBFSgs8OWJXQdboqlz6cLKL9ELQZwn4Dr/C9f8XupGaSA8i3Lbt8s0IruDjz2PO346QLyZTOoE119sZYZ+ZrbSaSA/CIIBWelj0pLfCfm831MKadGQH4RXAaiGhFnKhbCVho6PotpZDxGjPPSMvEC8mVgBQJqsjo+qC9VpqA44s7WxdNlWxdPl/6H1/AevBefiXL1QmYF5FOOCXAmQNkhWAtw/CCsC3LZxMYAZwKUHYK1AMcPwrogl01sDHAmQNkhWAtw/CCsC3LZxMYAZwKUHYK1AMcPwrogl01sDHBcAf8Auh4oHEj+3sIAAAAASUVORK5CYII=',
  'base64',
);

test('an owner switches between two clubs from the frame', async ({ page, request }) => {
  const owner = await signUpOwner(request, [
    { name: 'Trattoria Uno' },
    { name: 'Cocktail Due', city: 'Roma' },
  ]);
  const [first, second] = owner.clubIds;
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${first}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Trattoria Uno' })).toBeVisible();
  await expect(page.getByTestId('club-state')).toContainText('In attesa di attivazione');
  // The board says it in its own card; every other screen of the club says it above its content.
  await expect(page.getByTestId('club-waiting')).toHaveCount(0);

  // At the root an owner lands on the club made first, not the first by name.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/clubs/${first}/menu$`));
  await expect(page.getByTestId('club-waiting')).toContainText('In attesa di attivazione');
  await expect(page.getByTestId('club-waiting')).toContainText('entro un giorno lavorativo');

  await page.goto(`/clubs/${first}/profile`);
  await page.getByTestId('club-switcher').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([/Cocktail Due/, /Trattoria Uno/, /Nuovo locale/]);
  await menu.getByRole('menuitem', { name: /Cocktail Due/ }).click();
  // The same screen, in the other club.
  await expect(page).toHaveURL(new RegExp(`/clubs/${second}/profile$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Cocktail Due' })).toBeVisible();
  await expect(page.getByText('Via Roma 1, 20121 Roma')).toBeVisible();
  await expect(page.getByTestId('club-name')).toHaveText('Cocktail Due');

  // Another owner's club, or one that does not exist, is not found.
  const stranger = await signUpOwner(request, [{ name: 'Altrui' }]);
  await page.goto(`/clubs/${stranger.clubIds[0]}/profile`);
  await expect(page).toHaveURL(/\/404$/);
});

test('an owner edits the contacts and the logo, and finds them after a reload', async ({ page, request }) => {
  const owner = await signUpOwner(request, [{ name: 'Osteria del Lago' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/profile/contacts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contatti' })).toBeVisible();

  await page.getByLabel('Email').fill('non-una-email');
  await page.getByLabel('Sito web').fill('lago.example');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Formato email non valido')).toBeVisible();
  await expect(page.getByText('Inserisci un indirizzo che inizi con http:// o https://')).toBeVisible();

  await page.getByLabel('Email').fill('ciao@lago.example');
  await page.getByLabel('Sito web').fill('https://lago.example');
  await page.getByLabel('Profilo Instagram').fill('https://instagram.com/osteriadellago');
  await page.getByLabel('Telefono', { exact: true }).fill('+39 031 123456');
  await page.getByRole('textbox', { name: /^Indirizzo/ }).fill('Lungolago 3');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Contatti salvati')).toBeVisible();

  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await expect(page.getByText('Logo salvato')).toBeVisible();
  const logo = page.getByTestId('club-logo').locator('img');
  await expect(logo).toHaveAttribute('src', /^\/files\/img\/[0-9a-f]{24}-96\.webp$/);
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);

  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue('ciao@lago.example');
  await expect(page.getByLabel('Sito web')).toHaveValue('https://lago.example');
  await expect(page.getByLabel('Profilo Instagram')).toHaveValue('https://instagram.com/osteriadellago');
  await expect(page.getByRole('textbox', { name: /^Indirizzo/ })).toHaveValue('Lungolago 3');
  await expect(page.getByTestId('club-logo').locator('img')).toBeVisible();

  // A file that is not a JPG or PNG is refused with the documented message.
  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(
    page.getByText('Tipo di immagine non supportato: carica un file JPG, PNG o WebP'),
  ).toBeVisible();
});

test('unsaved contacts are not lost by a stray click', async ({ page, request }) => {
  const owner = await signUpOwner(request, [{ name: 'Bar Sport' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/profile/contacts`);
  await page.getByLabel('Pagina Facebook').fill('https://facebook.com/barsport');
  await page.getByRole('navigation').getByRole('link', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Uscire senza salvare?' })).toBeVisible();
  await page.getByRole('button', { name: 'Resta e salva' }).click();
  await expect(page.getByLabel('Pagina Facebook')).toHaveValue('https://facebook.com/barsport');
  await expect(page).toHaveURL(/\/profile\/contacts$/);
});

test('an owner toggles settings; promotions wait for the Smart plan', async ({ page, request }) => {
  const owner = await signUpOwner(request, [{ name: 'Pub Irlandese' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/profile/settings`);
  const callWaiter = page.getByRole('switch', { name: 'Chiama il cameriere' });
  await expect(callWaiter).not.toBeChecked();
  await callWaiter.click();
  await expect(page.getByText('Chiama il cameriere: attivo')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Promozioni ed eventi' })).toBeDisabled();

  // Switching the venue off asks first.
  await page.getByRole('switch', { name: 'Locale online' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Spegni' }).click();
  await expect(page.getByText('Locale online: disattivato')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Chiama il cameriere' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Locale online' })).not.toBeChecked();
  await page.goto(`/clubs/${clubId}/profile`);
  await expect(page.getByTestId('club-state')).toContainText('In attesa di attivazione');
});
