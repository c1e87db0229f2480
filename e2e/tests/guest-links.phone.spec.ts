import { asAdmin, expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

test('the owner adds the links guests look for; a guest sees them and taps Wi-Fi for the password', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Osteria del Ponte' }]);
  const [clubId] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  const { tables } = await (
    await request.put(`/api/v1/clubs/${clubId}/tables`, { headers, data: { tables: [{ name: '4' }] } })
  ).json();
  await request.post(`/api/v1/clubs/${clubId}/menu`, {
    headers,
    data: { name: 'Pranzo', sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }] },
  });

  // The owner, on the phone, fills in the block of links.
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${clubId}/profile/contacts`);
  await expect(page.getByRole('heading', { name: 'Link per gli ospiti' })).toBeVisible();
  await page.getByLabel('Link per prenotare').fill('http://prenota.example.com');
  await page.getByLabel('Password del Wi-Fi').fill('Ponte-2024!');
  await page.getByRole('button', { name: 'Salva' }).click();
  // A plain http link and a password without its network are refused, each under its field.
  await expect(page.getByText('Inserisci un indirizzo che inizi con https://')).toBeVisible();
  await expect(page.getByText('Indica anche il nome della rete')).toBeVisible();
  await page.getByLabel('Link per prenotare').fill('https://prenota.example.com/osteria');
  await page.getByLabel('Nome della rete Wi-Fi').fill('Ponte-Ospiti');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Contatti salvati')).toBeVisible();

  // A guest at table 4, on another phone.
  const guestContext = await browser.newContext({
    baseURL,
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
  });
  const guest = await guestContext.newPage();
  await guest.goto(`/public/qrcodemenu/${clubId}/${tables[0].id}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Pranzo' })).toBeVisible();
  const links = guest.getByRole('navigation', { name: 'Link utili' });
  await expect(links.getByRole('link', { name: 'Prenota un tavolo' })).toHaveAttribute(
    'href',
    'https://prenota.example.com/osteria',
  );
  // The password is nowhere in the page until the guest taps.
  expect(await guest.content()).not.toContain('Ponte-2024!');
  await links.getByRole('link', { name: 'Wi-Fi' }).tap();
  const box = guest.getByRole('dialog', { name: 'Wi-Fi' });
  await expect(box.getByText('Ponte-Ospiti')).toBeVisible();
  await expect(box.getByText('Ponte-2024!')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Copia la password' })).toBeFocused();
  await box.getByRole('button', { name: 'Chiudi' }).tap();
  await expect(box).toBeHidden();
  await guestContext.close();
});
