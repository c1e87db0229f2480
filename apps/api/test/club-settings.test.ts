import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubs } from '../src/db/schema.ts';
import { seedClub, seedOwner, useTestApp } from './helpers.ts';

// A club's on/off switches: the club itself and its features, some of them for the Smart plan only.

describe('PATCH /api/v1/clubs/{clubId}/settings', () => {
  const context = useTestApp();

  const patch = (clubId: number, authorization: string, payload: object) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${clubId}/settings`,
      headers: { authorization, 'accept-language': 'it' },
      payload,
    });

  it('switches the club and its features on and off', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const response = await patch(club.id, owner.authorization, {
      enabled: false,
      callWaiterEnabled: true,
      menuLabelEnabled: false,
      translationsEnabled: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      enabled: false,
      state: 'disabledByOwner',
      callWaiterEnabled: true,
      menuLabelEnabled: false,
      pdfMenuEnabled: false,
      translationsEnabled: true,
      bannerUpdateEnabled: false,
    });
    const back = await patch(club.id, owner.authorization, { enabled: true });
    expect(back.json()).toMatchObject({ enabled: true, state: 'active', callWaiterEnabled: true });
  });

  it('keeps promotions and the PDF menu for the Smart plan: 403 on Free, allowed for an early adopter', async () => {
    const owner = await seedOwner(context.database);
    const free = await seedClub(context.database, owner.account.id);
    const refused = await patch(free.id, owner.authorization, {
      bannerUpdateEnabled: true,
      pdfMenuEnabled: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SMART_PLAN_REQUIRED', message: 'Serve il piano Smart' });
    const [row] = await context.database.db.select().from(clubs).where(eq(clubs.id, free.id));
    expect(row).toMatchObject({ bannerUpdateEnabled: false, pdfMenuEnabled: false });
    // Switching it off is always allowed.
    expect((await patch(free.id, owner.authorization, { bannerUpdateEnabled: false })).statusCode).toBe(200);

    const smart = await seedClub(context.database, owner.account.id, { freeForever: true });
    const allowed = await patch(smart.id, owner.authorization, {
      bannerUpdateEnabled: true,
      pdfMenuEnabled: true,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ bannerUpdateEnabled: true, pdfMenuEnabled: true });
  });

  it('refuses an empty body, unknown switches and non-boolean values', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    expect((await patch(club.id, owner.authorization, {})).statusCode).toBe(400);
    const unknown = await patch(club.id, owner.authorization, { freeForever: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0]).toMatchObject({
      path: 'body.freeForever',
      key: 'validation.unknownField',
    });
    expect((await patch(club.id, owner.authorization, { enabled: 'yes' })).statusCode).toBe(400);
  });
});
