import { and, desc, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, brands, clubMessages, clubs, subscriptions } from '../src/db/schema.ts';
import { seedClub, seedOwner, useTestApp } from './helpers.ts';

describe('admin API', () => {
  const context = useTestApp();

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    authorization: string,
    payload?: object,
  ) =>
    context.app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: { authorization, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  const lastAudit = async () =>
    (await context.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it('lists waiting clubs first, searches and pages', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const tag = `Zq${Date.now()}`;
    const waiting = await seedClub(context.database, owner.account.id, {
      status: 'pending',
      name: `${tag} Waiting`,
    });
    await seedClub(context.database, owner.account.id, { status: 'active', name: `${tag} Active` });
    await seedClub(context.database, owner.account.id, { status: 'suspended', name: `${tag} Off` });

    const all = (await call('GET', `/clubs?search=${tag}`, admin.authorization)).json();
    expect(all.total).toBe(3);
    expect(all.clubs[0]).toMatchObject({
      id: waiting.id,
      state: 'waitingForActivation',
      city: 'Milano',
      owner: { name: 'Giulia', lastName: 'Rossi', phone: owner.account.phone },
    });
    const onlyWaiting = (
      await call('GET', `/clubs?filter=waiting&search=${tag}`, admin.authorization)
    ).json();
    expect(onlyWaiting.clubs.map((club: { name: string }) => club.name)).toEqual([`${tag} Waiting`]);
    const disabled = (await call('GET', `/clubs?filter=disabled&search=${tag}`, admin.authorization)).json();
    expect(disabled.clubs.map((club: { state: string }) => club.state)).toEqual(['disabledByPlatform']);
    const page2 = (await call('GET', `/clubs?search=${tag}&page=2&pageSize=2`, admin.authorization)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.clubs).toHaveLength(1);
    // Searching by the owner's phone finds their clubs; a LIKE wildcard is taken literally.
    expect(
      (await call('GET', `/clubs?search=${owner.account.phone}`, admin.authorization)).json().total,
    ).toBe(3);
    // Written as people write it (`333 765 4321`), the phone finds them too.
    const written = owner.account.phone.slice(3).replace(/^(\d{3})(\d{3})/, '$1 $2 ');
    expect(
      (await call('GET', `/clubs?search=${encodeURIComponent(written)}`, admin.authorization)).json().total,
    ).toBe(3);
    expect((await call('GET', `/clubs?search=${tag}%25`, admin.authorization)).json().total).toBe(0);
  });

  it('activates a waiting club, emails the owner and writes the audit log', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id, { status: 'pending' });
    const response = await call('POST', `/clubs/${club.id}/activate`, admin.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json().state).toBe('active');
    expect(context.mailer.sent.at(-1)).toMatchObject({ to: owner.account.email });
    expect(context.mailer.sent.at(-1)?.subject).toContain(club.name);
    expect(await lastAudit()).toMatchObject({
      actorAccountId: admin.account.id,
      action: 'club.activate',
      targetType: 'club',
      targetId: club.id,
      details: { from: 'pending' },
    });
    // Once active, activating again is a conflict and writes nothing.
    const again = await call('POST', `/clubs/${club.id}/activate`, admin.authorization);
    expect(again.statusCode).toBe(409);
  });

  it('disables a club and enables it again, emailing the owner', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const disabled = await call('POST', `/clubs/${club.id}/disable`, admin.authorization);
    expect(disabled.json().state).toBe('disabledByPlatform');
    expect(context.mailer.sent.at(-1)?.to).toBe(owner.account.email);
    expect(context.mailer.sent.at(-1)?.subject).toContain('disattivato');
    expect((await lastAudit())?.action).toBe('club.disable');
    const enabled = await call('POST', `/clubs/${club.id}/activate`, admin.authorization);
    expect(enabled.json().state).toBe('active');
    expect(await lastAudit()).toMatchObject({ action: 'club.activate', details: { from: 'suspended' } });
  });

  it('writes, replaces and clears a message, which the owner then reads', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const message = {
      severity: 2,
      summary: 'Update your menu',
      fullMessage: 'Prices changed on 1 December.',
    };
    const written = await call('PUT', `/clubs/${club.id}/message`, admin.authorization, message);
    expect(written.statusCode).toBe(200);
    expect(written.json().message).toMatchObject(message);
    const replaced = await call('PUT', `/clubs/${club.id}/message`, admin.authorization, {
      ...message,
      severity: 3,
    });
    expect(replaced.json().message.severity).toBe(3);
    expect(replaced.json().message.id).not.toBe(written.json().message.id);
    const seen = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${club.id}`,
      headers: { authorization: owner.authorization },
    });
    expect(seen.json().message).toMatchObject({ ...message, severity: 3 });
    expect((await lastAudit())?.details).toMatchObject({ ...message, severity: 3 });

    const invalid = await call('PUT', `/clubs/${club.id}/message`, admin.authorization, {
      severity: 9,
      summary: '',
      fullMessage: 'x',
    });
    expect(invalid.statusCode).toBe(400);

    const cleared = await call('DELETE', `/clubs/${club.id}/message`, admin.authorization);
    expect(cleared.json().message).toBeNull();
    expect(
      await context.database.db.select().from(clubMessages).where(eq(clubMessages.clubId, club.id)),
    ).toEqual([]);
    expect((await lastAudit())?.action).toBe('club.messageCleared');
  });

  it('sets freeForever, which makes the club Smart', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const response = await call('PATCH', `/clubs/${club.id}`, admin.authorization, { freeForever: true });
    expect(response.json().freeForever).toBe(true);
    const details = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${club.id}`,
      headers: { authorization: owner.authorization },
    });
    expect(details.json().plan.kind).toBe('earlyAdopter');
    expect(await lastAudit()).toMatchObject({ action: 'club.freeForever', details: { freeForever: true } });
    expect(
      (await call('PATCH', `/clubs/${club.id}`, admin.authorization, { enabled: true })).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', '/clubs/999999999', admin.authorization, { freeForever: true })).statusCode,
    ).toBe(404);
  });

  it('creates, renames, disables brands; GET /brands lists only enabled ones', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const name = `Brand ${Date.now()}`;
    const created = await call('POST', '/brands', admin.authorization, { name });
    expect(created.statusCode).toBe(201);
    const brand = created.json();
    expect(brand).toMatchObject({ name, enabled: true, clubs: 0 });
    expect((await call('POST', '/brands', admin.authorization, { name })).statusCode).toBe(409);

    const renamed = await call('PATCH', `/brands/${brand.id}`, admin.authorization, { name: `${name} Bis` });
    expect(renamed.json().name).toBe(`${name} Bis`);
    const publicList = async () =>
      (await context.app.inject({ method: 'GET', url: '/api/v1/brands' }))
        .json()
        .map((entry: { id: number }) => entry.id);
    expect(await publicList()).toContain(brand.id);
    await call('PATCH', `/brands/${brand.id}`, admin.authorization, { enabled: false });
    expect(await publicList()).not.toContain(brand.id);
    const adminList = (await call('GET', '/brands', admin.authorization)).json();
    expect(adminList.find((entry: { id: number }) => entry.id === brand.id)).toMatchObject({
      enabled: false,
    });
    const [row] = await context.database.db.select().from(brands).where(eq(brands.id, brand.id));
    expect(row?.enabled).toBe(false);
    expect((await lastAudit())?.action).toBe('brand.update');
  });

  it('lists the audit log newest first with the actor', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    await call('PATCH', `/clubs/${club.id}`, admin.authorization, { freeForever: true });
    const page = (await call('GET', '/audit?pageSize=5', admin.authorization)).json();
    expect(page.total).toBeGreaterThan(0);
    expect(page.entries[0]).toMatchObject({
      actor: 'Giulia Rossi',
      action: 'club.freeForever',
      targetType: 'club',
      targetId: club.id,
      // The reader knows the venue by its name, not its number.
      targetName: club.name,
    });
  });

  it('a failed action changes nothing and writes no audit row', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id, { status: 'pending' });
    const { db } = context.database;
    // Everything an admin action on the club could write, read whole so any changed column shows.
    const rows = async () => ({
      club: await db.select().from(clubs).where(eq(clubs.id, club.id)),
      subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.clubId, club.id)),
      messages: await db.select().from(clubMessages).where(eq(clubMessages.clubId, club.id)),
      audit: await db
        .select()
        .from(auditLog)
        .where(
          or(
            eq(auditLog.actorAccountId, admin.account.id),
            and(eq(auditLog.targetType, 'club'), eq(auditLog.targetId, club.id)),
          ),
        ),
    });
    const before = await rows();
    const lastBefore = await lastAudit();
    expect(before.club).toHaveLength(1);

    expect((await call('POST', '/clubs/999999999/activate', admin.authorization)).statusCode).toBe(404);
    const message = { severity: 9, summary: '', fullMessage: 'x' };
    expect((await call('PUT', `/clubs/${club.id}/message`, admin.authorization, message)).statusCode).toBe(
      400,
    );
    expect(
      (await call('PATCH', `/clubs/${club.id}`, admin.authorization, { enabled: true })).statusCode,
    ).toBe(400);

    expect(await rows()).toEqual(before);
    expect(before.audit).toEqual([]);
    expect((await lastAudit())?.id).toBe(lastBefore?.id);
  });
});
