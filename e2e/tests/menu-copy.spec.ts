import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS } from '../accessibility-routes.ts';
import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

// docs/product.md, Menus: an owner with two venues copies a menu from one to the other and opens it there.

test('an owner copies a menu to their other venue, reads what to check, and opens the copy there', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpOwner(request, [{ name: 'Trattoria Uno' }, { name: 'Bistrot Due' }]);
  const [sourceId, targetId] = owner.clubIds;
  const api = (method: 'post' | 'put', path: string, data: object) =>
    request[method](`/api/v1${path}`, { headers: { authorization: `Bearer ${owner.token}` }, data });
  const created = await api('post', `/clubs/${sourceId}/menu`, {
    name: 'Cena',
    sections: [
      { name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] },
      { name: 'Vini', items: [{ name: 'Barolo', price: 30 }] },
    ],
  });
  expect(created.status()).toBe(201);
  const menu = await created.json();
  // Terrazza is in both venues (the target's written in lower case); Giardino only in the source.
  const terrazza = await (await api('post', `/clubs/${sourceId}/zones`, { name: 'Terrazza' })).json();
  const giardino = await (await api('post', `/clubs/${sourceId}/zones`, { name: 'Giardino' })).json();
  expect((await api('post', `/clubs/${targetId}/zones`, { name: 'terrazza' })).status()).toBe(201);
  const scheduled = await api('put', `/clubs/${sourceId}/menu/${menu.id}/schedulings`, {
    schedulings: [
      { days: [5], startTime: '19:00', endTime: '23:00', tableZone: terrazza.id },
      { days: [6], startTime: '19:00', endTime: '23:00', tableZone: giardino.id },
    ],
  });
  expect(scheduled.ok()).toBe(true);
  await useSessionOf(page, owner.token);

  await page.goto(`/clubs/${sourceId}/menu`);
  await page.getByRole('button', { name: 'Copia Cena in un altro locale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copia «Cena» in un altro locale' });
  await expect(dialog).toBeVisible();
  // The only other venue is chosen already; the keyboard moves among the choices.
  await expect(dialog.getByRole('radio', { name: 'Bistrot Due' })).toBeChecked();
  await expect(dialog.getByText(/foto e promozione/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(WCAG_TAGS).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Copia', exact: true }).click();

  const done = page.getByRole('dialog', { name: 'Menu copiato' });
  await expect(done.getByText('«Cena» ora è anche in Bistrot Due.')).toBeVisible();
  await expect(done.getByTestId('menu-copy-notes')).toContainText(
    "1 orario non copiato: in Bistrot Due non c'è una zona chiamata Giardino.",
  );
  await done.getByRole('link', { name: 'Apri nel locale di destinazione' }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${targetId}/menu/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Cena' })).toBeVisible();
  await expect(page.getByTestId('section-row').filter({ hasText: 'Primi' })).toBeVisible();

  // In the target's list, last, with its schedule; the source keeps its own menu unchanged.
  await page.goto(`/clubs/${targetId}/menu`);
  const card = page.getByTestId('menu-card').filter({ hasText: 'Cena' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Programmato')).toBeVisible();
  await page.goto(`/clubs/${sourceId}/menu`);
  await expect(page.getByTestId('menu-card')).toHaveCount(1);
});
