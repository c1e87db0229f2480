// Over 300 lines and kept one file: every case walks the same wizard sign-up (`signUp`, `confirm`, `login`,
// `phoneCheck` below) through the life of a sign-up: before its first code, replaced, confirmed, swept.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, addresses, clubs } from '../src/db/schema.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import {
  sweepUnconfirmedSignUps,
  UNCONFIRMED_SIGN_UP_MAX_AGE_MS,
} from '../src/features/accounts/unconfirmed-sign-ups.ts';
import { canonicalTestPhone, present, seedOwner, uniqueAddress, uniquePhone, useTestApp } from './helpers.ts';

// A sign-up counts only once its authenticator's first code is confirmed (docs/decisions/0066).

const PASSWORD = 'Tavolo7$Blu';
const STEP_MS = 30_000;
const english = { 'accept-language': 'en' };

describe('a sign-up confirmed by its first authenticator code', () => {
  const context = useTestApp();

  const clubBody = (name: string) => ({
    name,
    seats: 45,
    address: { country: 'IT', line1: 'Via del Ponte 3', postalCode: '37121', city: 'Verona', state: 'VR' },
    brandId: null,
    companyName: 'Ponte srl',
    vatNumber: 'IT00743110157',
  });

  /** The wizard's POST /clubs without a token: account and club together. */
  const signUp = async (phone: string, { clubName = `Osteria ${phone.slice(-6)}`, email = '' } = {}) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      headers: english,
      remoteAddress: uniqueAddress(),
      payload: {
        club: clubBody(clubName),
        account: {
          name: 'Paolo',
          lastName: 'Neri',
          email: email || `paolo.${phone}@example.com`,
          phone,
          password: PASSWORD,
          passwordTwo: PASSWORD,
          language: 'en',
        },
      },
    });
    return { response, clubName, email: email || `paolo.${phone}@example.com` };
  };

  const confirm = (phone: string, totp: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/users/totp/confirm',
      headers: english,
      remoteAddress: uniqueAddress(),
      payload: { username: phone, password: PASSWORD, totp },
    });

  const login = (phone: string, totp?: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: english,
      remoteAddress: uniqueAddress(),
      payload: { username: phone, password: PASSWORD, ...(totp === undefined ? {} : { totp }) },
    });

  const phoneCheck = (phone: string, remoteAddress = uniqueAddress()) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/users/phone-check',
      headers: english,
      remoteAddress,
      payload: { phone },
    });

  const mailsTo = (to: string) => context.mailer.sent.filter((message) => message.to === to);
  const operationsMailsAbout = (clubName: string) =>
    context.mailer.sent.filter(
      (message) => message.to === 'operations@carta.local' && message.subject.includes(clubName),
    );
  const linkToken = (link: string | undefined) =>
    present(new URL(present(link, 'a link in the email')).searchParams.get('token'), 'a token in the link');

  const accountOf = async (phone: string) =>
    (
      await context.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.phone, canonicalTestPhone(phone)))
    )[0];

  it("lists a sign-up's club in the admin console only once the first code is confirmed", async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const phone = uniquePhone();
    const { response, clubName } = await signUp(phone);
    const secret = response.json().enrolment.secret as string;
    const listed = async () =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/v1/admin/clubs?search=${encodeURIComponent(clubName)}`,
          headers: { authorization: admin.authorization },
        })
      )
        .json()
        .clubs.map((club: { name: string }) => club.name);
    expect(await listed()).toEqual([]);
    expect((await confirm(phone, generateTotp(secret))).statusCode).toBe(200);
    expect(await listed()).toEqual([clubName]);
  });

  it('emails nobody and refuses the login until the first code is confirmed; then both emails leave once', async () => {
    const phone = uniquePhone();
    const { response, clubName, email } = await signUp(phone);
    expect(response.statusCode).toBe(201);
    const secret = response.json().enrolment.secret as string;

    // Nothing leaves at POST /clubs: neither the activation link nor the operations' request.
    expect(mailsTo(email)).toHaveLength(0);
    expect(operationsMailsAbout(clubName)).toHaveLength(0);

    // The right password and code of a sign-up never finished: refused, saying what to do.
    const early = await login(phone, generateTotp(secret));
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      code: 'SIGN_UP_NOT_FINISHED',
      message: 'The sign-up with this phone was never finished: sign up again to set up your authenticator',
    });
    // A wrong password learns nothing more than about any phone.
    const wrong = await context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: english,
      remoteAddress: uniqueAddress(),
      payload: { username: phone, password: 'Tavolo7$Ross', totp: generateTotp(secret) },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('LOGIN_FAILED');

    // A wrong code confirms nothing and sends nothing.
    const wrongCode = await confirm(phone, generateTotp(secret, Date.now() + 10 * STEP_MS));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('TOTP_INVALID');
    expect(mailsTo(email)).toHaveLength(0);
    expect((await accountOf(phone))?.authenticatorConfirmedAt).toBeNull();

    const confirmed = await confirm(phone, generateTotp(secret, Date.now() - STEP_MS));
    expect(confirmed.json()).toEqual({ outcome: 'confirmed' });
    expect(mailsTo(email).map((message) => message.subject)).toEqual(['Confirm your Carta account']);
    const operations = operationsMailsAbout(clubName);
    expect(operations).toHaveLength(1);

    // A later code checks again but sends nothing twice.
    expect((await confirm(phone, generateTotp(secret))).json()).toEqual({ outcome: 'confirmed' });
    expect(mailsTo(email)).toHaveLength(1);
    expect(operationsMailsAbout(clubName)).toHaveLength(1);

    // Confirmed, the account waits for its email like any other, then logs in.
    const notActivated = await login(phone, generateTotp(secret, Date.now() + STEP_MS));
    expect(notActivated.statusCode).toBe(403);
    expect(notActivated.json().code).toBe('ACCOUNT_NOT_ACTIVATED');
    const activation = await context.app.inject({
      method: 'GET',
      url: `/api/v1/users/activate?token=${linkToken(mailsTo(email)[0]?.link)}`,
    });
    expect(activation.json()).toEqual({ outcome: 'activated' });
    const loggedIn = await login(phone, generateTotp(secret, Date.now() + STEP_MS));
    expect(loggedIn.statusCode).toBe(200);

    // The operations' link activates the club made at sign-up.
    const clubActivation = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs/activate',
      payload: { token: linkToken(operations[0]?.link) },
    });
    expect(clubActivation.json()).toMatchObject({
      outcome: 'activated',
      clubId: response.json().clubId,
    });
  });

  it('refuses a login without a code, the resend and the recovery of a sign-up never finished', async () => {
    const phone = uniquePhone();
    const { response, email } = await signUp(phone);
    expect(response.statusCode).toBe(201);

    const noCode = await login(phone);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json().code).toBe('SIGN_UP_NOT_FINISHED');

    const resend = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/activate/resend',
      remoteAddress: uniqueAddress(),
      payload: { username: phone, password: PASSWORD },
    });
    expect(resend.statusCode).toBe(403);
    expect(resend.json().code).toBe('SIGN_UP_NOT_FINISHED');

    // No reset link makes it usable: at recovery, as at sign-up, the phone is free.
    const recovery = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/recovery',
      headers: english,
      remoteAddress: uniqueAddress(),
      payload: { phone },
    });
    expect(recovery.statusCode).toBe(404);
    expect(recovery.json().code).toBe('ACCOUNT_NOT_FOUND');

    // Nor does asking support to reset an authenticator never confirmed.
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticator/reset',
      remoteAddress: uniqueAddress(),
      payload: { username: phone, password: PASSWORD, message: null },
    });
    expect(reset.json()).toEqual({ outcome: 'sent' });
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('lets the same phone sign up again while unconfirmed: the new sign-up replaces the old one and its club', async () => {
    const phone = uniquePhone();
    const first = await signUp(phone, { clubName: `Vecchia ${phone.slice(-6)}` });
    expect(first.response.statusCode).toBe(201);
    const oldAccount = present(await accountOf(phone), 'the first account');
    const [oldClub] = await context.database.db
      .select()
      .from(clubs)
      .where(eq(clubs.id, first.response.json().clubId));
    const oldClubRow = present(oldClub, 'the first club');

    // Written in another form: one number.
    const again = await signUp(`+${phone.slice(0, 2)} ${phone.slice(2)}`, {
      clubName: `Nuova ${phone.slice(-6)}`,
      email: `nuovo.${phone}@example.com`,
    });
    expect(again.response.statusCode).toBe(201);
    const newSecret = again.response.json().enrolment.secret as string;
    expect(newSecret).not.toBe(first.response.json().enrolment.secret);

    const holders = await context.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.phone, canonicalTestPhone(phone)));
    expect(holders).toHaveLength(1);
    expect(holders[0]?.id).not.toBe(oldAccount.id);
    expect(holders[0]?.email).toBe(`nuovo.${phone}@example.com`);
    // The old club and its address went with the old account.
    expect(await context.database.db.select().from(clubs).where(eq(clubs.id, oldClubRow.id))).toHaveLength(0);
    expect(
      await context.database.db
        .select()
        .from(addresses)
        .where(inArray(addresses.id, [oldClubRow.addressId])),
    ).toHaveLength(0);

    // The old secret is worth nothing; the new one confirms, and only the new club is asked for.
    expect((await confirm(phone, generateTotp(first.response.json().enrolment.secret))).statusCode).toBe(400);
    expect((await confirm(phone, generateTotp(newSecret))).json()).toEqual({ outcome: 'confirmed' });
    expect(operationsMailsAbout(again.clubName)).toHaveLength(1);
    expect(operationsMailsAbout(first.clubName)).toHaveLength(0);
    expect(mailsTo(first.email)).toHaveLength(0);
    expect(mailsTo(again.email)).toHaveLength(1);
  });

  it('refuses the phone of a confirmed account with PHONE_TAKEN, at POST /clubs and at POST /users', async () => {
    const phone = uniquePhone();
    const first = await signUp(phone);
    expect((await confirm(phone, generateTotp(first.response.json().enrolment.secret))).json()).toEqual({
      outcome: 'confirmed',
    });
    const before = present(await accountOf(phone), 'the confirmed account');

    const again = await signUp(phone);
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json()).toMatchObject({
      code: 'PHONE_TAKEN',
      message: 'An account with this phone already exists, contact the provider',
    });
    const user = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      remoteAddress: uniqueAddress(),
      payload: {
        name: 'A',
        lastName: 'B',
        email: `a.${phone}@example.com`,
        phone,
        password: PASSWORD,
        passwordTwo: PASSWORD,
      },
    });
    expect(user.statusCode).toBe(409);
    expect(user.json().code).toBe('PHONE_TAKEN');
    expect((await accountOf(phone))?.id).toBe(before.id);
  });

  it('confirms an account made by POST /users the same way: its activation email waits for the code', async () => {
    const phone = uniquePhone();
    const email = `sola.${phone}@example.com`;
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      remoteAddress: uniqueAddress(),
      payload: {
        name: 'Sola',
        lastName: 'Persona',
        email,
        phone,
        password: PASSWORD,
        passwordTwo: PASSWORD,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(mailsTo(email)).toHaveLength(0);
    expect((await confirm(phone, generateTotp(created.json().enrolment.secret))).statusCode).toBe(200);
    expect(mailsTo(email).map((message) => message.subject)).toEqual(['Conferma il tuo account Carta']);
  });

  it('answers the phone check: free, held by a sign-up never confirmed, held by a confirmed account', async () => {
    const free = uniquePhone();
    expect((await phoneCheck(free)).json()).toEqual({ available: true });

    const pending = uniquePhone();
    const signedUp = await signUp(pending);
    expect((await phoneCheck(pending)).json()).toEqual({ available: true });
    await confirm(pending, generateTotp(signedUp.response.json().enrolment.secret));
    // Taken, whatever form it is typed in.
    expect((await phoneCheck(pending)).json()).toEqual({ available: false });
    expect((await phoneCheck(`+${pending.slice(0, 2)} ${pending.slice(2)}`)).json()).toEqual({
      available: false,
    });
    // Accounts made any other way (scripts, seeds) count as confirmed.
    const seeded = await seedOwner(context.database);
    expect((await phoneCheck(seeded.account.phone)).json()).toEqual({ available: false });

    const invalid = await phoneCheck('12345');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues[0]).toMatchObject({ path: 'body.phone' });
  });

  it('limits the phone checks of one address, like sign-ups', async () => {
    const address = uniqueAddress();
    // SIGN_UPS_PER_HOUR is 5 by default: twenty checks an hour.
    for (let check = 0; check < 20; check++)
      expect((await phoneCheck(uniquePhone(), address)).statusCode).toBe(200);
    const refused = await phoneCheck(uniquePhone(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sweeps sign-ups never confirmed after a day, and leaves confirmed and recent ones', async () => {
    const stale = uniquePhone();
    const recent = uniquePhone();
    const finished = uniquePhone();
    const staleSignUp = await signUp(stale);
    await signUp(recent);
    const finishedSignUp = await signUp(finished);
    await confirm(finished, generateTotp(finishedSignUp.response.json().enrolment.secret));
    const dayAgo = new Date(Date.now() - UNCONFIRMED_SIGN_UP_MAX_AGE_MS - 60_000);
    for (const phone of [stale, finished])
      await context.database.db
        .update(accounts)
        .set({ createdAt: dayAgo })
        .where(eq(accounts.phone, canonicalTestPhone(phone)));

    expect(await sweepUnconfirmedSignUps(context.database.db)).toBeGreaterThanOrEqual(1);
    expect(await accountOf(stale)).toBeUndefined();
    expect(
      await context.database.db.select().from(clubs).where(eq(clubs.id, staleSignUp.response.json().clubId)),
    ).toHaveLength(0);
    expect(await accountOf(recent)).toBeDefined();
    expect(await accountOf(finished)).toBeDefined();
  });
});
