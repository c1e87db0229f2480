import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { accountDelaySeconds } from '../src/features/accounts/attempts.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { accountSteps, PASSWORD, STEP_MS, WRONG, withClock } from './account-fixtures.ts';
import { uniqueAddress, uniquePhone, useTestApp } from './helpers.ts';

// Logging in and out, and the limits on failed logins per account and per address
// (docs/decisions/0036-throttling.md).

describe('accounts: login and logout', () => {
  const context = useTestApp();
  const { activeOwner, login, loginFrom } = accountSteps(context);

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
});
