import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

// Issue 16, "Owners' first day": where a logged-in owner lands, the schedule screen on a laptop and in an
// English-speaking browser, and a pasted name that was too long.

test.describe('a logged-in owner', () => {
  test('opening /login, /404 or an unknown path is offered their clubs, not a login form', async ({
    page,
    request,
  }) => {
    const owner = await signUpOwner(request, [{ name: 'Bar del Primo Giorno' }]);
    const [clubId] = owner.clubIds;
    await useSessionOf(page, owner.token);

    await page.goto('/login');
    await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/`));
    await expect(page.getByLabel('Numero di telefono')).toHaveCount(0);

    for (const address of ['/no/such/page', '/404']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${address}$`));
      await expect(page.getByRole('link', { name: "Vai all'accesso" })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Bar del Primo Giorno' }).click();
    await expect(page).toHaveURL(new RegExp(`/clubs/${clubId}/`));
  });
});

test('/account/delete has the legal links of the other sign-in pages', async ({ page }) => {
  await page.goto('/account/delete');
  await expect(page.getByRole('heading', { name: 'Elimina il tuo account' })).toBeVisible();
  const legal = page.getByRole('contentinfo').getByRole('navigation');
  await expect(legal.getByRole('link', { name: /privacy/i })).toHaveAttribute('href', /^https:\/\//);
  await expect(legal.getByRole('link', { name: /cookie/i })).toHaveAttribute('href', /^https:\/\//);
});

test.describe('the schedule screen in an English-speaking browser', () => {
  test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

  test('names the menu, keeps the rule inside its card and writes times as the interface language does', async ({
    page,
    request,
  }) => {
    const owner = await signUpOwner(request, [{ name: 'Osteria Orari' }]);
    const [clubId] = owner.clubIds;
    const headers = { authorization: `Bearer ${owner.token}` };
    const dinner = await (
      await request.post(`/api/v1/clubs/${clubId}/menu`, { headers, data: { name: 'Cena' } })
    ).json();
    const zone = await request.post(`/api/v1/clubs/${clubId}/zones`, {
      headers,
      data: { name: 'Terrazza panoramica sul lago' },
    });
    expect(zone.ok()).toBe(true);
    await useSessionOf(page, owner.token);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');

    await page.goto(`/clubs/${clubId}/menu/${dinner.id}/schedulings`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cena: programmazione');
    await expect(page.getByRole('navigation', { name: 'Dove sei' })).toContainText('Cena');
    await page.getByRole('button', { name: 'Aggiungi una regola' }).click();

    const rule = page.getByTestId('scheduling-rule');
    const start = rule.getByLabel('Dalle', { exact: true });
    const end = rule.getByLabel('Alle', { exact: true });
    // 24-hour in Italian, though the browser speaks American English.
    await expect(start).toHaveValue('12:00');
    await expect(end).toHaveValue('15:00');
    await expect(rule.getByTestId('rule-summary')).toHaveText('Lun–ven 12:00–15:00, tutte le zone');

    // Every field of the rule inside its card.
    const card = await rule.boundingBox();
    if (!card) throw new Error('no rule card');
    const fields = rule.locator('.MuiFormControl-root, .MuiFormControlLabel-root, .MuiChip-root, button');
    expect(await fields.count()).toBeGreaterThan(8);
    for (const box of await fields.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(card.x);
      expect(box.right).toBeLessThanOrEqual(card.x + card.width);
    }
    const zoneField = rule.getByRole('combobox', { name: 'Zona' });
    await zoneField.click();
    await page.getByRole('option', { name: 'Terrazza panoramica sul lago' }).click();
    const zoneBox = await zoneField.boundingBox();
    expect((zoneBox?.x ?? 0) + (zoneBox?.width ?? 0)).toBeLessThanOrEqual(card.x + card.width);

    // Quick keyboard entry: "1930" is 19:30, and the field writes it out when left.
    await start.fill('1930');
    await end.fill('2');
    await end.press('Tab');
    await expect(start).toHaveValue('19:30');
    await expect(end).toHaveValue('02:00');
    await expect(rule.getByTestId('rule-summary')).toHaveText(
      'Lun–ven 19:30–02:00 (fino al giorno dopo), Terrazza panoramica sul lago',
    );
    await expect(rule.getByText('dalle 19:30 dei giorni scelti fino alle 02:00')).toBeVisible();
    await page.getByRole('button', { name: 'Salva la programmazione' }).click();
    await expect(page.getByText('Programmazione salvata')).toBeVisible();

    // In English the same rule reads in the English way.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(rule.getByLabel('From', { exact: true })).toHaveValue(/^7:30\sPM$/);
    await expect(rule.getByTestId('rule-summary')).toHaveText(
      /^Mon–Fri 7:30\sPM – 2:00\sAM \(until the next day\), Terrazza panoramica sul lago$/,
    );
  });
});

test('a pasted name longer than the limit says it was cut', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await signUpOwner(request, [{ name: 'Trattoria Incolla' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/qrcode`);
  await page.getByRole('button', { name: 'Nuova zona' }).click();
  const field = page.getByRole('dialog').getByLabel('Nome della zona');
  const long = 'Terrazza con vista sul lago e sulle montagne, lato giardino';
  await page.evaluate((text) => navigator.clipboard.writeText(text), long);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(long.slice(0, 40));
  await expect(page.getByRole('dialog').getByText('Testo incollato tagliato a 40 caratteri')).toBeVisible();
  // The next keystroke is the owner's own editing: the notice has been read.
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('dialog').getByText('Testo incollato tagliato a 40 caratteri')).toHaveCount(0);
  // A paste that fits says nothing.
  await field.fill('');
  await page.evaluate(() => navigator.clipboard.writeText('Sala'));
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue('Sala');
  await expect(page.getByRole('dialog').getByText(/Testo incollato tagliato/)).toHaveCount(0);
});
