import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubs, oneTimeTokens } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { present, seedOwner, useTestApp } from './helpers.ts';

describe("the operations email's club activation link", () => {
  const context = useTestApp();

  /** A new club of a new owner, waiting, and the token of the link operations were emailed. */
  const newClub = async (name = 'Trattoria da Giulia') => {
    const owner = await seedOwner(context.database);
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      headers: { authorization: owner.authorization },
      payload: {
        club: {
          name,
          seats: 30,
          address: { country: 'IT', line1: 'Via Po 2', postalCode: '10123', city: 'Torino', state: 'TO' },
          brandId: null,
          companyName: 'Giulia srl',
          vatNumber: 'IT00743110157',
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const email = context.mailer.sent.findLast((message) => message.subject.includes(name));
    const link = new URL(present(email?.link, 'the operations email link'));
    return {
      clubId: created.json().clubId as number,
      link,
      token: present(link.searchParams.get('token'), 'token'),
    };
  };

  const read = (token: string) =>
    context.app.inject({ method: 'GET', url: `/api/v1/clubs/activate?token=${encodeURIComponent(token)}` });
  const activate = (token: string, language = 'en') =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs/activate',
      headers: { 'accept-language': language },
      payload: { token },
    });

  it("links to the owner app's activation page, where reading the link changes nothing", async () => {
    const { clubId, link, token } = await newClub();
    expect(link.pathname).toBe('/club-activation');

    const first = await read(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      clubId,
      clubName: 'Trattoria da Giulia',
      city: 'Torino',
      owner: 'Giulia Rossi',
      state: 'waitingForActivation',
      activatedAt: null,
    });
    // A mail scanner that follows the link twice activates nothing.
    await read(token);
    const [row] = await context.database.db.select().from(clubs).where(eq(clubs.id, clubId));
    expect(row?.status).toBe('pending');
  });

  it('activates on the click, emails the owner once, and a second click says it was already active', async () => {
    const { clubId, token } = await newClub('Osteria Due Ponti');
    const sentBefore = context.mailer.sent.length;

    const first = await activate(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      outcome: 'activated',
      clubId,
      clubName: 'Osteria Due Ponti',
      state: 'active',
    });
    const activatedAt = first.json().activatedAt as string;
    expect(Date.now() - new Date(activatedAt).getTime()).toBeLessThan(60_000);
    expect(context.mailer.sent.slice(sentBefore).map((message) => message.subject)).toEqual([
      'Osteria Due Ponti è attivo su Carta',
    ]);

    const second = await activate(token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first.json(), outcome: 'alreadyActive' });
    // The owner is not emailed again.
    expect(context.mailer.sent.length).toBe(sentBefore + 1);
    // Following the used link again reads the club as active, with its date.
    expect((await read(token)).json()).toMatchObject({ state: 'active', activatedAt });
  });

  it('says "already active" when the club was activated from the admin console meanwhile', async () => {
    const { clubId, token } = await newClub('Bar Centrale');
    await context.database.db
      .update(clubs)
      .set({ status: 'active', activatedAt: new Date('2026-03-01T10:00:00Z') })
      .where(eq(clubs.id, clubId));
    const sentBefore = context.mailer.sent.length;
    const response = await activate(token);
    expect(response.json()).toMatchObject({
      outcome: 'alreadyActive',
      activatedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(context.mailer.sent.length).toBe(sentBefore);
  });

  it('answers an unknown or expired link with its own error code, in the caller language', async () => {
    const { clubId, token } = await newClub('Pizzeria Stella');
    await context.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));

    for (const response of [await activate(token), await activate('not-a-link'), await read(token)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CLUB_ACTIVATION_LINK_INVALID');
    }
    expect((await activate('not-a-link')).json().message).toBe(
      'This activation link is not valid or has expired: activate the venue from the admin console',
    );
    expect((await activate('not-a-link', 'it')).json().message).toContain(
      'Questo link di attivazione non è valido',
    );
    const [row] = await context.database.db.select().from(clubs).where(eq(clubs.id, clubId));
    expect(row?.status).toBe('pending');
  });

  it('sends a browser that follows an older link (to the API) to the page', async () => {
    const { token } = await newClub('Caffè Roma');
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/activate?token=${token}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/club-activation?token=${token}`);
  });

  it('writes the activation through the link in the audit log, with the link as the actor', async () => {
    const { clubId, token } = await newClub('Osteria del Link');
    expect((await activate(token)).statusCode).toBe(200);
    // A second click activates nothing and writes nothing more.
    await activate(token);
    const admin = await seedOwner(context.database, { isAdmin: true });
    const page = (
      await context.app.inject({
        method: 'GET',
        url: '/api/v1/admin/audit?pageSize=50',
        headers: { authorization: admin.authorization },
      })
    ).json();
    const lines = page.entries.filter(
      (entry: { targetId: number; action: string }) =>
        entry.targetId === clubId && entry.action === 'club.activate',
    );
    expect(lines).toEqual([
      expect.objectContaining({
        actor: null,
        targetType: 'club',
        targetName: 'Osteria del Link',
        details: { from: 'pending', via: 'activationLink' },
      }),
    ]);
  });
});
