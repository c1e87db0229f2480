import { INVITATIONS_PER_HOUR, PENDING_INVITATIONS_MAX } from '@carta/contract/members';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clubInvitations, clubMembers } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { seedMember, seedOwnerWithClub } from './fixtures.ts';
import { canonicalTestPhone, present, seedOwner, uniqueAddress, uniquePhone, useTestApp } from './helpers.ts';

// Invitations to join a club, from the owner's invite to the invitee's answer (docs/product.md, Staff and
// roles). The members, roles, removals and handing over are in members.test.ts.

describe('invitations to a club', () => {
  const context = useTestApp();

  const asAccount = (authorization: string) => ({
    post: (url: string, payload?: object) =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { authorization },
        ...(payload ? { payload } : {}),
      }),
    get: (url: string) =>
      context.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } }),
  });
  const preview = (token: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/preview',
      remoteAddress: uniqueAddress(),
      payload: { token },
    });
  /** The token of the last invitation emailed to `email`: the link's last segment. */
  const emailedToken = (email: string) => {
    const mail = present(
      context.mailer.sent.findLast((message) => message.to === email),
      `an invitation to ${email}`,
    );
    return present(mail.link?.split('/invitations/')[1], 'a token in the link');
  };
  const auditOf = async (clubId: number) =>
    context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'club'), eq(auditLog.targetId, clubId)))
      .orderBy(desc(auditLog.id));

  it('emails an invitation in the inviter’s language, lists it, and joins the club by its link', async () => {
    const { owner, club, call } = await seedOwnerWithClub(context, { accountLanguage: 'en' });
    const email = `Waiter.${uniquePhone()}@Example.com`;
    const invited = await call('POST', '/invitations', { email, role: 'staff' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, phone: null, role: 'staff' });
    const mail = present(
      context.mailer.sent.findLast((message) => message.to === email),
      'the email',
    );
    expect(mail.subject).toBe(`Giulia Rossi invites you to ${club.name} on Carta`);
    expect(mail.text).toContain('as staff');
    const token = emailedToken(email);
    const stored = await context.database.db
      .select()
      .from(clubInvitations)
      .where(eq(clubInvitations.id, invited.json().id));
    expect(stored[0]?.tokenHash).toBe(hashToken(token));

    const listed = (await call('GET', '/members')).json();
    expect(listed.members.map((member: { role: string }) => member.role)).toEqual(['owner']);
    expect(listed.invitations.map((invitation: { id: number }) => invitation.id)).toEqual([
      invited.json().id,
    ]);
    expect((await preview(token)).json()).toMatchObject({
      clubName: club.name,
      role: 'staff',
      status: 'pending',
      email,
    });

    const invitee = await seedOwner(context.database);
    const accepted = await asAccount(invitee.authorization).post('/invitations/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ clubId: club.id, role: 'staff' });
    const clubs = (await asAccount(invitee.authorization).get('/clubs')).json();
    expect(clubs.map((entry: { id: number; role: string }) => [entry.id, entry.role])).toEqual([
      [club.id, 'staff'],
    ]);
    expect((await asAccount(invitee.authorization).get(`/clubs/${club.id}`)).json().role).toBe('staff');
    expect((await call('GET', '')).json().role).toBe('owner');

    // Used once: the link answers 410, the preview says so, the owner's list has the new member.
    const again = await asAccount((await seedOwner(context.database)).authorization).post(
      '/invitations/accept',
      {
        token,
      },
    );
    expect([again.statusCode, again.json().code]).toEqual([410, 'INVITATION_USED']);
    expect((await preview(token)).json().status).toBe('accepted');
    const after = (await call('GET', '/members')).json();
    expect(after.members.map((member: { accountId: number }) => member.accountId)).toEqual([
      owner.account.id,
      invitee.account.id,
    ]);
    expect(after.invitations).toEqual([]);
    expect((await auditOf(club.id)).map((row) => [row.action, row.actorAccountId])).toEqual([
      ['member.joined', invitee.account.id],
      ['member.invited', owner.account.id],
    ]);
  });

  it('shows a phone-only invitation in the app of the account with that phone, to accept or decline', async () => {
    const { club, call } = await seedOwnerWithClub(context);
    const invitee = await seedOwner(context.database);
    const sentBefore = context.mailer.sent.length;
    const first = (
      await call('POST', '/invitations', { phone: invitee.account.phone, role: 'manager' })
    ).json();
    expect(context.mailer.sent.length).toBe(sentBefore);

    const other = await seedOwnerWithClub(context);
    const second = (
      await other.call('POST', '/invitations', { phone: invitee.account.phone, role: 'staff' })
    ).json();
    const mine = (await asAccount(invitee.authorization).get('/invitations')).json();
    expect(
      mine.invitations.map((invitation: { id: number; clubName: string; invitedBy: string }) => invitation),
    ).toEqual([
      expect.objectContaining({
        id: first.id,
        clubId: club.id,
        clubName: club.name,
        role: 'manager',
        invitedBy: 'Giulia Rossi',
      }),
      expect.objectContaining({ id: second.id, clubId: other.club.id }),
    ]);
    // Addressed to someone else: not theirs to accept or decline.
    const stranger = asAccount((await seedOwner(context.database)).authorization);
    expect((await stranger.post(`/invitations/${first.id}/accept`)).statusCode).toBe(404);
    expect((await stranger.post(`/invitations/${first.id}/decline`)).statusCode).toBe(404);

    const me = asAccount(invitee.authorization);
    expect((await me.post(`/invitations/${first.id}/accept`)).json()).toEqual({
      clubId: club.id,
      role: 'manager',
    });
    expect((await me.post(`/invitations/${second.id}/decline`)).statusCode).toBe(204);
    expect((await me.get('/invitations')).json().invitations).toEqual([]);
    const declined = await me.post(`/invitations/${second.id}/accept`);
    expect([declined.statusCode, declined.json().code]).toEqual([410, 'INVITATION_WITHDRAWN']);
    expect((await other.call('GET', '/members')).json().invitations).toEqual([]);
    expect((await auditOf(other.club.id))[0]?.action).toBe('member.invitation_declined');
  });

  it('stops a withdrawn or expired invitation, and a new invite to the same contact replaces the old', async () => {
    const { club, call } = await seedOwnerWithClub(context);
    const email = `bar.${uniquePhone()}@example.com`;
    const first = (await call('POST', '/invitations', { email, role: 'staff' })).json();
    const firstToken = emailedToken(email);
    const second = (
      await call('POST', '/invitations', { email: email.toUpperCase(), role: 'manager' })
    ).json();
    expect((await preview(firstToken)).json().status).toBe('withdrawn');
    expect((await call('GET', '/members')).json().invitations.map((row: { id: number }) => row.id)).toEqual([
      second.id,
    ]);

    expect((await call('DELETE', `/invitations/${second.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/invitations/${second.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/invitations/${first.id}`)).statusCode).toBe(404);
    const invitee = asAccount((await seedOwner(context.database)).authorization);
    const withdrawn = await invitee.post('/invitations/accept', { token: emailedToken(email) });
    expect([withdrawn.statusCode, withdrawn.json().code]).toEqual([410, 'INVITATION_WITHDRAWN']);

    const third = (await call('POST', '/invitations', { email: `late.${email}`, role: 'staff' })).json();
    await context.database.db
      .update(clubInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clubInvitations.id, third.id));
    const lateToken = emailedToken(`late.${email}`);
    expect((await preview(lateToken)).json().status).toBe('expired');
    const expired = await invitee.post('/invitations/accept', { token: lateToken });
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'INVITATION_EXPIRED']);
    expect((await preview('no-such-token')).statusCode).toBe(404);
    expect((await auditOf(club.id)).map((row) => row.action)).toEqual([
      'member.invited',
      'member.invitation_withdrawn',
      'member.invited',
      'member.invited',
    ]);
  });

  it('refuses inviting the club’s own people, on the field that names them, and changes nothing', async () => {
    const { owner, club, call } = await seedOwnerWithClub(context);
    const member = await seedMember(context, club.id, 'staff');
    const byEmail = await call('POST', '/invitations', {
      email: member.account.email.toUpperCase(),
      role: 'manager',
    });
    expect([byEmail.statusCode, byEmail.json().code, byEmail.json().issues[0].path]).toEqual([
      409,
      'ALREADY_MEMBER',
      'body.email',
    ]);
    const byPhone = await call('POST', '/invitations', { phone: owner.account.phone, role: 'staff' });
    expect([byPhone.statusCode, byPhone.json().issues[0].path]).toEqual([409, 'body.phone']);
    const neither = await call('POST', '/invitations', { email: '', role: 'staff' });
    expect([neither.statusCode, neither.json().issues[0].key]).toEqual([400, 'validation.emailOrPhone']);
    expect((await call('GET', '/members')).json().invitations).toEqual([]);
    expect(await auditOf(club.id)).toEqual([]);
    // Already in the club: accepting another invitation to it is refused, and the invitation stays.
    const extra = (
      await call('POST', '/invitations', { phone: canonicalTestPhone(uniquePhone()), role: 'staff' })
    ).json();
    await context.database.db
      .update(clubInvitations)
      .set({ phone: member.account.phone })
      .where(eq(clubInvitations.id, extra.id));
    const twice = await asAccount(member.authorization).post(`/invitations/${extra.id}/accept`);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ALREADY_MEMBER']);
    const rows = await context.database.db.select().from(clubMembers).where(eq(clubMembers.clubId, club.id));
    expect(rows.map((row) => row.role)).toEqual(['staff']);
  });

  it('limits invitations per hour and those waiting at once', async () => {
    const { club, call } = await seedOwnerWithClub(context);
    for (let index = 0; index < INVITATIONS_PER_HOUR; index += 1)
      expect(
        (await call('POST', '/invitations', { email: `p${index}.${club.id}@example.com`, role: 'staff' }))
          .statusCode,
      ).toBe(201);
    const tooFast = await call('POST', '/invitations', {
      email: `late.${club.id}@example.com`,
      role: 'staff',
    });
    expect([tooFast.statusCode, tooFast.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(tooFast.headers['retry-after'])).toBeGreaterThan(3000);

    // An hour later the waiting ones count: PENDING_INVITATIONS_MAX at once.
    await context.database.db
      .update(clubInvitations)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(clubInvitations.clubId, club.id));
    for (let index = INVITATIONS_PER_HOUR; index < PENDING_INVITATIONS_MAX; index += 1)
      await context.database.db.insert(clubInvitations).values({
        clubId: club.id,
        email: `p${index}.${club.id}@example.com`,
        role: 'staff',
        tokenHash: hashToken(`${club.id}-${index}`),
        expiresAt: new Date(Date.now() + 60_000),
        createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
      });
    const tooMany = await call('POST', '/invitations', {
      email: `late.${club.id}@example.com`,
      role: 'staff',
    });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([409, 'TOO_MANY_INVITATIONS']);
  });
});
