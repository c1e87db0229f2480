import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubMessages, clubs } from '../src/db/schema.ts';
import { seedClub, seedOwner, useTestApp } from './helpers.ts';
import { seedSubscription } from './seed-subscription.ts';

// A club's profile as its owner reads and changes it. Its on/off switches (PATCH .../settings) are in
// club-settings.test.ts.

describe('GET and PATCH /api/v1/clubs/{clubId}', () => {
  const context = useTestApp();

  const call = (method: 'GET' | 'PATCH', url: string, authorization: string, payload?: unknown) =>
    context.app.inject({
      method,
      url,
      headers: { authorization, 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('answers every field of the Club, with state, plan and counts', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id, {
      name: 'Osteria Blu',
      displayEmail: 'ciao@osteria.example',
      instagram: 'https://instagram.com/osteriablu',
    });
    await context.database.db
      .insert(clubMessages)
      .values({ clubId: club.id, severity: 2, summary: 'Pay the invoice', fullMessage: 'Details here' });

    const response = await call('GET', `/api/v1/clubs/${club.id}`, owner.authorization);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    for (const field of [
      'id',
      'enabled',
      'logo',
      'address',
      'clubAddress',
      'displayEmail',
      'displayPhone',
      'facebook',
      'instagram',
      'website',
      'whatsapp',
      'bannerUpdateEnabled',
      'callWaiterEnabled',
      'menuLabelEnabled',
      'pdfMenuEnabled',
      'translationsEnabled',
      'theme',
      'message',
    ])
      expect(body).toHaveProperty(field);
    expect(body).toMatchObject({
      id: club.id,
      name: 'Osteria Blu',
      enabled: true,
      state: 'active',
      logo: null,
      address: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country: 'IT', state: 'MI' },
      clubAddress: 'Via Roma 1, 20121 Milano MI',
      displayEmail: 'ciao@osteria.example',
      instagram: 'https://instagram.com/osteriablu',
      message: { severity: 2, summary: 'Pay the invoice', fullMessage: 'Details here' },
      plan: { kind: 'free', isSmart: false, expiresOn: null },
      counts: { menus: 0, tables: 0, items: 0 },
      freeForever: false,
      companyName: 'Bar srl',
      vatNumber: 'IT00743110157',
      billingAddress: null,
    });
  });

  it('shows each state: waiting, active, disabled by the owner, disabled by the platform', async () => {
    const owner = await seedOwner(context.database);
    const cases = [
      [{ status: 'pending', enabled: true }, 'waitingForActivation'],
      [{ status: 'active', enabled: true }, 'active'],
      [{ status: 'active', enabled: false }, 'disabledByOwner'],
      [{ status: 'suspended', enabled: false }, 'disabledByPlatform'],
      [{ status: 'pending', enabled: false }, 'waitingForActivation'],
    ] as const;
    for (const [fields, state] of cases) {
      const club = await seedClub(context.database, owner.account.id, fields);
      const response = await call('GET', `/api/v1/clubs/${club.id}`, owner.authorization);
      expect(response.json().state).toBe(state);
    }
    const list = await call('GET', '/api/v1/clubs', owner.authorization);
    expect(
      list
        .json()
        .map((entry: { state: string }) => entry.state)
        .sort(),
    ).toEqual(cases.map(([, state]) => state).sort());
  });

  it('reports the plan: early adopter, partner and paid until their period ends', async () => {
    const owner = await seedOwner(context.database);
    const early = await seedClub(context.database, owner.account.id, { freeForever: true });
    const partner = await seedClub(context.database, owner.account.id);
    const lapsed = await seedClub(context.database, owner.account.id);
    const end = new Date(Date.now() + 30 * 86_400_000);
    await seedSubscription(context.database.db, partner.id, {
      status: 'partner',
      brandId: 0,
      periodStart: new Date().toISOString(),
      periodEnd: end.toISOString(),
      reminded: false,
      nextPlan: null,
    });
    await seedSubscription(context.database.db, lapsed.id, {
      status: 'freemium',
      lapsed: 'expired',
      paymentErrorCode: null,
    });
    const plan = async (clubId: number) =>
      (await call('GET', `/api/v1/clubs/${clubId}`, owner.authorization)).json().plan;
    expect(await plan(early.id)).toEqual({ kind: 'earlyAdopter', isSmart: true, expiresOn: null });
    expect(await plan(partner.id)).toEqual({
      kind: 'partner',
      isSmart: true,
      expiresOn: end.toISOString().slice(0, 10),
    });
    expect(await plan(lapsed.id)).toEqual({ kind: 'free', isSmart: false, expiresOn: null });
  });

  it('changes contacts, social links, address and company data, and keeps them', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const changes = {
      name: 'Osteria Verde',
      displayEmail: 'info@verde.example',
      displayPhone: '+39 02 1234567',
      website: 'https://verde.example',
      facebook: 'https://facebook.com/verde',
      instagram: 'https://instagram.com/verde',
      whatsapp: '+39 333 1234567',
      address: {
        line1: 'Corso Como 5',
        line2: 'Cortile',
        postalCode: '20154',
        city: 'Milano',
        country: 'IT',
      },
      companyName: 'Verde srl',
      vatNumber: 'IT 01114601006',
    };
    const response = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, changes);
    expect(response.statusCode).toBe(200);
    const again = (await call('GET', `/api/v1/clubs/${club.id}`, owner.authorization)).json();
    expect(again).toMatchObject({
      ...changes,
      // Milano is one comune only: its province comes with it (docs/decisions/0054-istat-places.md).
      address: { ...changes.address, state: 'MI' },
      vatNumber: 'IT01114601006',
      clubAddress: 'Corso Como 5, 20154 Milano MI',
    });

    // Blank optional fields clear them.
    const cleared = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, {
      website: '',
      facebook: null,
    });
    expect(cleared.json()).toMatchObject({ website: null, facebook: null, instagram: changes.instagram });
  });

  it('adds and removes a billing address, checking the VAT number in the billing country', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const billingAddress = { line1: 'Rue de Rivoli 1', postalCode: '75001', city: 'Paris', country: 'FR' };
    // An Italian number is not valid for a French billing address: nothing changes.
    const refused = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, { billingAddress });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VAT_INVALID', issues: [{ path: 'body.vatNumber' }] });
    expect(
      (await call('GET', `/api/v1/clubs/${club.id}`, owner.authorization)).json().billingAddress,
    ).toBeNull();

    const accepted = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, {
      billingAddress,
      vatNumber: 'FR40303265045',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().billingAddress).toMatchObject({ ...billingAddress, line2: null });

    const removed = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, {
      billingAddress: null,
      vatNumber: 'IT00743110157',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().billingAddress).toBeNull();
  });

  it('refuses unknown fields and the fields only the platform sets, by name, changing nothing', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id, { status: 'pending' });
    for (const field of [
      { freeForever: true },
      { enabled: true },
      { status: 'active' },
      { brandId: 1 },
      { ownerId: 1 },
      { salesAccount: { name: 'A', lastName: 'B' } },
      { colour: 'red' },
    ]) {
      const response = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, {
        name: 'Changed',
        ...field,
      });
      expect(response.statusCode).toBe(400);
      const [name] = Object.keys(field);
      expect(response.json().issues).toContainEqual({
        path: `body.${name}`,
        key: 'validation.unknownField',
        message: 'This field is not accepted',
      });
    }
    const [row] = await context.database.db.select().from(clubs).where(eq(clubs.id, club.id));
    expect(row).toMatchObject({ name: club.name, status: 'pending', freeForever: false, brandId: null });
  });

  it('validates with the shared rules: bad email, bad link, blank name', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const response = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, {
      name: '  ',
      displayEmail: 'not-an-email',
      website: 'verde.example',
    });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json()
      .issues.map((issue: { path: string; key: string }) => [issue.path, issue.key]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['body.name', 'validation.required'],
        ['body.displayEmail', 'validation.emailFormat'],
        ['body.website', 'validation.url'],
      ]),
    );
  });

  it('refuses a logo that is not an image of this club', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const response = await call('PATCH', `/api/v1/clubs/${club.id}`, owner.authorization, {
      logo: 'img/000000000000000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'IMAGE_NOT_FOUND', issues: [{ path: 'body.logo' }] });
  });
});
