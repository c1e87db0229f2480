import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('on a phone the club frame shows the venue name, bottom navigation and no sideways scrolling', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Trattoria dal Nome Piuttosto Lungo' }]);
  const [clubId] = owner.clubIds;
  await useSessionOf(page, owner.token);
  for (const path of ['profile', 'profile/contacts', 'profile/settings', 'notice']) {
    await page.goto(`/clubs/${clubId}/${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await expect(page.getByTestId('club-name')).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(navigation.getByRole('link')).toHaveText(['Menu', 'Codici QR', 'Profilo', 'Piano']);
  await navigation.getByRole('link', { name: 'Profilo' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Trattoria dal Nome Piuttosto Lungo' }),
  ).toBeVisible();
});
