import { expect, signUpOwner, test, useSessionOf } from '../fixtures.ts';

// Italy's comuni are searched, accents aside, and choosing one fills its province
// (docs/decisions/0054-istat-places.md).
test('a new club finds its comune by typing and gets its province from it', async ({ page, request }) => {
  const owner = await signUpOwner(request, [{ name: 'Primo Locale' }]);
  await useSessionOf(page, owner.token);
  await page.goto('/clubs/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuovo locale' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Nome del locale', exact: true }).fill('Piadineria Forlì');
  await page.getByRole('spinbutton', { name: 'Posti a sedere (circa)' }).fill('25');
  const city = page.getByRole('combobox', { name: 'Città' });
  const province = page.getByRole('combobox', { name: 'Provincia' });

  // Without the accent, by keyboard only.
  await city.pressSequentially('forli');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toContainText('Forlì');
  await expect(options.first()).toContainText('Forlì-Cesena (FC)');
  await expect(options.filter({ hasText: 'Forlì del Sannio' })).toContainText('Isernia (IS)');
  await city.press('ArrowDown');
  await city.press('Enter');
  await expect(city).toHaveValue('Forlì');
  await expect(province).toHaveValue('Forlì-Cesena (FC)');

  // A comune typed into another province is refused by the server, on the field.
  await province.fill('Milano');
  await page.getByRole('option', { name: 'Milano (MI)' }).click();
  await expect(city).toHaveValue('');
  await city.fill('Roma');
  await page.getByRole('textbox', { name: 'Indirizzo', exact: true }).fill('Corso della Repubblica 10');
  await page.getByRole('textbox', { name: 'CAP', exact: true }).fill('47121');
  await page.getByRole('textbox', { name: 'Ragione sociale', exact: true }).fill('Piadina srl');
  await page.getByRole('textbox', { name: 'Partita IVA', exact: true }).fill('IT00743110157');
  await page.getByRole('button', { name: 'Crea il locale' }).click();
  await expect(page.getByText('Questo comune non è nella provincia scelta')).toBeVisible();

  // "reggio" offers both Reggio, each with its province.
  await city.fill('');
  await city.pressSequentially('reggio');
  await expect(page.getByRole('option', { name: /Reggio di Calabria/ })).toContainText(
    'Reggio Calabria (RC)',
  );
  await page.getByRole('option', { name: /Reggio nell'Emilia/ }).click();
  await expect(province).toHaveValue('Reggio Emilia (RE)');
  await page.getByRole('button', { name: 'Crea il locale' }).click();
  await expect(page.getByText('Locale creato: è in attesa di attivazione')).toBeVisible();
  await expect(page).toHaveURL(/\/clubs\/\d+\/menu$/);
  const clubId = page.url().match(/\/clubs\/(\d+)\//)?.[1];

  // The address keeps the comune and province as chosen.
  await page.goto(`/clubs/${clubId}/profile/contacts`);
  await expect(page.getByRole('combobox', { name: 'Città' })).toHaveValue("Reggio nell'Emilia");
  await expect(page.getByRole('combobox', { name: 'Provincia' })).toHaveValue('Reggio Emilia (RE)');
});
