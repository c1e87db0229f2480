import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accounts, addresses, clubs, sessions } from '../src/db/schema.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import {
  accountForm,
  accountSteps,
  addressOf,
  clubForm,
  english,
  PASSWORD,
  STEP_MS,
} from './account-fixtures.ts';
import { canonicalTestPhone, confirmSignUp, uniqueAddress, uniquePhone, useTestApp } from './helpers.ts';

// The logged-in account (/users/me): who it is, its password and language, a further club, and deleting
// it with everything it owns.

describe('accounts: the logged-in account', () => {
  const context = useTestApp();
  const { activeOwner, login } = accountSteps(context);

  it('tells who is logged in, and changes the password with the current one and a code', async () => {
    const { phone, secret } = await activeOwner();
    const first = await login(phone, PASSWORD, generateTotp(secret, Date.now() - STEP_MS));
    const other = await login(phone, PASSWORD, generateTotp(secret));
    const authorization = `Bearer ${first.json().token}`;
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization },
    });
    expect(me.json()).toMatchObject({
      name: 'Lucia',
      lastName: 'Verdi',
      phone: canonicalTestPhone(phone),
      language: 'en',
      admin: false,
    });

    const change = (payload: object) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/users/me/password',
        headers: { authorization, ...english },
        remoteAddress: addressOf(phone),
        payload,
      });
    const fresh = 'Nuova7$Chiave';
    const wrongCurrent = await change({
      currentPassword: 'Wrong7$Pass',
      password: fresh,
      passwordTwo: fresh,
      totp: generateTotp(secret),
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().issues[0]).toMatchObject({
      path: 'body.currentPassword',
      key: 'errors.LOGIN_FAILED',
    });
    const mismatch = await change({
      currentPassword: PASSWORD,
      password: fresh,
      passwordTwo: 'Other7$Chiave',
      totp: generateTotp(secret),
    });
    expect(mismatch.json().issues[0]).toMatchObject({
      path: 'body.passwordTwo',
      message: 'Passwords do not match',
    });

    const changed = await change({
      currentPassword: PASSWORD,
      password: fresh,
      passwordTwo: fresh,
      totp: generateTotp(secret),
    });
    expect(changed.statusCode).toBe(204);
    // This session goes on; the other one ended; the old password no longer works.
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } }))
        .statusCode,
    ).toBe(200);
    const otherSession = await context.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${other.json().token}` },
    });
    expect(otherSession.statusCode).toBe(401);
    const nextCode = generateTotp(secret, Date.now() + STEP_MS);
    expect((await login(phone, PASSWORD, nextCode)).statusCode).toBe(401);
    expect((await login(phone, fresh, nextCode)).statusCode).toBe(200);
  });

  it("saves the owner's language", async () => {
    const { phone, secret } = await activeOwner();
    const { token } = (await login(phone, PASSWORD, generateTotp(secret))).json();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/language',
      headers: { authorization: `Bearer ${token}` },
      payload: { language: 'it' },
    });
    expect(response.statusCode).toBe(204);
    const [row] = await context.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.phone, canonicalTestPhone(phone)));
    expect(row?.language).toBe('it');
  });

  it('without a token and without an account answers 401; with a token creates a further club', async () => {
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: { club: clubForm() },
    });
    expect(anonymous.statusCode).toBe(401);

    const phone = uniquePhone();
    const first = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: { club: clubForm(), account: accountForm(phone) },
    });
    const owner = firstOrThrow(
      await context.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.phone, canonicalTestPhone(phone))),
      'account',
    );
    await confirmSignUp(context.app, {
      username: phone,
      password: PASSWORD,
      secret: first.json().enrolment.secret,
    });
    await context.database.db
      .update(accounts)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(accounts.id, owner.id));
    const { token } = (
      await context.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: phone, password: PASSWORD, totp: generateTotp(first.json().enrolment.secret) },
      })
    ).json();
    const second = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      headers: { authorization: `Bearer ${token}` },
      payload: {
        club: clubForm({
          name: 'Bar del Porto',
          address: { country: 'IT', line1: 'Molo 1', postalCode: '16121', city: 'Genova' },
        }),
      },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().enrolment).toBeUndefined();
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/v1/clubs',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().map((entry: { name: string }) => entry.name)).toEqual([
      'Bar del Porto',
      'Osteria del Ponte',
    ]);

    // A logo stored for one of the clubs, so deleting the account must remove files too.
    const clubId = list.json()[0].id;
    const ticket = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${clubId}/uploads`,
      headers: { authorization: `Bearer ${token}` },
      payload: { purpose: 'logo', contentType: 'image/png' },
    });
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    await context.app.inject({
      method: 'PUT',
      url: ticket.json().uploadUrl,
      headers: { 'content-type': 'image/png' },
      payload: logo,
    });
    const stored = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${clubId}/uploads/${ticket.json().uploadId}/complete`,
      headers: { authorization: `Bearer ${token}` },
    });
    const storedKey: string = stored.json().key;
    const filesNamed = async () =>
      (await readdir(path.join(context.filesDirectory, 'img'))).filter((name) =>
        name.startsWith(storedKey.slice(4)),
      );
    expect(await filesNamed()).toHaveLength(2);

    // Deleting the account (password + code again) removes it with its clubs, addresses and sessions.
    const wrong = await context.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        password: 'Tavolo7$Ross',
        totp: generateTotp(first.json().enrolment.secret, Date.now() + STEP_MS),
      },
    });
    expect(wrong.statusCode).toBe(401);
    const addressIds = (
      await context.database.db.select({ id: clubs.addressId }).from(clubs).where(eq(clubs.ownerId, owner.id))
    ).map((row) => row.id);
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        password: PASSWORD,
        totp: generateTotp(first.json().enrolment.secret, Date.now() + STEP_MS),
      },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await context.database.db.select().from(accounts).where(eq(accounts.id, owner.id))).toHaveLength(
      0,
    );
    expect(await context.database.db.select().from(clubs).where(eq(clubs.ownerId, owner.id))).toHaveLength(0);
    expect(
      await context.database.db.select().from(sessions).where(eq(sessions.accountId, owner.id)),
    ).toHaveLength(0);
    for (const id of addressIds) {
      expect(await context.database.db.select().from(addresses).where(eq(addresses.id, id))).toHaveLength(0);
    }
    expect(await filesNamed()).toEqual([]);
  });
});
