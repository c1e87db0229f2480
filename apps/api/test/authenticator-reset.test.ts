// Over 300 lines and kept one file: every case starts from `owner()` (a signed-up, activated account) and
// most from `confirmedRequest` (a reset waiting for support); the walk from request to new authenticator is
// one case of 160 lines.
import { REFUSAL_NOTE_MAX } from '@carta/contract/authenticator';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, authenticatorResets, oneTimeTokens, sessions } from '../src/db/schema.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { hashToken } from '../src/lib/tokens.ts';
import {
  confirmSignUp,
  present,
  seedClub,
  seedOwner,
  uniqueAddress,
  uniquePhone,
  useTestApp,
} from './helpers.ts';

const PASSWORD = 'Tavolo7$Blu';
const STEP_MS = 30_000;

describe('authenticator: first code and reset through support (0051, 0072)', () => {
  const context = useTestApp();
  const english = { 'accept-language': 'en' };

  const post = (url: string, payload: object, options: { address?: string; authorization?: string } = {}) =>
    context.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...english, ...(options.authorization ? { authorization: options.authorization } : {}) },
      remoteAddress: options.address ?? uniqueAddress(),
      payload,
    });

  const linkToken = (link: string | undefined) =>
    present(new URL(present(link, 'a link in the email')).searchParams.get('token'), 'a token in the link');

  /**
   * A signed-up owner, with the phone, secret and account id: unless told, its first code confirmed (which
   * sends the activation email, 0066) and its email confirmed.
   */
  const owner = async ({ activate = true }: { activate?: boolean } = {}) => {
    const phone = `+${uniquePhone()}`;
    const response = await post('/users', {
      name: 'Lucia',
      lastName: 'Verdi',
      email: `lucia.${phone.slice(1)}@example.com`,
      phone,
      password: PASSWORD,
      passwordTwo: PASSWORD,
      language: 'en',
    });
    expect(response.statusCode).toBe(201);
    const secret = response.json().enrolment.secret as string;
    if (activate) {
      await confirmSignUp(context.app, { username: phone, password: PASSWORD, secret });
      const mail = context.mailer.sent.findLast(
        (message) => message.to === `lucia.${phone.slice(1)}@example.com`,
      );
      const activation = await context.app.inject({
        method: 'GET',
        url: `/api/v1/users/activate?token=${linkToken(mail?.link)}`,
      });
      expect(activation.statusCode).toBe(200);
    }
    const [row] = await context.database.db.select().from(accounts).where(eq(accounts.phone, phone));
    return {
      phone,
      secret,
      account: present(row, 'the account'),
      email: `lucia.${phone.slice(1)}@example.com`,
    };
  };

  const lastMailTo = (email: string) => context.mailer.sent.findLast((message) => message.to === email);

  /** Asks for a reset and opens the emailed link: the request then waits for support. */
  const confirmedRequest = async (who: Awaited<ReturnType<typeof owner>>, message = 'Phone stolen') => {
    const asked = await post('/users/authenticator/reset', {
      username: who.phone,
      password: PASSWORD,
      message,
    });
    expect(asked.json()).toEqual({ outcome: 'sent' });
    const mail = lastMailTo(who.email);
    expect(mail?.subject).toBe('Confirm your authenticator reset request');
    const confirmed = await post('/users/authenticator/reset/confirm', { token: linkToken(mail?.link) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ outcome: 'awaiting_support', supportHours: 24 });
    const [reset] = await context.database.db
      .select()
      .from(authenticatorResets)
      .where(eq(authenticatorResets.accountId, who.account.id))
      .orderBy(desc(authenticatorResets.id));
    return present(reset, 'the reset request');
  };

  const auditOf = (accountId: number) =>
    context.database.db
      .select({ action: auditLog.action, actor: auditLog.actorAccountId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'account'), eq(auditLog.targetId, accountId)))
      .orderBy(auditLog.id);

  describe('sign-up: one current code confirms the scanned secret', () => {
    it('accepts the right code before the email is confirmed, once, and says when the code is wrong', async () => {
      const who = await owner({ activate: false });
      const address = uniqueAddress();
      const wrong = await post(
        '/users/totp/confirm',
        { username: who.phone, password: PASSWORD, totp: '000000' },
        { address },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'TOTP_INVALID',
        message: 'The authenticator code is wrong or expired',
        issues: [{ path: 'body.totp' }],
      });
      // A wrong password answers the same: the step gives away nothing about the password.
      const wrongPassword = await post(
        '/users/totp/confirm',
        { username: who.phone, password: 'Wrong7$Password', totp: generateTotp(who.secret) },
        { address },
      );
      expect(wrongPassword.json()).toMatchObject({ code: 'TOTP_INVALID' });
      const code = generateTotp(who.secret);
      const right = await post(
        '/users/totp/confirm',
        { username: who.phone, password: PASSWORD, totp: code },
        {
          address,
        },
      );
      expect(right.statusCode).toBe(200);
      expect(right.json()).toEqual({ outcome: 'confirmed' });
      // The code is used up: it confirms once.
      const again = await post(
        '/users/totp/confirm',
        { username: who.phone, password: PASSWORD, totp: code },
        {
          address,
        },
      );
      expect(again.json()).toMatchObject({ code: 'TOTP_INVALID' });
    });

    it('is rate limited like a login', async () => {
      const who = await owner({ activate: false });
      const address = uniqueAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt++) {
        const response = await post(
          '/users/totp/confirm',
          { username: who.phone, password: PASSWORD, totp: '000000' },
          { address },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('lost authenticator', () => {
    it('goes from request to a new authenticator: email link, support approval, enrolment at login', async () => {
      const who = await owner();
      const admin = await seedOwner(context.database, { isAdmin: true });
      await seedClub(context.database, who.account.id, { name: 'Osteria Lucia' });
      // A session from before the reset ends with the approval.
      const loggedIn = await post('/login', {
        username: who.phone,
        password: PASSWORD,
        totp: generateTotp(who.secret),
      });
      expect(loggedIn.statusCode).toBe(200);

      const reset = await confirmedRequest(who, 'I dropped my phone in the lake');
      expect(reset.status).toBe('awaiting_support');
      expect(reset.emailConfirmedAt).not.toBeNull();
      expect(context.mailer.sent.at(-1)?.subject).toBe(
        'Authenticator reset waiting for support: Lucia Verdi',
      );

      const list = await context.app.inject({
        method: 'GET',
        url: '/api/v1/admin/authenticator-resets',
        headers: { authorization: admin.authorization },
      });
      expect(list.statusCode).toBe(200);
      const listed = list.json().requests.find((request: { id: number }) => request.id === reset.id);
      expect(listed).toMatchObject({
        account: { name: 'Lucia', lastName: 'Verdi', phone: who.phone, email: who.email },
        clubs: ['Osteria Lucia'],
        message: 'I dropped my phone in the lake',
      });

      const approved = await post(
        `/admin/authenticator-resets/${reset.id}/approve`,
        {},
        {
          authorization: admin.authorization,
        },
      );
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toEqual({ id: reset.id, status: 'approved' });
      expect(lastMailTo(who.email)?.subject).toBe('Your authenticator has been reset');
      const [cleared] = await context.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, who.account.id));
      expect(cleared?.totpSecret).toBeNull();
      const liveSessions = await context.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.accountId, who.account.id));
      expect(liveSessions.every((session) => session.revokedAt !== null)).toBe(true);
      // Decided once: a second decision is refused.
      const twice = await post(
        `/admin/authenticator-resets/${reset.id}/refuse`,
        {},
        {
          authorization: admin.authorization,
        },
      );
      expect(twice.statusCode).toBe(409);

      // The old code no longer logs in; the right password leads to enrolment, with or without a code.
      const address = uniqueAddress();
      const oldCode = await post(
        '/login',
        { username: who.phone, password: PASSWORD, totp: generateTotp(who.secret, Date.now() + STEP_MS) },
        { address },
      );
      expect(oldCode.statusCode).toBe(403);
      expect(oldCode.json().code).toBe('AUTHENTICATOR_ENROLMENT_REQUIRED');
      const noCode = await post('/login', { username: who.phone, password: PASSWORD, totp: '' }, { address });
      expect(noCode.json().code).toBe('AUTHENTICATOR_ENROLMENT_REQUIRED');
      const wrongPassword = await post(
        '/login',
        { username: who.phone, password: 'Wrong7$Pass' },
        { address },
      );
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json().issues).toMatchObject([{ path: 'body.totp' }]);

      const started = await post(
        '/users/totp/enrolment',
        { username: who.phone, password: PASSWORD },
        {
          address,
        },
      );
      expect(started.statusCode).toBe(200);
      const { enrolment, enrolmentToken } = started.json();
      expect(enrolment.secret).not.toBe(who.secret);
      // Nothing saved until the first code is right.
      const wrongCode = await post(
        '/users/totp/enrolment/confirm',
        { username: who.phone, password: PASSWORD, enrolmentToken, totp: '000000' },
        { address },
      );
      expect(wrongCode.json().code).toBe('TOTP_INVALID');
      const forged = await post(
        '/users/totp/enrolment/confirm',
        {
          username: who.phone,
          password: PASSWORD,
          enrolmentToken: 'v1.a.b.c',
          totp: generateTotp(enrolment.secret),
        },
        { address },
      );
      expect(forged.json().code).toBe('AUTHENTICATOR_ENROLMENT_EXPIRED');
      const finished = await post(
        '/users/totp/enrolment/confirm',
        { username: who.phone, password: PASSWORD, enrolmentToken, totp: generateTotp(enrolment.secret) },
        { address },
      );
      expect(finished.statusCode).toBe(200);
      expect(finished.json()).toMatchObject({ token: expect.any(String), admin: false });
      const me = await context.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${finished.json().token}` },
      });
      expect(me.json().phone).toBe(who.phone);

      // From now on the new authenticator logs in and the old one does not.
      const withNew = await post(
        '/login',
        {
          username: who.phone,
          password: PASSWORD,
          totp: generateTotp(enrolment.secret, Date.now() + STEP_MS),
        },
        { address },
      );
      expect(withNew.statusCode).toBe(200);
      const withOld = await post(
        '/login',
        { username: who.phone, password: PASSWORD, totp: generateTotp(who.secret, Date.now() + 2 * STEP_MS) },
        { address },
      );
      expect(withOld.statusCode).toBe(401);
      // The same sealed secret cannot enrol again once one is saved.
      const replay = await post(
        '/users/totp/enrolment/confirm',
        { username: who.phone, password: PASSWORD, enrolmentToken, totp: generateTotp(enrolment.secret) },
        { address },
      );
      expect(replay.statusCode).toBe(401);

      const [done] = await context.database.db
        .select()
        .from(authenticatorResets)
        .where(eq(authenticatorResets.id, reset.id));
      expect(done).toMatchObject({ status: 'completed', decidedBy: admin.account.id });
      expect(done?.completedAt).not.toBeNull();
      expect(await auditOf(who.account.id)).toEqual([
        { action: 'authenticator_reset.requested', actor: who.account.id },
        { action: 'authenticator_reset.approved', actor: admin.account.id },
        { action: 'authenticator_reset.completed', actor: who.account.id },
      ]);
    });

    it('answers the same to a wrong password and sends nothing', async () => {
      const who = await owner();
      const before = context.mailer.sent.length;
      const wrong = await post('/users/authenticator/reset', {
        username: who.phone,
        password: 'Wrong7$Pass',
      });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json()).toEqual({ outcome: 'sent' });
      const nobody = await post('/users/authenticator/reset', {
        username: `+${uniquePhone()}`,
        password: PASSWORD,
      });
      expect(nobody.json()).toEqual({ outcome: 'sent' });
      expect(context.mailer.sent.length).toBe(before);
      const rows = await context.database.db
        .select()
        .from(authenticatorResets)
        .where(eq(authenticatorResets.accountId, who.account.id));
      expect(rows).toEqual([]);
    });

    it('refuses a used or expired link, and an earlier link once a new request is made', async () => {
      const who = await owner();
      await post('/users/authenticator/reset', { username: who.phone, password: PASSWORD, message: '' });
      const first = linkToken(lastMailTo(who.email)?.link);
      await post('/users/authenticator/reset', { username: who.phone, password: PASSWORD });
      const second = linkToken(lastMailTo(who.email)?.link);
      const stale = await post('/users/authenticator/reset/confirm', { token: first });
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toMatchObject({ code: 'RESET_LINK_INVALID' });
      // An expired link does not work either.
      await context.database.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.tokenHash, hashToken(second)));
      expect((await post('/users/authenticator/reset/confirm', { token: second })).json().code).toBe(
        'RESET_LINK_INVALID',
      );
      await post('/users/authenticator/reset', { username: who.phone, password: PASSWORD });
      const third = linkToken(lastMailTo(who.email)?.link);
      expect((await post('/users/authenticator/reset/confirm', { token: third })).statusCode).toBe(200);
      expect((await post('/users/authenticator/reset/confirm', { token: third })).statusCode).toBe(400);
      // One request per account for support: the unconfirmed ones are gone.
      const rows = await context.database.db
        .select({ status: authenticatorResets.status })
        .from(authenticatorResets)
        .where(eq(authenticatorResets.accountId, who.account.id));
      expect(rows).toEqual([{ status: 'awaiting_support' }]);
    });

    it('lets only admins see and decide requests; a refusal changes nothing and tells the owner', async () => {
      const who = await owner();
      const someone = await seedOwner(context.database);
      const admin = await seedOwner(context.database, { isAdmin: true });
      const reset = await confirmedRequest(who);
      const list = await context.app.inject({
        method: 'GET',
        url: '/api/v1/admin/authenticator-resets',
        headers: { authorization: someone.authorization },
      });
      expect(list.statusCode).toBe(403);
      const approve = await post(
        `/admin/authenticator-resets/${reset.id}/approve`,
        {},
        {
          authorization: someone.authorization,
        },
      );
      expect(approve.statusCode).toBe(403);
      const anonymous = await post(`/admin/authenticator-resets/${reset.id}/approve`, {});
      expect(anonymous.statusCode).toBe(401);
      expect(
        (await post('/admin/authenticator-resets/999999/approve', {}, { authorization: admin.authorization }))
          .statusCode,
      ).toBe(404);

      // A note longer than the limit is refused with the field's message, and decides nothing.
      const tooLong = await post(
        `/admin/authenticator-resets/${reset.id}/refuse`,
        { note: 'x'.repeat(REFUSAL_NOTE_MAX + 1) },
        { authorization: admin.authorization },
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().issues).toEqual([
        expect.objectContaining({ path: 'body.note', message: `At most ${REFUSAL_NOTE_MAX} characters` }),
      ]);

      const note = 'The phone number on the account does not match the one you called from.';
      const refused = await post(
        `/admin/authenticator-resets/${reset.id}/refuse`,
        { note },
        { authorization: admin.authorization },
      );
      expect(refused.json()).toEqual({ id: reset.id, status: 'refused' });
      const refusal = lastMailTo(who.email);
      expect(refusal?.subject).toBe('About your authenticator reset request');
      expect(refusal?.text).toContain(`Our support team adds: “${note}”`);
      const [audited] = await context.database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, 'authenticator_reset.refused'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audited?.details).toMatchObject({ resetId: reset.id, note });
      const [account] = await context.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, who.account.id));
      expect(account?.totpSecret).toBe(who.account.totpSecret);
      const login = await post('/login', {
        username: who.phone,
        password: PASSWORD,
        totp: generateTotp(who.secret),
      });
      expect(login.statusCode).toBe(200);
      expect((await auditOf(who.account.id)).map((entry) => entry.action)).toEqual([
        'authenticator_reset.requested',
        'authenticator_reset.refused',
      ]);
      // Gone from the list once decided.
      const after = await context.app.inject({
        method: 'GET',
        url: '/api/v1/admin/authenticator-resets',
        headers: { authorization: admin.authorization },
      });
      expect(after.json().requests.map((request: { id: number }) => request.id)).not.toContain(reset.id);
    });

    it('is rate limited per phone like a password recovery', async () => {
      const who = await owner();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        statuses.push(
          (await post('/users/authenticator/reset', { username: who.phone, password: PASSWORD })).statusCode,
        );
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('writes the email in the language of the account', async () => {
      const who = await owner();
      await context.database.db
        .update(accounts)
        .set({ language: 'it' })
        .where(eq(accounts.id, who.account.id));
      await post('/users/authenticator/reset', { username: who.phone, password: PASSWORD });
      expect(lastMailTo(who.email)?.subject).toBe('Conferma la richiesta di reset dell’autenticatore');
    });
  });
});
