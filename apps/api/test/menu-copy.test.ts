// Over 300 lines and kept one file: every case of the one route shares its two-club set-up and its full source menu.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  clubMembers,
  itemVariants,
  menuItems,
  menuSections,
  menus,
  storedFiles,
  timePrices,
} from '../src/db/schema.ts';
import { type ClubCall, finishUpload, guestGet, ONE_DISH_DINNER, seedOwnerWithClub } from './fixtures.ts';
import { CUSTOM_THEME, present, seedClub, seedOwner, useTestApp } from './helpers.ts';

// POST /clubs/{clubId}/menu/{menuId}/copy: a menu copied to another of the owner's clubs (docs/product.md,
// Menus; 0089).

let shade = 0;
/** A different real picture each time (stored images are named by their content). */
const picture = (width: number, height: number) => {
  shade += 1;
  return sharp({
    create: { width, height, channels: 3, background: { r: shade % 256, g: (shade * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
};

describe('copying a menu to another club', () => {
  const context = useTestApp();

  /** An owner with two clubs (both Smart unless told), a `call` for each, and the copy request. */
  const setUp = async (targetFields: Parameters<typeof seedClub>[2] = { freeForever: true }) => {
    const source = await seedOwnerWithClub(context, {
      club: { freeForever: true, bannerUpdateEnabled: true, menuLanguages: ['en', 'de'] },
      acceptLanguage: 'en',
    });
    const target = await seedClub(context.database, source.owner.account.id, targetFields);
    const callTarget: ClubCall = (method, path, payload) =>
      context.app.inject({
        method,
        url: `/api/v1/clubs/${target.id}${path}`,
        headers: source.headers,
        ...(payload ? { payload } : {}),
      });
    const copy = (menuId: number, targetClubId = target.id, headers = source.headers) =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${source.club.id}/menu/${menuId}/copy`,
        headers,
        payload: { targetClubId },
      });
    return { ...source, target, callTarget, copy };
  };

  /** The upload of a picture as the owner app sends it; answers the stored image's key. */
  const upload = async (call: ClubCall, ticketPath: string, body: Buffer, ticketMethod: 'GET' | 'POST') => {
    const ticket =
      ticketMethod === 'POST'
        ? await call('POST', ticketPath, { purpose: 'photo', contentType: 'image/png' })
        : await call('GET', ticketPath);
    const { complete } = await finishUpload(context.app, call, ticket, body, 'image/png');
    expect(complete.statusCode).toBe(201);
    return complete.json().key as string;
  };

  const menuCount = async (clubId: number) =>
    present(
      (await context.database.db.select({ count: count() }).from(menus).where(eq(menus.clubId, clubId)))[0],
      'count',
    ).count;

  /** What a failed copy must leave as it was in the target: its menus, stored images and audit lines. */
  const targetState = async (clubId: number) => ({
    menus: await menuCount(clubId),
    files: (
      await context.database.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(eq(storedFiles.clubId, clubId))
    ).length,
    audit: (
      await context.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'menu.copy'), eq(auditLog.targetId, clubId)))
    ).length,
  });

  it('copies everything, photos into the target, schedules by zone name, and says what it left', async () => {
    const { club, call, target, callTarget, copy } = await setUpFull();
    const menu = (await call('GET', '/menu')).json()[0];
    const terrazza = (await callTarget('POST', '/zones', { name: 'terrazza' })).json();
    const before = (await callTarget('POST', '/menu', ONE_DISH_DINNER)).json();
    const copied = await copy(menu.id);
    expect(copied.statusCode).toBe(201);
    const answer = copied.json();
    expect(answer).toMatchObject({ clubId: target.id, enabled: true });
    expect(answer.notes).toEqual([
      { key: 'schedulesDropped', values: { count: 1, names: ['Giardino'] } },
      { key: 'themeNotShared', values: { names: [CUSTOM_THEME.name] } },
      { key: 'languagesNotOffered', values: { names: ['de'] } },
      { key: 'bannerHidden', values: {} },
    ]);

    const full = (await callTarget('GET', `/menu/${answer.menuId}`)).json();
    const original = (await call('GET', `/menu/${menu.id}`)).json();
    // Same name and translations, placed last, the target's default theme.
    expect(full).toMatchObject({
      name: 'Cena',
      nameTranslations: { en: 'Dinner' },
      position: 1,
      themeId: null,
    });
    expect(before.id).not.toBe(answer.menuId);
    type Translations = Record<string, { translatedName: string | null }>;
    /** Names and their translations, as guests read them (ids differ in the copy). */
    const names = (translations: Translations) =>
      Object.fromEntries(
        Object.entries(translations).map(([language, text]) => [language, text.translatedName]),
      );
    const shape = (
      sections: {
        name: string;
        translations: Translations;
        items: { name: string; translations: Translations; photo: { key: string } | null }[];
      }[],
    ) =>
      sections.map((section) => ({
        name: section.name,
        translations: names(section.translations),
        items: section.items.map((item) => ({
          name: item.name,
          translations: names(item.translations),
          photo: item.photo?.key ?? null,
        })),
      }));
    expect(shape(full.sections)).toEqual(shape(original.sections));
    expect(shape(full.sections)[0]?.translations).toEqual({ en: 'First courses', de: 'Erste Gänge' });
    expect(full.banner).toMatchObject({ title: 'Aperitivo', imageUrl: original.banner.imageUrl });

    // Variants and prices by time of the copied dishes and categories, re-pointed at the copies.
    const copiedItemIds = full.sections.flatMap((section: { items: { id: number }[] }) =>
      section.items.map((item) => item.id),
    );
    const variants = await context.database.db
      .select({
        name: itemVariants.name,
        price: itemVariants.price,
        nameTranslations: itemVariants.nameTranslations,
      })
      .from(itemVariants)
      .where(inArray(itemVariants.itemId, copiedItemIds))
      .orderBy(itemVariants.position);
    expect(variants).toEqual([
      { name: 'Calice', price: 6, nameTranslations: { en: 'Glass' } },
      { name: 'Bottiglia', price: 28, nameTranslations: { en: 'Bottle' } },
    ]);
    const rules = await context.database.db
      .select({
        clubId: timePrices.clubId,
        itemId: timePrices.itemId,
        sectionId: timePrices.sectionId,
        label: timePrices.label,
      })
      .from(timePrices)
      .where(eq(timePrices.clubId, target.id));
    expect(rules).toHaveLength(2);
    expect(rules.find((rule) => rule.itemId !== null)?.itemId).toBe(full.sections[1].items[0].id);
    expect(rules.find((rule) => rule.sectionId !== null)?.sectionId).toBe(full.sections[0].id);

    // The every-zone rule as it was, Terrazza's on the target's "terrazza", Giardino's left out.
    const schedules = (await callTarget('GET', `/menu/${answer.menuId}/schedulings`)).json().schedulings;
    expect(schedules.map((rule: { tableZone: number | null }) => rule.tableZone)).toEqual([
      null,
      terrazza.id,
    ]);

    // The photos and the banner's image are the target's own now: deleting the source keeps them.
    const photoKey = present(full.sections[0].items[0].photo, 'photo').key as string;
    const targetKeys = (
      await context.database.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(eq(storedFiles.clubId, target.id))
    ).map((row) => row.key);
    expect(targetKeys).toEqual(expect.arrayContaining([photoKey, original.banner.image?.key ?? photoKey]));
    expect((await call('DELETE', `/menu/${menu.id}`)).statusCode).toBe(204);
    const photoUrl = full.sections[0].items[0].photo.variants[0].url;
    expect((await context.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(200);
    expect((await callTarget('GET', `/menu/${answer.menuId}`)).json().sections[0].items[0].photo.key).toBe(
      photoKey,
    );

    const [audit] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'menu.copy'), eq(auditLog.targetId, target.id)));
    expect(audit).toMatchObject({
      targetType: 'club',
      details: { sourceClubId: club.id, sourceMenuId: menu.id, menuId: answer.menuId, name: 'Cena' },
    });
  });

  /** A source menu with everything a copy takes: translations, a photo, variants, prices by time, schedules, banner, custom theme. */
  const setUpFull = async () => {
    // The target translates into English only, and does not show banners.
    const setup = await setUp({ freeForever: true, menuLanguages: ['en'] });
    const { call } = setup;
    const photo = await upload(call, '/uploads', await picture(800, 600), 'POST');
    const theme = (await call('PUT', '/themes/custom', CUSTOM_THEME)).json();
    const created = await call('POST', '/menu', {
      name: 'Cena',
      nameTranslations: { en: 'Dinner' },
      themeId: theme.id,
      sections: [
        {
          name: 'Primi',
          translations: { en: { translatedName: 'First courses' }, de: { translatedName: 'Erste Gänge' } },
          items: [
            { name: 'Carbonara', price: 12, photo, translations: { en: { translatedName: 'Carbonara' } } },
          ],
        },
        { name: 'Vini', items: [{ name: 'Barolo', price: 30 }] },
      ],
    });
    expect(created.statusCode).toBe(201);
    const menu = created.json();
    const wine = menu.sections[1].items[0].id as number;
    await context.database.db.insert(itemVariants).values([
      { itemId: wine, name: 'Calice', nameTranslations: { en: 'Glass' }, price: 6, position: 0 },
      { itemId: wine, name: 'Bottiglia', nameTranslations: { en: 'Bottle' }, price: 28, position: 1 },
    ]);
    await context.database.db.insert(timePrices).values([
      {
        clubId: setup.club.id,
        itemId: wine,
        label: 'Happy hour',
        days: [5],
        startTime: '18:00',
        endTime: '20:00',
        percentOff: 30,
      },
      {
        clubId: setup.club.id,
        sectionId: menu.sections[0].id,
        label: 'Pranzo',
        days: [1, 2],
        price: null,
        percentOff: 10,
      },
    ]);
    const terrazza = (await call('POST', '/zones', { name: 'Terrazza' })).json();
    const giardino = (await call('POST', '/zones', { name: 'Giardino' })).json();
    const saved = await call('PUT', `/menu/${menu.id}/schedulings`, {
      schedulings: [
        { days: [1, 2, 3], startTime: null, endTime: null, tableZone: null },
        { days: [5], startTime: '19:00', endTime: '23:00', tableZone: terrazza.id },
        { days: [6], startTime: '19:00', endTime: '23:00', tableZone: giardino.id },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const bannerImage = await upload(
      call,
      `/banners/menu/${menu.id}?contentType=${encodeURIComponent('image/png')}`,
      await picture(400, 400),
      'GET',
    );
    const banner = await call('POST', `/banners/menu/${menu.id}`, {
      title: 'Aperitivo',
      price: '12 €',
      image: bannerImage,
    });
    expect(banner.statusCode).toBe(201);
    return setup;
  };

  it('hides a copy whose every schedule was left out, rather than showing it all the time', async () => {
    const { call, callTarget, copy } = await setUp();
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    const zone = (await call('POST', '/zones', { name: 'Dehors' })).json();
    await call('PUT', `/menu/${menu.id}/schedulings`, {
      schedulings: [{ days: [5, 6], startTime: '19:00', endTime: '23:00', tableZone: zone.id }],
    });
    const copied = await copy(menu.id);
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({
      enabled: false,
      notes: [
        { key: 'schedulesDropped', values: { count: 1, names: ['Dehors'] } },
        { key: 'hiddenWithoutSchedules', values: {} },
      ],
    });
    const full = (await callTarget('GET', `/menu/${copied.json().menuId}`)).json();
    expect(full.enabled).toBe(false);
    expect((await callTarget('GET', `/menu/${full.id}/schedulings`)).json().schedulings).toEqual([]);
  });

  it("shows the copy on the target's guest pages at once", async () => {
    const { call, callTarget, copy, target } = await setUp();
    const menu = (await call('POST', '/menu', { ...ONE_DISH_DINNER, name: 'Pranzo di Pasqua' })).json();
    const table = (await callTarget('PUT', '/tables', { tables: [{ name: '1' }] })).json().tables[0];
    await callTarget('POST', '/menu', ONE_DISH_DINNER);
    const url = `/public/qrcodemenu/${target.id}/${table.id}`;
    expect((await guestGet(context.app, url)).body).not.toContain('Pranzo di Pasqua');
    expect((await copy(menu.id)).statusCode).toBe(201);
    expect((await guestGet(context.app, url)).body).toContain('Pranzo di Pasqua');
  });

  it('answers 404 for a club the caller neither owns nor manages, and copies for a manager', async () => {
    const { owner, club, call, copy, target } = await setUp();
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    const stranger = await seedOwner(context.database);
    const strangersClub = await seedClub(context.database, stranger.account.id, { freeForever: true });
    const refused = await copy(menu.id, strangersClub.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
    expect(await menuCount(strangersClub.id)).toBe(0);
    expect((await copy(menu.id, 2_000_000_000)).statusCode).toBe(404);
    // Staff of the target is not enough; a manager of it may.
    await context.database.db
      .insert(clubMembers)
      .values({ clubId: strangersClub.id, accountId: owner.account.id, role: 'staff' });
    expect((await copy(menu.id, strangersClub.id)).statusCode).toBe(404);
    await context.database.db
      .update(clubMembers)
      .set({ role: 'manager' })
      .where(eq(clubMembers.clubId, strangersClub.id));
    expect((await copy(menu.id, strangersClub.id)).statusCode).toBe(201);
    expect(await menuCount(strangersClub.id)).toBe(1);
    // The menu's own club is no target; a body without one is refused by its field.
    const same = await copy(menu.id, club.id);
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([
      expect.objectContaining({
        path: 'body.targetClubId',
        message: 'Choose another venue: the menu is already in this one',
      }),
    ]);
    expect(await menuCount(target.id)).toBe(0);
  });

  it('is refused to staff of the source club (403) and to anyone for a menu of another club (404)', async () => {
    const { club, call, copy, target } = await setUp();
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    const waiter = await seedOwner(context.database);
    await context.database.db.insert(clubMembers).values([
      { clubId: club.id, accountId: waiter.account.id, role: 'staff' },
      { clubId: target.id, accountId: waiter.account.id, role: 'manager' },
    ]);
    const asWaiter = await copy(menu.id, target.id, { authorization: waiter.authorization });
    expect(asWaiter.statusCode).toBe(403);
    const other = await seedOwnerWithClub(context, { club: { freeForever: true } });
    const foreignMenu = (await other.call('POST', '/menu', ONE_DISH_DINNER)).json();
    expect((await copy(foreignMenu.id)).statusCode).toBe(404);
    expect(await menuCount(target.id)).toBe(0);
  });

  it("keeps to the target's Free plan allowance, writing nothing when it is full", async () => {
    const { call, callTarget, copy, target } = await setUp({});
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    await callTarget('POST', '/menu', ONE_DISH_DINNER);
    await callTarget('POST', '/menu', ONE_DISH_DINNER);
    const before = await targetState(target.id);
    const refused = await copy(menu.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FREE_PLAN_MENU_LIMIT');
    expect(await targetState(target.id)).toEqual(before);
  });

  it('leaves out prices by time the target cannot take, saying how many', async () => {
    const { club, call, callTarget, copy, target } = await setUp();
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    await context.database.db.insert(timePrices).values([
      {
        clubId: club.id,
        itemId: menu.sections[0].items[0].id,
        label: 'Happy hour',
        days: [5],
        percentOff: 20,
      },
      { clubId: club.id, sectionId: menu.sections[0].id, label: 'Pranzo', days: [1], percentOff: 10 },
    ]);
    const targetMenu = (await callTarget('POST', '/menu', ONE_DISH_DINNER)).json();
    await context.database.db.insert(timePrices).values(
      Array.from({ length: 49 }, (_, index) => ({
        clubId: target.id,
        sectionId: targetMenu.sections[0].id,
        label: `Regola ${index}`,
        days: [1],
        percentOff: 5,
      })),
    );
    const copied = await copy(menu.id);
    expect(copied.statusCode).toBe(201);
    expect(copied.json().notes).toEqual([{ key: 'timePricesLeftOut', values: { count: 2 } }]);
    const [kept] = await context.database.db
      .select({ count: count() })
      .from(timePrices)
      .where(eq(timePrices.clubId, target.id));
    expect(kept?.count).toBe(49);
  });

  it('duplicates variants and prices by time inside the club the same way', async () => {
    const { club, call } = await setUp();
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    const dish = menu.sections[0].items[0].id as number;
    await context.database.db
      .insert(itemVariants)
      .values({ itemId: dish, name: 'Piccola', nameTranslations: {}, price: 8, position: 0 });
    await context.database.db
      .insert(timePrices)
      .values({ clubId: club.id, itemId: dish, label: 'Pranzo', days: [1], percentOff: 10 });
    const duplicate = await call('POST', `/menu/${menu.id}/duplicate`);
    expect(duplicate.statusCode).toBe(201);
    const copy = (await call('GET', `/menu/${duplicate.json().id}`)).json();
    const copiedDish = copy.sections[0].items[0].id as number;
    expect(
      await context.database.db
        .select({ name: itemVariants.name })
        .from(itemVariants)
        .where(eq(itemVariants.itemId, copiedDish)),
    ).toEqual([{ name: 'Piccola' }]);
    expect(
      await context.database.db
        .select({ clubId: timePrices.clubId, label: timePrices.label })
        .from(timePrices)
        .where(eq(timePrices.itemId, copiedDish)),
    ).toEqual([{ clubId: club.id, label: 'Pranzo' }]);
  });

  // Waits for the banner store to keep files another club still stores (docs/decisions/0089): today
  // deleting the source's banner removes the files its copy shows.
  it("keeps the copy's banner image when the source's banner is deleted", async () => {
    const { call, callTarget, copy } = await setUpFull();
    const menu = (await call('GET', '/menu')).json()[0];
    const answer = (await copy(menu.id)).json();
    const banner = (await callTarget('GET', `/menu/${answer.menuId}`)).json().banner;
    expect((await call('DELETE', `/banners/menu/${menu.id}`)).statusCode).toBe(204);
    expect((await context.app.inject({ method: 'GET', url: banner.imageUrl })).statusCode).toBe(200);
  });

  it('changes nothing when the copy fails part way', async () => {
    const { call, copy, target } = await setUpFull();
    const menu = (await call('GET', '/menu')).json()[0];
    const before = await targetState(target.id);
    const itemsBefore = await context.database.db.select({ count: count() }).from(menuItems);
    // The audit line is written last: make it fail, as a lost connection would, once everything else is in.
    await context.database.db.execute(sql`
      create or replace function refuse_menu_copy_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'menu.copy' then raise exception 'audit refused'; end if;
        return new;
      end $$`);
    await context.database.db.execute(sql`
      create trigger refuse_menu_copy_audit before insert on audit_log
      for each row execute function refuse_menu_copy_audit()`);
    try {
      const failed = await copy(menu.id);
      expect(failed.statusCode).toBe(500);
    } finally {
      await context.database.db.execute(sql`drop trigger refuse_menu_copy_audit on audit_log`);
      await context.database.db.execute(sql`drop function refuse_menu_copy_audit()`);
    }
    expect(await targetState(target.id)).toEqual(before);
    expect(await context.database.db.select({ count: count() }).from(menuItems)).toEqual(itemsBefore);
    const sections = await context.database.db
      .select({ id: menuSections.id })
      .from(menuSections)
      .innerJoin(menus, eq(menus.id, menuSections.menuId))
      .where(eq(menus.clubId, target.id));
    expect(sections).toEqual([]);
  });
});
