import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, clubs, itemPromotions } from '../src/db/schema.ts';
import { type ClubFields, seedOwnerWithClub } from './fixtures.ts';
import { CUSTOM_THEME, useTestApp } from './helpers.ts';
import { seedSubscription } from './seed-subscription.ts';

// PATCH /clubs/{clubId}/promote (issue 14): branded items become Suggested and first in their category;
// ending the promotion puts back places and markers. And the plan rules around it.

type Item = { id: number; name: string; position: number; suggested: boolean; branded: boolean };
type Section = { id: number; items: Item[] };

const menuWithBrandedItems = {
  name: 'Bar',
  sections: [
    {
      name: 'Birre',
      items: [
        { name: 'Bionda', price: 5 },
        { name: 'Rossa', price: 6, suggested: true },
        { name: 'Spina del marchio', price: 5.5, branded: true, brandCode: 'BIRRA-1' },
        { name: 'Weiss', price: 6 },
        { name: 'Doppio malto del marchio', price: 7, branded: true, brandCode: 'BIRRA-2', suggested: true },
      ],
    },
    {
      name: 'Analcolici',
      items: [
        { name: 'Acqua', price: 2 },
        { name: 'Tonica del marchio', price: 3, branded: true, brandCode: 'TONICA' },
      ],
    },
  ],
};

describe('promoting a sponsoring brand', () => {
  const context = useTestApp();

  const setUp = (fields: ClubFields = { freeForever: true }) => seedOwnerWithClub(context, { club: fields });

  const orderOf = async (call: Awaited<ReturnType<typeof setUp>>['call'], menuId: number) => {
    const menu: { sections: Section[] } = (await call('GET', `/menu/${menuId}`)).json();
    return menu.sections.map((section) =>
      section.items.map((item) => `${item.name}${item.suggested ? ' ★' : ''}`),
    );
  };

  it('promotes the branded items first and suggested, once, and puts everything back', async () => {
    const { club, call } = await setUp();
    const [brand] = await context.database.db
      .insert(brands)
      .values({ name: `Birrificio ${club.id}` })
      .returning();
    await context.database.db.update(clubs).set({ brandId: brand?.id }).where(eq(clubs.id, club.id));
    const menu = (await call('POST', '/menu', menuWithBrandedItems)).json();
    const before = await orderOf(call, menu.id);

    const state = await call('GET', '/promote');
    expect(state.statusCode).toBe(200);
    expect(state.json().brandName).toBe(`Birrificio ${club.id}`);
    expect(
      state.json().items.map((item: { name: string; promoted: boolean }) => [item.name, item.promoted]),
    ).toEqual([
      ['Spina del marchio', false],
      ['Doppio malto del marchio', false],
      ['Tonica del marchio', false],
    ]);

    const promoted = await call('PATCH', '/promote', { enabled: true });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().changed.map((item: { name: string }) => item.name)).toEqual([
      'Spina del marchio',
      'Doppio malto del marchio',
      'Tonica del marchio',
    ]);
    expect(await orderOf(call, menu.id)).toEqual([
      ['Spina del marchio ★', 'Doppio malto del marchio ★', 'Bionda', 'Rossa ★', 'Weiss'],
      ['Tonica del marchio ★', 'Acqua'],
    ]);

    // Idempotent: again changes nothing.
    const again = await call('PATCH', '/promote', { enabled: true });
    expect(again.json().changed).toEqual([]);
    expect(await orderOf(call, menu.id)).toEqual([
      ['Spina del marchio ★', 'Doppio malto del marchio ★', 'Bionda', 'Rossa ★', 'Weiss'],
      ['Tonica del marchio ★', 'Acqua'],
    ]);

    const ended = await call('PATCH', '/promote', { enabled: false });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().changed).toHaveLength(3);
    // The one that was suggested before stays suggested; the others lose the marker and go back.
    expect(await orderOf(call, menu.id)).toEqual(before);
    expect(before[0]).toEqual([
      'Bionda',
      'Rossa ★',
      'Spina del marchio',
      'Weiss',
      'Doppio malto del marchio ★',
    ]);
    expect(await context.database.db.select().from(itemPromotions)).toEqual([]);
    expect((await call('PATCH', '/promote', { enabled: false })).json().changed).toEqual([]);
  });

  it('promotes only the product codes given, and ends them one code at a time', async () => {
    const { call } = await setUp();
    const menu = (await call('POST', '/menu', menuWithBrandedItems)).json();
    const before = await orderOf(call, menu.id);
    const promoted = await call('PATCH', '/promote', { enabled: true, brandCodes: ['BIRRA-2', 'TONICA'] });
    expect(promoted.json().changed.map((item: { name: string }) => item.name)).toEqual([
      'Doppio malto del marchio',
      'Tonica del marchio',
    ]);
    expect(await orderOf(call, menu.id)).toEqual([
      ['Doppio malto del marchio ★', 'Bionda', 'Rossa ★', 'Spina del marchio', 'Weiss'],
      ['Tonica del marchio ★', 'Acqua'],
    ]);
    await call('PATCH', '/promote', { enabled: true, brandCodes: ['BIRRA-1'] });
    // Promoted items keep their order among themselves: the new one comes after the one promoted before.
    expect((await orderOf(call, menu.id))[0]).toEqual([
      'Doppio malto del marchio ★',
      'Spina del marchio ★',
      'Bionda',
      'Rossa ★',
      'Weiss',
    ]);
    await call('PATCH', '/promote', { enabled: false, brandCodes: ['TONICA'] });
    expect((await orderOf(call, menu.id))[1]).toEqual(before[1]);
    // Ending the later one first puts it back among the others while the first stays on top.
    await call('PATCH', '/promote', { enabled: false, brandCodes: ['BIRRA-1'] });
    expect((await orderOf(call, menu.id))[0]).toEqual([
      'Doppio malto del marchio ★',
      'Bionda',
      'Rossa ★',
      'Spina del marchio',
      'Weiss',
    ]);
    await call('PATCH', '/promote', { enabled: false });
    expect(await orderOf(call, menu.id)).toEqual(before);
  });

  it('is Smart only to start, always allowed to end; refuses bad bodies; 404 for another owner', async () => {
    const free = await setUp({ freeForever: false });
    await free.call('POST', '/menu', menuWithBrandedItems);
    const refused = await free.call('PATCH', '/promote', { enabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SMART_PLAN_REQUIRED', message: 'Serve il piano Smart' });
    expect(
      (await free.call('GET', '/promote'))
        .json()
        .items.every((item: { promoted: boolean }) => !item.promoted),
    ).toBe(true);
    expect((await free.call('PATCH', '/promote', { enabled: false })).statusCode).toBe(200);

    for (const body of [
      {},
      { enabled: 'yes' },
      { enabled: true, brandCodes: [] },
      { enabled: true, extra: 1 },
    ]) {
      const response = await free.call('PATCH', '/promote', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }

    const smart = await setUp();
    const stranger = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${free.club.id}/promote`,
      headers: { authorization: smart.owner.authorization },
      payload: { enabled: false },
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/v1/clubs/${free.club.id}/promote`,
          headers: { authorization: smart.owner.authorization },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("shows a club's own theme to guests only while its plan allows it, and keeps it stored", async () => {
    const { club, call } = await setUp();
    const theme = (await call('PUT', '/themes/custom', CUSTOM_THEME)).json();
    expect((await call('PATCH', '', { themeId: theme.id })).statusCode).toBe(200);
    const menu = (await call('POST', '/menu', { ...menuWithBrandedItems, themeId: theme.id })).json();
    const { tables } = (await call('PUT', '/tables', { tables: [{ name: '7' }] })).json();
    const guestView = async () => {
      const table = await context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/menu/tables/${tables[0].id}`,
      });
      const one = await context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/menu/tables/${tables[0].id}/menus/${menu.id}`,
      });
      return { table: table.json().theme?.name ?? null, menu: one.json().theme?.name ?? null };
    };
    expect(await guestView()).toEqual({ table: 'Il nostro', menu: 'Il nostro' });

    // Plans change outside the owner's API (a subscription lapses): the guest caches hear of it.
    await seedSubscription(context.database.db, club.id, {
      status: 'freemium',
      lapsed: 'expired',
      paymentErrorCode: null,
    });
    await context.app.guestCache.changed(club.id);
    expect(await guestView()).toEqual({ table: null, menu: null });
    // Still stored: back on Smart, it shows again.
    await seedSubscription(context.database.db, club.id, { status: 'earlyAdopter' });
    await context.app.guestCache.changed(club.id);
    expect(await guestView()).toEqual({ table: 'Il nostro', menu: 'Il nostro' });
  });
});
