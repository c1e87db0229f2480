import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('an owner builds a menu, reorders, marks out of stock, duplicates, deletes, and meets the Free limit', async ({
  page,
  request,
}) => {
  // Many screens in a row: 35 s on a quiet machine, over 100 s on a busy one.
  test.setTimeout(300_000);
  const owner = await signUpOwner(request, [{ name: 'Osteria Nuova' }]);
  const [clubId] = owner.clubIds;
  // The club translates its menus into English.
  const patched = await request.patch(`/api/v1/clubs/${clubId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { menuLanguages: ['en'] },
  });
  expect(patched.ok()).toBe(true);
  await useSessionOf(page, owner.token);

  await page.goto(`/clubs/${clubId}/menu`);
  await expect(page.getByRole('heading', { name: 'Il tuo primo menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuovo menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuovo menu' })).toBeVisible();
  await page.getByLabel('Nome visibile ai clienti').fill('Cena');
  await page.getByLabel('Nota nascosta').fill('Menu invernale');
  await page.getByRole('button', { name: 'Crea il menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cena' })).toBeVisible();

  for (const name of ['Antipasti', 'Primi']) {
    await page.getByRole('button', { name: 'Nuova categoria' }).click();
    await page.getByRole('dialog').getByLabel('Nome della categoria').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Aggiungi' }).click();
    await expect(page.getByTestId('section-row').filter({ hasText: name })).toBeVisible();
  }

  const addItem = async (name: string, price: string) => {
    await page.getByRole('link', { name: 'Nuovo piatto' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuovo piatto' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Nome/ }).first().fill(name);
    await page.getByLabel('Prezzo', { exact: true }).fill(price);
    await page.getByRole('button', { name: 'Aggiungi il piatto' }).click();
    await expect(page.getByTestId('item-row').filter({ hasText: name })).toBeVisible();
  };

  await page.getByRole('link', { name: 'Antipasti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Antipasti' })).toBeVisible();
  await addItem('Bruschetta', '6,50');
  await addItem('Olive ascolane', '5');
  // The third has a price text, allergens and an English translation.
  await page.getByRole('link', { name: 'Nuovo piatto' }).first().click();
  await page.getByRole('textbox', { name: /^Nome/ }).first().fill('Tagliere del giorno');
  await page.getByLabel('Descrizione').first().fill('Salumi e formaggi del territorio');
  await page.getByLabel('Prezzo come testo').fill('Secondo mercato');
  await page.getByRole('button', { name: 'Latte' }).click();
  await page.getByRole('button', { name: 'Frutta a guscio' }).click();
  const english = page.locator('[lang="en"]');
  await english.getByRole('textbox', { name: 'Nome' }).fill("Today's platter");
  await english.getByRole('textbox', { name: 'Descrizione' }).fill('Local cured meats and cheese');
  await page.getByRole('button', { name: 'Aggiungi il piatto' }).click();
  const rows = page.getByTestId('item-row');
  await expect(rows.filter({ hasText: 'Tagliere del giorno' })).toContainText('Secondo mercato');
  await expect(rows).toHaveCount(3);

  // Reorder with the keyboard: the platter goes first.
  await page.getByRole('button', { name: 'Sposta Tagliere del giorno' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(rows.first()).toContainText('Tagliere del giorno');

  // A dish as it was created shows no state at all: only what differs from the normal is shown.
  await expect(rows.filter({ hasText: 'Bruschetta' }).getByTestId('item-states')).toHaveCount(0);
  await expect(page.getByText('3 voci')).toBeVisible();

  // Out of stock, in place, from the row's actions.
  const olive = rows.filter({ hasText: 'Olive ascolane' });
  await olive.getByRole('button', { name: 'Altre azioni per Olive ascolane' }).click();
  const soldOut = page.getByRole('menuitemcheckbox', { name: 'Esaurito' });
  await expect(soldOut).toHaveAttribute('aria-checked', 'false');
  await soldOut.click();
  await expect(olive.getByRole('list', { name: 'Stato di Olive ascolane' })).toHaveText('Esaurito');

  await page.reload();
  await expect(rows.first()).toContainText('Tagliere del giorno');
  await expect(
    rows.filter({ hasText: 'Olive ascolane' }).getByRole('list', { name: 'Stato di Olive ascolane' }),
  ).toHaveText('Esaurito');
  await expect(page.getByTestId('item-states')).toHaveCount(1);

  // Several at once: once the change is saved the picked dishes are let go; back in stock the same way.
  const bulk = page.getByRole('region', { name: 'Voci selezionate' });
  await page.getByLabel('Seleziona Bruschetta').check();
  await page.getByLabel('Seleziona Tagliere del giorno').check();
  await expect(bulk).toContainText('2 selezionate');
  await bulk.getByRole('button', { name: 'Segna esauriti' }).click();
  await expect(page.getByText('2 voci segnate come esaurite')).toBeVisible();
  await expect(bulk).toHaveCount(0);
  await expect(page.getByLabel('Seleziona Bruschetta')).not.toBeChecked();
  await expect(page.getByTestId('item-states')).toHaveCount(3);
  await page.getByLabel('Seleziona Bruschetta').check();
  await page.getByLabel('Seleziona Tagliere del giorno').check();
  await bulk.getByRole('button', { name: 'Di nuovo disponibili' }).click();
  await expect(page.getByText('2 voci di nuovo disponibili')).toBeVisible();
  await expect(bulk).toHaveCount(0);
  await expect(page.getByTestId('item-states')).toHaveCount(1);

  await page.getByRole('link', { name: 'Cena' }).click();
  await page.getByRole('link', { name: 'Primi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Primi' })).toBeVisible();
  await addItem('Carbonara', '12');
  await addItem('Cacio e pepe', '11');

  // The translation was kept.
  const menu = await (
    await request.get(`/api/v1/clubs/${clubId}/menu`, { headers: { authorization: `Bearer ${owner.token}` } })
  ).json();
  const full = await (
    await request.get(`/api/v1/clubs/${clubId}/menu/${menu[0].id}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
  ).json();
  const platter = full.sections[0].items[0];
  expect(platter).toMatchObject({
    name: 'Tagliere del giorno',
    priceText: 'Secondo mercato',
    allergens: ['milk', 'nuts'],
    translations: {
      en: { translatedName: "Today's platter", translatedDescription: 'Local cured meats and cheese' },
    },
  });

  // Duplicate, then the Free plan's limit of two menus shows before it is hit.
  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Menu' })
    .click();
  await page.getByRole('button', { name: 'Duplica Cena' }).click();
  await expect(page.getByTestId('menu-card').filter({ hasText: 'Cena (copia)' })).toBeVisible();
  await expect(page.getByTestId('free-plan-notice')).toContainText(
    'Hai raggiunto il numero massimo di menu del piano gratuito',
  );
  await expect(page.getByRole('link', { name: 'Nuovo menu' })).toHaveAttribute('aria-disabled', 'true');

  // Delete the copy after typing the word.
  await page.getByRole('button', { name: 'Elimina Cena (copia)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Elimina' })).toBeDisabled();
  await dialog.getByRole('textbox').fill('elimina');
  await dialog.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByTestId('menu-card')).toHaveCount(1);
  await expect(page.getByTestId('free-plan-notice')).toContainText('1 menu su 2');
});
