import type { Locator } from '@playwright/test';
import { PNG } from 'pngjs';
import { asAdmin, expect, signUpOwner, test } from '../fixtures.ts';

// A phone in a guest's hand (iPhone 12 to 15 size).
test.use({ viewport: { width: 390, height: 844 } });

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a guest hides the dishes with an allergen, finds the choice kept, and the call button covers nothing', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria Allergie' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  const enabled = await request.patch(`/api/v1/clubs/${clubId}/settings`, {
    headers,
    data: { callWaiterEnabled: true },
  });
  expect(enabled.ok()).toBe(true);
  const drinks = Array.from({ length: 12 }, (_, index) => ({ name: `Vino ${index + 1}`, price: 5 + index }));
  const menu = await (
    await request.post(`/api/v1/clubs/${clubId}/menu`, {
      headers,
      data: {
        name: 'Cena',
        sections: [
          {
            name: 'Primi',
            items: [
              { name: 'Carbonara', price: 12, allergens: ['eggs', 'gluten'] },
              { name: 'Cacio e pepe', price: 11, allergens: ['milk', 'gluten'], outOfStock: true },
            ],
          },
          { name: 'Dolci', items: [{ name: 'Tiramisù', price: 6, allergens: ['eggs', 'milk'] }] },
          { name: 'Vini', items: [...drinks, { name: 'Amaro della casa', price: 4.5 }] },
        ],
      },
    })
  ).json();
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '4' }] } })
  ).json();
  await page.goto(`/public/menu/${clubId}/${tables[0].id}/${menu.id}?lang=it`);
  const carbonara = page.locator('.item').filter({ hasText: 'Carbonara' });
  const cacio = page.locator('.item').filter({ hasText: 'Cacio e pepe' });
  const tiramisu = page.locator('.item').filter({ hasText: 'Tiramisù' });
  const note = page.locator('.filtered');
  // Nothing moves while the page loads: search and filter are in the first paint, not added by the script.
  await expect(page.getByRole('searchbox')).toBeVisible();
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries arrive in a task of their own: two frames later they are all in.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(total))));
      }),
  );
  expect(shifted).toBe(0);

  // Marking is the default: the marked dish stands out, unlike the greyed out-of-stock one.
  const filterLine = page.locator('.filter summary');
  await filterLine.click();
  await expect(page.getByLabel('Segnalali')).toBeChecked();
  // The boxes are drawn in the theme's colours (no browser-blue control, no native triangle), and
  // still work from the keyboard.
  const eggs = page.getByLabel('Uova');
  await expect(eggs).toHaveCSS('appearance', 'none');
  await expect(filterLine).toHaveCSS('list-style-type', 'none');
  await eggs.focus();
  await page.keyboard.press('Space');
  await expect(eggs).toBeChecked();
  const chip = page.locator('.chips label').filter({ hasText: 'Uova' });
  const pillColour = await chip.evaluate((element) => getComputedStyle(element).color);
  await expect(eggs).toHaveCSS('border-top-color', pillColour);
  const themeMain = await page.evaluate(() => {
    const probe = document.createElement('i');
    probe.style.color = 'var(--main,#7a1f3d)';
    document.body.append(probe);
    return getComputedStyle(probe).color;
  });
  await expect(chip).toHaveCSS('background-color', themeMain);
  // The search box's clear button (shown once something is typed) is drawn in the theme's colour, not
  // the browser's blue ×: its end of the box holds theme-coloured pixels and nothing blue.
  const search = page.locator('input.search');
  await search.fill('Carbonara');
  await expect(carbonara).toBeVisible();
  const shot = PNG.sync.read(await search.screenshot());
  const [r, g, b] = (themeMain.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  let themed = 0;
  let blue = 0;
  for (let y = 0; y < shot.height; y += 1)
    for (let x = Math.floor(shot.width * 0.75); x < shot.width; x += 1) {
      const at = (y * shot.width + x) * 4;
      const [pr, pg, pb] = [shot.data[at] ?? 0, shot.data[at + 1] ?? 0, shot.data[at + 2] ?? 0];
      if (Math.abs(pr - r) + Math.abs(pg - g) + Math.abs(pb - b) < 60) themed += 1;
      if (pb > pr + 60 && pb > pg + 30) blue += 1;
    }
  expect(blue).toBe(0);
  expect(themed).toBeGreaterThan(10);
  await search.fill('');
  await expect(filterLine).toHaveText('Evito: Uova');
  await expect(carbonara).toHaveClass(/\bwarn\b/);
  await expect(tiramisu).toHaveClass(/\bwarn\b/);
  const bar = (item: Locator) =>
    item.evaluate((element) => getComputedStyle(element, '::before').backgroundColor);
  expect(await bar(carbonara)).toBe('rgb(217, 119, 6)');
  await expect(carbonara.locator('.allergens')).toHaveCSS('background-color', 'rgb(254, 243, 199)');
  await expect(carbonara.locator('h3')).toHaveCSS('opacity', '1');
  await expect(cacio).not.toHaveClass(/\bwarn\b/);
  expect(await bar(cacio)).toBe('rgba(0, 0, 0, 0)');
  await expect(cacio.locator('.allergens')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(cacio.locator('h3')).toHaveCSS('opacity', '0.7');
  await expect(note).toBeHidden();

  // Hiding: the dishes go, a category left empty goes with its tab, and a line says how many.
  await page.getByLabel('Nascondili').check();
  await expect(carbonara).toBeHidden();
  await expect(tiramisu).toBeHidden();
  await expect(cacio).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dolci' })).toBeHidden();
  await expect(page.locator('.tabs').getByRole('link', { name: 'Dolci' })).toBeHidden();
  await expect(note).toHaveText('2 piatti nascosti dal tuo filtro allergeni');

  // Kept on this phone: a reload opens with the same allergens and the same choice, and the closed
  // panel's line says which allergens are avoided.
  await page.reload();
  await expect(carbonara).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Dolci' })).toBeHidden();
  await expect(note).toHaveText('2 piatti nascosti dal tuo filtro allergeni');
  await expect(filterLine).toHaveText('Evito: Uova');
  await expect(filterLine).toBeInViewport();
  await expect(filterLine).toHaveCSS('background-color', themeMain);
  await filterLine.click();
  await expect(page.getByLabel('Uova')).toBeChecked();
  await expect(page.getByLabel('Nascondili')).toBeChecked();
  // Another allergen: the filter follows it; back to marking, nothing is hidden.
  await page.getByLabel('Uova').uncheck();
  await expect(note).toBeHidden();
  await page.getByLabel('Latte').check();
  await expect(note).toHaveText('2 piatti nascosti dal tuo filtro allergeni');
  await expect(filterLine).toHaveText('Evito: Latte');
  await page.getByLabel('Segnalali').check();
  await expect(note).toBeHidden();
  await expect(tiramisu).toBeVisible();
  await expect(cacio).toHaveClass(/\bwarn\b/);

  // At the bottom of the page, the floating call-waiter button leaves the last row and the last link clear.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const button = page.locator('.waiter summary');
  await expect(button).toBeInViewport();
  const lastPrice = page.locator('.item .price').last();
  await expect(lastPrice).toHaveText('4,50 €');
  await expect(lastPrice).toBeInViewport();
  const lastLink = page.locator('.contacts a').last();
  await expect(lastLink).toBeInViewport();
  expect(overlaps(await box(lastPrice), await box(button))).toBe(false);
  expect(overlaps(await box(lastLink), await box(button))).toBe(false);
});
