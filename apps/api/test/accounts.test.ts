import { randomInt } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { accounts, addresses, clubs, oneTimeTokens, sessions } from '../src/db/schema.ts';
import { accountDelaySeconds } from '../src/features/accounts/attempts.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { hashToken } from '../src/lib/tokens.ts';
import {
  canonicalTestPhone,
  confirmSignUp,
  present,
  uniqueAddress,
  uniquePhone,
  useTestApp,
} from './helpers.ts';

const PASSWORD = 'Tavolo7$Blu';
const INVALID_PHONE =
  'Not a valid phone number: write it with its country code (+39 for Italy) or as an Italian number';
const STEP_MS = 30_000;

describe('accounts', () => {
  const context = useTestApp();
  const english = { 'accept-language': 'en' };

  const signUp = async (overrides: Record<string, unknown> = {}) => {
    const phone = uniquePhone();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: english,
      // Each sign-up from its own address: one address may sign up only a few times an hour.
      remoteAddress: uniqueAddress(),
      payload: {
        name: 'Lucia',
        lastName: 'Verdi',
        email: `lucia.${phone}@example.com`,
        phone: `+${phone.slice(0, 2)} ${phone.slice(2)}`,
        password: PASSWORD,
        passwordTwo: PASSWORD,
        language: 'en',
        ...overrides,
      },
    });
    return { phone, response };
  };

  const linkToken = (link: string | undefined) =>
    present(new URL(present(link, 'a link in the email')).searchParams.get('token'), 'a token in the link');

  /** The sign-up's last step: its first code, which sends the activation email (0066). */
  const confirmed = async (phone: string, response: { json: () => { enrolment: { secret: string } } }) =>
    confirmSignUp(context.app, {
      username: phone,
      password: PASSWORD,
      secret: response.json().enrolment.secret,
    });

  /** Signs up, confirms the first code and follows the activation link; answers phone and secret. */
  const activeOwner = async () => {
    const { phone, response } = await signUp();
    expect(response.statusCode).toBe(201);
    await confirmed(phone, response);
    const mail = context.mailer.sent.findLast((message) => message.to.includes(phone));
    const activation = await context.app.inject({
      method: 'GET',
      url: `/api/v1/users/activate?token=${linkToken(mail?.link)}`,
    });
    expect(activation.json()).toEqual({ outcome: 'activated' });
    return { phone, secret: response.json().enrolment.secret as string };
  };

  // Each owner logs in from its own address: the per-address limit must not tie tests together.
  const addressOf = (phone: string) =>
    `10.${Number(phone.slice(-6, -4))}.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2))}`;
  const login = (phone: string, password: string, totp: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: english,
      remoteAddress: addressOf(phone.replace(/\D/g, '')),
      payload: { username: phone, password, totp },
    });

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

  it('logs in with phone, password and a current code; the token is stored only hashed', async () => {
    const { phone, secret } = await activeOwner();
    const response = await login(`+${phone}`, PASSWORD, generateTotp(secret));
    expect(response.statusCode).toBe(200);
    const { token, admin } = response.json();
    expect(admin).toBe(false);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const stored = await context.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    const clear = await context.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(clear).toHaveLength(0);
    const clubsResponse = await context.app.inject({
      method: 'GET',
      url: '/api/v1/clubs',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(clubsResponse.statusCode).toBe(200);
  });

  it('never accepts the same code twice, and accepts one step of drift', async () => {
    const { phone, secret } = await activeOwner();
    const now = Date.now();
    expect((await login(phone, PASSWORD, generateTotp(secret, now - STEP_MS))).statusCode).toBe(200);
    const replay = await login(phone, PASSWORD, generateTotp(secret, now - STEP_MS));
    expect(replay.statusCode).toBe(401);
    expect((await login(phone, PASSWORD, generateTotp(secret, now + STEP_MS))).statusCode).toBe(200);
    expect((await login(phone, PASSWORD, generateTotp(secret, now + 3 * STEP_MS))).statusCode).toBe(401);
  });

  it('answers a wrong phone, password or code with the same 401 message', async () => {
    const { phone, secret } = await activeOwner();
    const message = 'Phone number or password might be wrong';
    const wrongPhone = await login(uniquePhone(), PASSWORD, generateTotp(secret));
    const wrongPassword = await login(phone, 'Tavolo7$Ross', generateTotp(secret));
    const wrongCode = await login(phone, PASSWORD, generateTotp(secret, Date.now() + 10 * STEP_MS));
    for (const response of [wrongPhone, wrongPassword, wrongCode]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, code: 'LOGIN_FAILED', message });
    }
  });

  /** Runs `body` with the server's clock (Date) in the test's hands, starting from now. */
  const withClock = async (body: (advance: (seconds: number) => void) => Promise<void>) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    try {
      await body((seconds) => vi.setSystemTime(Date.now() + seconds * 1000));
    } finally {
      vi.useRealTimers();
    }
  };
  const loginFrom = (remoteAddress: string, phone: string, password: string, totp: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: english,
      remoteAddress,
      payload: { username: phone, password, totp },
    });
  const WRONG = 'Tavolo7$Ross';

  it('slows an account after five failures, 1 s then doubling up to a minute, from any address', async () => {
    const { phone, secret } = await activeOwner();
    await withClock(async (advance) => {
      // The guesses come from a new address each time: the account's own count slows them.
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await loginFrom(uniqueAddress(), phone, WRONG, '000000')).statusCode).toBe(401);
      const waits: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        const refused = await loginFrom(uniqueAddress(), phone, PASSWORD, generateTotp(secret));
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          status: 429,
          code: 'RATE_LIMITED',
          message: 'Too many attempts, please try again later',
        });
        const wait = Number(refused.headers['retry-after']);
        waits.push(wait);
        advance(wait);
        expect((await loginFrom(uniqueAddress(), phone, WRONG, '000000')).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
      // Thirteen failures in a few minutes, and the owner is still a minute away at most.
      advance(60);
      expect((await loginFrom(uniqueAddress(), phone, PASSWORD, generateTotp(secret))).statusCode).toBe(200);
    });
  });

  it('lets the owner in from another address, after a short wait, when ten wrong passwords came from one', async () => {
    const { phone, secret } = await activeOwner();
    const attacker = uniqueAddress();
    await withClock(async (advance) => {
      for (let failures = 0; failures < 10; failures++) {
        // Each guess as soon as the account's delay allows it.
        advance(accountDelaySeconds(failures));
        expect((await loginFrom(attacker, phone, WRONG, '000000')).statusCode).toBe(401);
      }
      // The attacker's address has had its ten: it waits out the quarter of an hour, right password or not.
      const blocked = await loginFrom(attacker, phone, PASSWORD, generateTotp(secret));
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      // The owner, elsewhere, waits the account's delay (32 s after ten failures), then is in.
      const owner = loginFrom.bind(null, uniqueAddress(), phone, PASSWORD);
      const wait = await owner(generateTotp(secret));
      expect(wait.statusCode).toBe(429);
      expect(Number(wait.headers['retry-after'])).toBe(32);
      advance(32);
      expect((await owner(generateTotp(secret))).statusCode).toBe(200);
    });
  });

  it("forgets the account's failures from an address when it logs in from there", async () => {
    const { phone, secret } = await activeOwner();
    const address = uniqueAddress();
    await withClock(async (advance) => {
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await loginFrom(address, phone, WRONG, '000000')).statusCode).toBe(401);
      advance(1);
      expect((await loginFrom(address, phone, PASSWORD, generateTotp(secret))).statusCode).toBe(200);
      // Counted again from zero: two typos in a row are no reason to wait.
      expect((await loginFrom(address, phone, WRONG, '000000')).statusCode).toBe(401);
      expect((await loginFrom(address, phone, WRONG, '000000')).statusCode).toBe(401);
    });
  });

  it("keeps counting someone else's failures after the owner logs in from elsewhere", async () => {
    const { phone, secret } = await activeOwner();
    const attacker = uniqueAddress();
    await withClock(async (advance) => {
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await loginFrom(attacker, phone, WRONG, '000000')).statusCode).toBe(401);
      advance(1);
      expect((await loginFrom(uniqueAddress(), phone, PASSWORD, generateTotp(secret))).statusCode).toBe(200);
      // The sixth guess still waits 2 s after it: the owner's login did not wipe the attacker's count.
      expect((await loginFrom(attacker, phone, WRONG, '000000')).statusCode).toBe(401);
      expect((await loginFrom(attacker, phone, WRONG, '000000')).statusCode).toBe(429);
    });
  });

  it("clears the account's failures when its password is reset", async () => {
    const { phone, secret } = await activeOwner();
    const address = uniqueAddress();
    await withClock(async (advance) => {
      for (let failures = 0; failures < 8; failures++) {
        advance(accountDelaySeconds(failures));
        expect((await loginFrom(address, phone, WRONG, '000000')).statusCode).toBe(401);
      }
      const recovery = await context.app.inject({
        method: 'POST',
        url: '/api/v1/users/password/recovery',
        remoteAddress: address,
        payload: { phone },
      });
      expect(recovery.json()).toEqual({ outcome: 'sent' });
      const newPassword = 'Bancone9@Nuovo';
      const reset = await context.app.inject({
        method: 'POST',
        url: '/api/v1/users/password/reset',
        payload: {
          token: linkToken(context.mailer.sent.at(-1)?.link),
          password: newPassword,
          passwordTwo: newPassword,
        },
      });
      expect(reset.json()).toEqual({ outcome: 'reset' });
      // Without the reset, the ninth try would wait 8 s; and this address would have two tries left.
      expect((await loginFrom(address, phone, WRONG, '000000')).statusCode).toBe(401);
      expect((await loginFrom(address, phone, newPassword, generateTotp(secret))).statusCode).toBe(200);
    });
  });

  it('locks an address out after 10 failures, whatever the phones', async () => {
    // An address of its own: attempts stay counted in a shared PostgreSQL database between runs.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress,
        payload: { username: uniquePhone(), password: 'Tavolo7$Ross', totp: '000000' },
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress,
      payload: { username: uniquePhone(), password: PASSWORD, totp: '123456' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeTruthy();
  });

  it('revokes the session at logout', async () => {
    const { phone, secret } = await activeOwner();
    const { token } = (await login(phone, PASSWORD, generateTotp(secret))).json();
    const authorization = `Bearer ${token}`;
    const logout = await context.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization },
    });
    expect(logout.statusCode).toBe(204);
    const after = await context.app.inject({
      method: 'GET',
      url: '/api/v1/clubs',
      headers: { authorization },
    });
    expect(after.statusCode).toBe(401);
  });

  it('recovers a password through a single-use emailed link that ends every session', async () => {
    const { phone, secret } = await activeOwner();
    const { token: sessionToken } = (await login(phone, PASSWORD, generateTotp(secret))).json();

    const unknown = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/recovery',
      remoteAddress: addressOf(phone),
      headers: english,
      payload: { phone: uniquePhone() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No account found with this phone number');

    const recovery = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/recovery',
      remoteAddress: addressOf(phone),
      payload: { phone },
    });
    expect(recovery.json()).toEqual({ outcome: 'sent' });
    const mail = context.mailer.sent.at(-1);
    expect(mail?.subject).toBe('Reset your Carta password');
    const resetToken = linkToken(mail?.link);

    const newPassword = 'Bancone9@Nuovo';
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/reset',
      payload: { token: resetToken, password: newPassword, passwordTwo: newPassword },
    });
    expect(reset.json()).toEqual({ outcome: 'reset' });
    const oldSession = await context.app.inject({
      method: 'GET',
      url: '/api/v1/clubs',
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(oldSession.statusCode).toBe(401);
    const reuse = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/reset',
      headers: english,
      payload: { token: resetToken, password: 'Altra7$Password', passwordTwo: 'Altra7$Password' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('The link you used is invalid or expired');
    // The authenticator survives a reset.
    expect((await login(phone, newPassword, generateTotp(secret, Date.now() + STEP_MS))).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired reset link', async () => {
    const { phone } = await activeOwner();
    await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/recovery',
      remoteAddress: addressOf(phone),
      payload: { phone },
    });
    const resetToken = linkToken(context.mailer.sent.at(-1)?.link);
    await context.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(resetToken)));
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/reset',
      payload: { token: resetToken, password: 'Bancone9@Nuovo', passwordTwo: 'Bancone9@Nuovo' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('RESET_LINK_INVALID');
  });

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
});

describe('clubs at sign-up and after', () => {
  const context = useTestApp();

  const club = (overrides: Record<string, unknown> = {}) => ({
    name: 'Osteria del Ponte',
    seats: 45,
    address: { country: 'IT', line1: 'Via del Ponte 3', postalCode: '37121', city: 'Verona', state: 'VR' },
    brandId: null,
    companyName: 'Ponte srl',
    vatNumber: 'IT00743110157',
    ...overrides,
  });
  const account = (phone: string) => ({
    name: 'Paolo',
    lastName: 'Neri',
    email: `paolo.${phone}@example.com`,
    phone,
    password: PASSWORD,
    passwordTwo: PASSWORD,
    language: 'it',
  });

  it('creates account and club in one call; once its first code is confirmed, asks operations to activate the club, and activation emails the owner', async () => {
    const phone = uniquePhone();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: { club: club(), account: account(phone) },
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
      payload: { club: club({ vatNumber: 'IT00743110158' }), account: account(phone) },
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
      payload: { club: club({ brandId: 1 }), account: account(uniquePhone()) },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.club.salesAccount.name', 'body.club.salesAccount.lastName']),
    );
  });

  it('without a token and without an account answers 401; with a token creates a further club', async () => {
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: { club: club() },
    });
    expect(anonymous.statusCode).toBe(401);

    const phone = uniquePhone();
    const first = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: { club: club(), account: account(phone) },
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
        club: club({
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

describe('brands and geography', () => {
  const context = useTestApp();

  it('lists countries in the caller language, with states and cities', async () => {
    const italian = await context.app.inject({ method: 'GET', url: '/api/v1/countries' });
    expect(italian.json()).toContainEqual({ iso2: 'DE', name: 'Germania' });
    const english = await context.app.inject({
      method: 'GET',
      url: '/api/v1/countries',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toContainEqual({ iso2: 'DE', name: 'Germany' });
    // Italy's provinces and comuni are ISTAT's (italian-places.test.ts covers them).
    const states = await context.app.inject({ method: 'GET', url: '/api/v1/countries/IT/states' });
    expect(states.json()).toContainEqual({ iso2: 'MI', name: 'Milano' });
    const cities = await context.app.inject({ method: 'GET', url: '/api/v1/countries/IT/states/MI/cities' });
    expect(cities.json()).toContainEqual({ iso2: 'Milano', name: 'Milano' });
  });

  it('answers 404 for an unknown country or state', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/countries/ZZ/states' })).statusCode).toBe(
      404,
    );
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/v1/countries/IT/states/NOPE/cities' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists enabled brands only', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/brands' });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });
});
