import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, clubs } from '../src/db/schema.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { accountForm, accountSteps, clubForm, english, linkToken, PASSWORD } from './account-fixtures.ts';
import {
  canonicalTestPhone,
  confirmSignUp,
  present,
  uniqueAddress,
  uniquePhone,
  useTestApp,
} from './helpers.ts';

// Signing up (POST /users and POST /clubs without a token), the first code and the activation link.

const INVALID_PHONE =
  'Not a valid phone number: write it with its country code (+39 for Italy) or as an Italian number';

describe('accounts: sign-up and activation', () => {
  const context = useTestApp();
  const { signUp, confirmed, login } = accountSteps(context);

  it('creates an account and answers its authenticator enrolment, naming Carta and the phone', async () => {
    const { phone, response } = await signUp();
    expect(response.statusCode).toBe(201);
    const { enrolment } = response.json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Carta:/);
    expect(decodeURIComponent(enrolment.otpauthUri)).toContain(phone);
    // The phone is stored in canonical form (+39…), and the secret is not stored in clear.
    const [row] = await context.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.phone, canonicalTestPhone(phone)));
    expect(row?.totpSecret).not.toContain(enrolment.secret);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // The activation email waits for the first code (0066).
    expect(context.mailer.sent.some((message) => message.to === row?.email)).toBe(false);
    await confirmed(phone, response);
    const mail = context.mailer.sent.findLast((message) => message.to === row?.email);
    expect(mail?.subject).toBe('Confirm your Carta account');
    expect(mail?.link).toMatch(/\/users\/activate\?token=/);
  });

  it('refuses a phone that already has an account with 409 and the documented message', async () => {
    const { phone, response } = await signUp();
    await confirmed(phone, response);
    const again = await signUp({ phone });
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json()).toMatchObject({
      code: 'PHONE_TAKEN',
      message: 'An account with this phone already exists, contact the provider',
    });
  });

  it.each([
    [{ phone: '12345' }, 'body.phone', INVALID_PHONE],
    [{ phone: '1234567890123456' }, 'body.phone', INVALID_PHONE],
    // Enough digits, but no number anywhere (the old rule took it).
    [{ phone: '390000000001' }, 'body.phone', INVALID_PHONE],
    [
      { password: 'Ab1!', passwordTwo: 'Ab1!' },
      'body.password',
      'The password must be 8 to 20 characters long',
    ],
    [
      { password: 'Abcdefgh1234', passwordTwo: 'Abcdefgh1234' },
      'body.password',
      'Use letters, numbers and at least one of ! $ @ %',
    ],
    [{ passwordTwo: 'Tavolo7$Ross' }, 'body.passwordTwo', 'Passwords do not match'],
    [{ email: 'lucia.example.com' }, 'body.email', 'Invalid email format'],
    [{ name: '' }, 'body.name', 'This field is required'],
  ])('refuses %o with the message on %s', async (overrides, path, message) => {
    const { response } = await signUp(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(expect.objectContaining({ path, message }));
  });

  it('accepts the limits themselves: a 6-digit and a 14-digit number, 8 and 20 characters', async () => {
    // An Italian landline of 6 digits typed, and a Berlin number of 14 digits with its country code.
    const short = `06${randomInt(1000, 10_000)}`;
    const long = `+49 30 ${randomInt(1e9, 1e10)}`;
    for (const phone of [short, long]) {
      const created = await signUp({ phone });
      // Another test may have drawn the same short number: taken is fine, refused as invalid is not.
      expect([201, 409]).toContain(created.response.statusCode);
    }
    const twenty = 'Aa1$Aa1$Aa1$Aa1$Aa1$';
    expect((await signUp({ password: twenty, passwordTwo: twenty })).response.statusCode).toBe(201);
    expect((await signUp({ password: 'Zq8$wxyv', passwordTwo: 'Zq8$wxyv' })).response.statusCode).toBe(201);
  });

  it('refuses one of the most common passwords, even dressed up', async () => {
    const { response } = await signUp({ password: 'Password1!', passwordTwo: 'Password1!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(response.json().issues[0].path).toBe('body.password');
  });

  it('refuses a password in the query string', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/users?password=${encodeURIComponent(PASSWORD)}`,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PASSWORD_IN_QUERY');
  });

  it('refuses login before activation, resends the email, and activates once', async () => {
    const { phone, response } = await signUp();
    const { secret } = response.json().enrolment;
    await confirmed(phone, response);
    const early = await login(phone, PASSWORD, generateTotp(secret));
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('ACCOUNT_NOT_ACTIVATED');

    const sentBefore = context.mailer.sent.length;
    const resend = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/activate/resend',
      payload: { username: phone, password: PASSWORD },
    });
    expect(resend.json()).toEqual({ outcome: 'sent' });
    expect(context.mailer.sent.length).toBe(sentBefore + 1);
    expect(context.mailer.sent.at(-1)?.link).toMatch(/\/users\/activate\?token=/);

    const token = linkToken(context.mailer.sent.at(-1)?.link);
    const first = await context.app.inject({ method: 'GET', url: `/api/v1/users/activate?token=${token}` });
    expect(first.json()).toEqual({ outcome: 'activated' });
    const second = await context.app.inject({
      method: 'GET',
      url: `/api/v1/users/activate?token=${token}`,
      headers: english,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('The link you used is invalid or expired');
  });
});

describe('clubs at sign-up and after', () => {
  const context = useTestApp();

  it('creates account and club in one call; once its first code is confirmed, asks operations to activate the club, and activation emails the owner', async () => {
    const phone = uniquePhone();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: { club: clubForm(), account: accountForm(phone) },
    });
    expect(response.statusCode).toBe(201);
    const { clubId, enrolment } = response.json();
    expect(enrolment.otpauthUri).toContain('otpauth://');
    const [row] = await context.database.db.select().from(clubs).where(eq(clubs.id, clubId));
    expect(row).toMatchObject({ status: 'pending', timeZone: 'Europe/Rome', name: 'Osteria del Ponte' });
    await confirmSignUp(context.app, { username: phone, password: PASSWORD, secret: enrolment.secret });

    const operations = context.mailer.sent.find((message) => message.subject.includes('Osteria del Ponte'));
    expect(operations?.to).toBe('operations@carta.local');
    expect(context.mailer.sent.some((message) => message.subject === 'Conferma il tuo account Carta')).toBe(
      true,
    );

    const token = new URL(present(operations?.link, 'the operations email link')).searchParams.get('token');
    const activation = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs/activate',
      payload: { token },
    });
    expect(activation.json()).toMatchObject({ outcome: 'activated', clubId });
    const [active] = await context.database.db.select().from(clubs).where(eq(clubs.id, clubId));
    expect(active?.status).toBe('active');
    expect(context.mailer.sent.at(-1)?.subject).toBe('Osteria del Ponte è attivo su Carta');
  });

  it('saves nothing when the VAT number is invalid, and says so on the field', async () => {
    const phone = uniquePhone();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      headers: { 'accept-language': 'en' },
      payload: { club: clubForm({ vatNumber: 'IT00743110158' }), account: accountForm(phone) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VAT_INVALID',
      issues: [
        { path: 'body.club.vatNumber', message: 'The VAT number is not valid for the chosen country' },
      ],
    });
    const rows = await context.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.phone, canonicalTestPhone(phone)));
    expect(rows).toHaveLength(0);
  });

  it('requires the sales representative when a brand is chosen', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: { club: clubForm({ brandId: 1 }), account: accountForm(uniquePhone()) },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.club.salesAccount.name', 'body.club.salesAccount.lastName']),
    );
  });
});
