import { expect, test } from '../fixtures.ts';

test('the login screen fits a phone without sideways scrolling', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByLabel('Codice di verifica')).toHaveAttribute('inputmode', 'numeric');
});
