import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeTokens } from '../src/db/schema.ts';
import { accountDelaySeconds } from '../src/features/accounts/attempts.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { hashToken } from '../src/lib/tokens.ts';
import {
  accountSteps,
  addressOf,
  english,
  linkToken,
  PASSWORD,
  STEP_MS,
  WRONG,
  withClock,
} from './account-fixtures.ts';
import { uniqueAddress, uniquePhone, useTestApp } from './helpers.ts';

// A forgotten password: the emailed reset link, what a reset ends (sessions, counted failures) and what it
// keeps (the authenticator).

describe('accounts: password recovery', () => {
  const context = useTestApp();
  const { activeOwner, login, loginFrom } = accountSteps(context);

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
});
