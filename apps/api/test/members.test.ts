import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, clubMembers, clubs } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { ONE_DISH_DINNER, seedMember, seedOwnerWithClub } from './fixtures.ts';
import {
  confirmSignUp,
  present,
  seedOwner,
  serverSentEvents,
  uniqueAddress,
  uniquePhone,
  useTestApp,
} from './helpers.ts';

// A club's people once they are in (docs/product.md, Staff and roles): roles, removal and leaving, handing
// the club over, who may call the members routes, and a sign-up made from an invitation link.

const PASSWORD = 'Tavolo7$Blu';

describe('members of a club', () => {
  const context = useTestApp();

  const auditOf = async (clubId: number) =>
    context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'club'), eq(auditLog.targetId, clubId)))
      .orderBy(desc(auditLog.id));
  const rolesOf = async (clubId: number) =>
    (await context.database.db.select().from(clubMembers).where(eq(clubMembers.clubId, clubId)))
      .map((row) => `${row.accountId}:${row.role}`)
      .sort();

  it('changes a role, effective at the next request; the owner’s role is not changed so', async () => {
    const { owner, club, call } = await seedOwnerWithClub(context);
    const manager = await seedMember(context, club.id, 'manager');
    expect((await manager.call('PUT', '/tables', { tables: [{ name: '1' }] })).statusCode).toBe(200);

    const changed = await call('PATCH', `/members/${manager.account.id}`, { role: 'staff' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ accountId: manager.account.id, role: 'staff' });
    const refused = await manager.call('PUT', '/tables', { tables: [{ name: '2' }] });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    expect(refused.json().message).toBe('Il tuo ruolo nel locale non permette questa operazione.');
    expect((await manager.call('GET', '/tables')).statusCode).toBe(200);

    const ownerRole = await call('PATCH', `/members/${owner.account.id}`, { role: 'staff' });
    expect([ownerRole.statusCode, ownerRole.json().code]).toEqual([409, 'OWNER_CANNOT_CHANGE']);
    expect((await call('PATCH', '/members/2147483000', { role: 'staff' })).statusCode).toBe(404);
    const [last] = await auditOf(club.id);
    expect([last?.action, last?.actorAccountId, last?.details]).toEqual([
      'member.role_changed',
      owner.account.id,
      { accountId: manager.account.id, from: 'manager', to: 'staff' },
    ]);
  });

  it('lets staff mark a dish out of stock and back, and keeps company data to the owner', async () => {
    const { club, call } = await seedOwnerWithClub(context);
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    const section = present(menu.sections[0], 'the section');
    const item = present(section.items[0], 'the dish');
    const staff = await seedMember(context, club.id, 'staff');
    const itemPath = `/menu/${menu.id}/sections/${section.id}/items`;
    const soldOut = await staff.call('PATCH', `${itemPath}/${item.id}/stock`, { outOfStock: true });
    expect([soldOut.statusCode, soldOut.json().outOfStock, soldOut.json().name]).toEqual([
      200,
      true,
      'Carbonara',
    ]);
    expect(
      (await staff.call('PATCH', `${itemPath}/${item.id}/stock`, { outOfStock: false })).json().outOfStock,
    ).toBe(false);
    const edit = await staff.call('PUT', itemPath, { id: item.id, name: 'Amatriciana', price: 11 });
    expect([edit.statusCode, edit.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);

    const manager = await seedMember(context, club.id, 'manager');
    const contacts = await manager.call('PATCH', '', { website: 'https://example.com' });
    expect([contacts.statusCode, contacts.json().role]).toEqual([200, 'manager']);
    const company = await manager.call('PATCH', '', {
      website: 'https://example.org',
      companyName: 'Altro srl',
    });
    expect([company.statusCode, company.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    expect((await call('GET', '')).json()).toMatchObject({
      website: 'https://example.com',
      companyName: 'Bar srl',
    });
  });

  it('removes a member or lets one leave, ending their access and their live stream at once', async () => {
    const { owner, club, call } = await seedOwnerWithClub(context, { club: { callWaiterEnabled: true } });
    const waiter = await seedMember(context, club.id, 'staff');
    const other = await seedMember(context, club.id, 'staff');
    const manager = await seedMember(context, club.id, 'manager');

    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/v1/clubs/${club.id}/waiter-calls/events`, {
      headers: { authorization: waiter.authorization },
      signal: controller.signal,
    });
    const events = serverSentEvents(response);
    try {
      expect(await events.next('the first event', 10_000)).toEqual({ event: 'calls', data: { calls: [] } });
      // A member removes only themself.
      const notTheirs = await other.call('DELETE', `/members/${waiter.account.id}`);
      expect([notTheirs.statusCode, notTheirs.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
      expect((await call('DELETE', `/members/${waiter.account.id}`)).statusCode).toBe(204);
      await expect(events.next('the end of the stream', 10_000)).rejects.toThrow('the stream ended');
    } finally {
      controller.abort();
    }
    const next = await waiter.call('GET', '/waiter-calls');
    expect([next.statusCode, next.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('DELETE', `/members/${waiter.account.id}`)).statusCode).toBe(404);

    expect((await other.call('DELETE', `/members/${other.account.id}`)).statusCode).toBe(204);
    expect((await other.call('GET', '')).statusCode).toBe(404);
    const ownerLeaving = await call('DELETE', `/members/${owner.account.id}`);
    expect([ownerLeaving.statusCode, ownerLeaving.json().code]).toEqual([409, 'OWNER_CANNOT_CHANGE']);
    expect(await rolesOf(club.id)).toEqual([`${manager.account.id}:manager`]);
    expect((await auditOf(club.id)).map((row) => [row.action, row.actorAccountId])).toEqual([
      ['member.left', other.account.id],
      ['member.removed', owner.account.id],
    ]);
  });

  it('hands the club over with the owner’s password; a wrong one changes nothing', async () => {
    const { owner, club, call } = await seedOwnerWithClub(context);
    await context.database.db
      .update(accounts)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(accounts.id, owner.account.id));
    const heir = await seedMember(context, club.id, 'staff');

    const wrong = await call('POST', '/ownership', { accountId: heir.account.id, password: 'Sbagliata1$' });
    expect([wrong.statusCode, wrong.json().code, wrong.json().issues[0]]).toEqual([
      400,
      'LOGIN_FAILED',
      expect.objectContaining({ path: 'body.password', key: 'validation.passwordWrong' }),
    ]);
    const stranger = await seedOwner(context.database);
    const notMember = await call('POST', '/ownership', {
      accountId: stranger.account.id,
      password: PASSWORD,
    });
    expect(notMember.statusCode).toBe(404);
    const [unchanged] = await context.database.db.select().from(clubs).where(eq(clubs.id, club.id));
    expect(unchanged?.ownerId).toBe(owner.account.id);
    expect(await rolesOf(club.id)).toEqual([`${heir.account.id}:staff`]);
    expect(await auditOf(club.id)).toEqual([]);

    const handed = await call('POST', '/ownership', { accountId: heir.account.id, password: PASSWORD });
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toEqual({ ownerAccountId: heir.account.id, role: 'manager' });
    expect(await rolesOf(club.id)).toEqual([`${owner.account.id}:manager`]);
    expect((await call('GET', '')).json().role).toBe('manager');
    expect((await call('GET', '/members')).statusCode).toBe(403);
    const members = (await heir.call('GET', '/members')).json().members;
    expect(
      members.map((member: { accountId: number; role: string }) => [member.accountId, member.role]),
    ).toEqual([
      [heir.account.id, 'owner'],
      [owner.account.id, 'manager'],
    ]);
    const [last] = await auditOf(club.id);
    expect([last?.action, last?.details]).toEqual([
      'club.ownership_transferred',
      { from: owner.account.id, to: heir.account.id, formerRole: 'staff' },
    ]);
  });

  it('answers 403 to a manager or staff and 404 to another club’s people on the members routes', async () => {
    const { club, call } = await seedOwnerWithClub(context);
    const manager = await seedMember(context, club.id, 'manager');
    const staff = await seedMember(context, club.id, 'staff');
    const elsewhere = await seedOwnerWithClub(context);
    const outsider = await seedMember(context, elsewhere.club.id, 'manager');
    const requests = [
      ['GET', '/members', undefined],
      ['POST', '/invitations', { email: 'new@example.com', role: 'staff' }],
      ['DELETE', '/invitations/1', undefined],
      ['PATCH', `/members/${staff.account.id}`, { role: 'manager' }],
      ['POST', '/ownership', { accountId: staff.account.id, password: PASSWORD }],
    ] as const;
    for (const [method, path, payload] of requests) {
      for (const member of [manager, staff]) {
        const refused = await member.call(method, path, payload);
        expect([path, refused.statusCode, refused.json().code]).toEqual([path, 403, 'ROLE_NOT_ALLOWED']);
      }
      for (const authorization of [outsider.authorization, elsewhere.owner.authorization]) {
        const hidden = await context.app.inject({
          method,
          url: `/api/v1/clubs/${club.id}${path}`,
          headers: { authorization },
          ...(payload ? { payload } : {}),
        });
        expect([path, hidden.statusCode, hidden.json().code]).toEqual([path, 404, 'NOT_FOUND']);
      }
    }
    expect((await call('GET', '/members')).json().invitations).toEqual([]);
  });

  it('signs up from an invitation link: no club made, the club joined once the first code is confirmed', async () => {
    const { club, call } = await seedOwnerWithClub(context);
    const email = `cameriere.${uniquePhone()}@example.com`;
    await call('POST', '/invitations', { email, role: 'staff' });
    const token = present(
      context.mailer.sent.findLast((message) => message.to === email)?.link,
      'the link',
    ).split('/invitations/')[1];
    const phone = uniquePhone();
    const signUp = (invitationToken: string, phoneOfSignUp = phone) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        remoteAddress: uniqueAddress(),
        payload: {
          name: 'Marco',
          lastName: 'Bianchi',
          email,
          phone: phoneOfSignUp,
          password: PASSWORD,
          passwordTwo: PASSWORD,
          invitationToken,
        },
      });
    const unknown = await signUp('not-a-token');
    expect(unknown.statusCode).toBe(404);
    const created = await signUp(present(token, 'the token'));
    expect(created.statusCode).toBe(201);
    const [account] = await context.database.db.select().from(accounts).where(eq(accounts.email, email));
    const accountId = present(account, 'the new account').id;
    expect(await context.database.db.select().from(clubs).where(eq(clubs.ownerId, accountId))).toEqual([]);
    expect(await rolesOf(club.id)).toEqual([]);

    const secret = created.json().enrolment.secret;
    const mailsBefore = context.mailer.sent.length;
    await confirmSignUp(context.app, { username: phone, password: PASSWORD, secret });
    expect(await rolesOf(club.id)).toEqual([`${accountId}:staff`]);
    // The link proved the mailbox: no activation email, and the login works at once.
    expect(context.mailer.sent.length).toBe(mailsBefore);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: uniqueAddress(),
      payload: { username: phone, password: PASSWORD, totp: generateTotp(secret) },
    });
    expect(login.statusCode).toBe(200);
    const clubsOfInvitee = await context.app.inject({
      method: 'GET',
      url: '/api/v1/clubs',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(
      clubsOfInvitee.json().map((entry: { id: number; role: string }) => [entry.id, entry.role]),
    ).toEqual([[club.id, 'staff']]);
    expect((await auditOf(club.id))[0]).toMatchObject({ action: 'member.joined', actorAccountId: accountId });
    // Used by the sign-up: a second one with the same link makes nothing.
    const reused = await signUp(present(token, 'the token'), uniquePhone());
    expect([reused.statusCode, reused.json().code]).toEqual([410, 'INVITATION_USED']);
  });
});
