import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { convertPhones } from '../src/db/canonical-phones.ts';
import { openDatabase } from '../src/db/client.ts';
import { accounts, phoneDuplicates } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { generateTotp, newTotpSecret } from '../src/features/accounts/totp.ts';
import {
  canonicalTestPhone,
  confirmSignUp,
  present,
  seedOwner,
  testDatabaseKind,
  uniqueAddress,
  uniquePhone,
  useTestApp,
} from './helpers.ts';

// Phones in one canonical form (docs/decisions/0050): sign-up, login and the start-up conversion.

const PASSWORD = 'Tavolo7$Blu';
const OTHER_PASSWORD = 'Bancone9$Rosso';
const english = { 'accept-language': 'en' };

/** `393337654321` as people write it: `+39 333 765 4321`. */
const spaced = (digits: string) =>
  `+${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
/** The Italian number without its country code: `3337654321`. */
const national = (digits: string) => digits.slice(2);

describe('canonical phones', () => {
  const context = useTestApp();

  const signUp = (phone: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: english,
      remoteAddress: uniqueAddress(),
      payload: {
        name: 'Lucia',
        lastName: 'Verdi',
        email: `lucia.${randomInt(1e9)}@example.com`,
        phone,
        password: PASSWORD,
        passwordTwo: PASSWORD,
        language: 'en',
      },
    });

  const login = (username: string, password: string, totp: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: english,
      remoteAddress: uniqueAddress(),
      payload: { username, password, totp },
    });

  /** An activated account written the way accounts were before 0050: `phone` exactly as given. */
  const seedLegacyAccount = async (phone: string, password: string) => {
    const secret = newTotpSecret();
    const [account] = await context.database.db
      .insert(accounts)
      .values({
        name: 'Marco',
        lastName: 'Bianchi',
        email: `marco.${randomInt(1e9)}@example.com`,
        phone,
        passwordHash: await hashPassword(password),
        totpSecret: context.app.secretBox.seal(secret),
        emailConfirmedAt: new Date(),
      })
      .returning();
    return { account: present(account, 'the seeded account'), secret };
  };

  const storedPhones = async (ids: number[]) =>
    Object.fromEntries(
      (
        await context.database.db
          .select({ id: accounts.id, phone: accounts.phone })
          .from(accounts)
          .where(inArray(accounts.id, ids))
      ).map((row) => [row.id, row.phone]),
    );

  it('stores +39 333 765 4321 and 3337654321 as one number: the second sign-up is refused', async () => {
    const digits = uniquePhone();
    const first = await signUp(spaced(digits));
    expect(first.statusCode).toBe(201);
    const [row] = await context.database.db
      .select({ phone: accounts.phone })
      .from(accounts)
      .where(eq(accounts.phone, canonicalTestPhone(digits)));
    expect(row?.phone).toBe(`+${digits}`);
    // Confirmed by its first code: until then another sign-up with the number would replace it (0066).
    await confirmSignUp(context.app, {
      username: digits,
      password: PASSWORD,
      secret: first.json().enrolment.secret,
    });

    for (const again of [national(digits), digits, `0039 ${national(digits)}`]) {
      const refused = await signUp(again);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PHONE_TAKEN',
        message: 'An account with this phone already exists, contact the provider',
      });
    }
  });

  it('says a number is not valid, in the caller language', async () => {
    const refused = await signUp('+39 12');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual(
      expect.objectContaining({
        path: 'body.phone',
        message:
          'Not a valid phone number: write it with its country code (+39 for Italy) or as an Italian number',
      }),
    );
    const italian = await context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: uniqueAddress(),
      payload: { username: 'not a phone', password: PASSWORD, totp: '123456' },
    });
    expect(italian.json().issues[0].message).toMatch(/^Numero di telefono non valido/);
  });

  it('logs in with the number in either form', async () => {
    const digits = uniquePhone();
    const created = await signUp(national(digits));
    expect(created.statusCode).toBe(201);
    const secret = created.json().enrolment.secret as string;
    await confirmSignUp(context.app, { username: digits, password: PASSWORD, secret });
    await context.database.db
      .update(accounts)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(accounts.phone, `+${digits}`));
    const now = Date.now();
    // A code is accepted once: each login takes the next step's.
    expect((await login(spaced(digits), PASSWORD, generateTotp(secret, now - 30_000))).statusCode).toBe(200);
    expect((await login(national(digits), PASSWORD, generateTotp(secret, now))).statusCode).toBe(200);
    expect((await login(digits, PASSWORD, generateTotp(secret, now + 30_000))).statusCode).toBe(200);
  });

  it('converts an account stored the old way at start and logs it in with what its owner typed then', async () => {
    const digits = uniquePhone();
    const { account, secret } = await seedLegacyAccount(digits, PASSWORD);
    // The conversion runs when a database is opened, after the migrations: open this one again.
    const reopened =
      testDatabaseKind() === 'postgres'
        ? await openDatabase({
            kind: 'postgres',
            url: present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL'),
            poolSize: 1,
          })
        : await openDatabase({
            kind: 'pglite',
            template: await present(context.database.dump, 'a PGlite dump')(),
          });
    try {
      const [row] = await reopened.db
        .select({ phone: accounts.phone })
        .from(accounts)
        .where(eq(accounts.id, account.id));
      expect(row?.phone).toBe(`+${digits}`);
    } finally {
      await reopened.close();
    }
    await convertPhones(context.database.db);
    expect(await storedPhones([account.id])).toEqual({ [account.id]: `+${digits}` });
    expect((await login(national(digits), PASSWORD, generateTotp(secret))).statusCode).toBe(200);
  });

  it('merges nothing: old accounts that share a number are listed for the admin, untouched', async () => {
    const digits = uniquePhone();
    // The same mobile, once with its country code and once without: one number, two owners.
    const withCode = await seedLegacyAccount(digits, PASSWORD);
    const without = await seedLegacyAccount(national(digits), OTHER_PASSWORD);
    const alone = await seedLegacyAccount(uniquePhone(), PASSWORD);
    const ids = [withCode.account.id, without.account.id, alone.account.id];

    const result = await convertPhones(context.database.db);
    expect(result.duplicates).toBeGreaterThanOrEqual(2);
    expect(await storedPhones(ids)).toEqual({
      [withCode.account.id]: digits,
      [without.account.id]: national(digits),
      [alone.account.id]: canonicalTestPhone(present(alone.account.phone, 'phone')),
    });

    const admin = await seedOwner(context.database, { isAdmin: true });
    const listed = await context.app.inject({
      method: 'GET',
      url: '/api/v1/admin/phone-duplicates',
      headers: { authorization: admin.authorization },
    });
    expect(listed.statusCode).toBe(200);
    const group = listed
      .json()
      .groups.find((candidate: { canonicalPhone: string }) => candidate.canonicalPhone === `+${digits}`);
    expect(group.accounts).toEqual([
      expect.objectContaining({ id: withCode.account.id, phone: digits, clubs: 0 }),
      expect.objectContaining({ id: without.account.id, phone: national(digits), clubs: 0 }),
    ]);
    // Nobody else sees the list.
    const owner = await seedOwner(context.database);
    const refused = await context.app.inject({
      method: 'GET',
      url: '/api/v1/admin/phone-duplicates',
      headers: { authorization: owner.authorization },
    });
    expect(refused.statusCode).toBe(403);

    // Running it again changes nothing; the number stays taken for new sign-ups.
    await convertPhones(context.database.db);
    expect((await storedPhones(ids))[without.account.id]).toBe(national(digits));
    expect((await signUp(spaced(digits))).statusCode).toBe(409);

    // Both owners still log in, the password telling which account is meant.
    const first = await login(spaced(digits), PASSWORD, generateTotp(withCode.secret));
    expect(first.statusCode).toBe(200);
    const second = await login(national(digits), OTHER_PASSWORD, generateTotp(without.secret));
    expect(second.statusCode).toBe(200);
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${second.json().token}` },
    });
    expect(me.json().id).toBe(without.account.id);

    // Once one of them is gone, the other is converted and the group leaves the list.
    await context.database.db.delete(accounts).where(eq(accounts.id, withCode.account.id));
    await convertPhones(context.database.db);
    expect((await storedPhones([without.account.id]))[without.account.id]).toBe(`+${digits}`);
    const left = await context.database.db
      .select()
      .from(phoneDuplicates)
      .where(eq(phoneDuplicates.canonicalPhone, `+${digits}`));
    expect(left).toEqual([]);
  });
});
