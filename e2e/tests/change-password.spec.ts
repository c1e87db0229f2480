import { expect, OWNER_PASSWORD, signUpOwner, test, totpCode, useSessionOf } from '../fixtures.ts';

const NEW_PASSWORD = 'Bancone9$Rosso';

test('an owner changes the password: a wrong one is said on its field, a closed dialog opens empty', async ({
  page,
  request,
}) => {
  const owner = await signUpOwner(request, [{ name: 'Bar Centrale' }]);
  await useSessionOf(page, owner.token);
  await page.goto(`/clubs/${owner.clubIds[0]}/profile/settings`);

  await page.getByRole('button', { name: 'Cambia', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambia password' });
  const current = dialog.getByLabel('Password attuale');
  await current.fill('Sbagliata1$');
  await dialog.getByRole('textbox', { name: 'Nuova password', exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Ripeti la nuova password').fill(NEW_PASSWORD);
  await dialog.getByLabel('Codice di verifica').fill(totpCode(owner.secret));
  await dialog.getByRole('button', { name: 'Cambia password' }).click();
  await expect(
    dialog.getByText('Il numero di telefono o la password potrebbero essere errati'),
  ).toBeVisible();

  // Closed and opened again, the dialog starts afresh: no password left in it, no message.
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Cambia', exact: true }).click();
  await expect(current).toHaveValue('');
  await expect(dialog.getByText('Il numero di telefono o la password potrebbero essere errati')).toBeHidden();

  await current.fill(OWNER_PASSWORD);
  await dialog.getByRole('textbox', { name: 'Nuova password', exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Ripeti la nuova password').fill(NEW_PASSWORD);
  await dialog.getByLabel('Codice di verifica').fill(totpCode(owner.secret));
  await dialog.getByRole('button', { name: 'Cambia password' }).click();
  await expect(
    page.getByText('Password cambiata: gli altri dispositivi sono stati disconnessi'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});
