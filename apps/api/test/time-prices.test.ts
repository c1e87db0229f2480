// Over 300 lines and kept one file: every case shares the one set-up (a drinks menu with a dish with variants) and reads the same guest page.
import { formatPrice } from '@carta/contract/format-price';
import { TIME_PRICES_PER_CLUB_MAX } from '@carta/contract/time-prices';
import { eq } from 'drizzle-orm';
import type { Counter } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemVariants, timePrices } from '../src/db/schema.ts';
import { addTable, type ClubFields, guestGet, guestMenuUrl, seedOwnerWithClub } from './fixtures.ts';
import { present, useTestApp } from './helpers.ts';

// Prices by time (docs/product.md, Prices by time; docs/decisions/0086-prices-by-time.md): the owner's
// rules, their checks, the guest page at and around their hours, and the owner's "who sees what".

type Menu = { id: number; sections: { id: number; name: string; items: { id: number; name: string }[] }[] };

// 2026-11-23 is a Monday; Rome is UTC+1 in winter.
const MONDAY_1900_ROME = '2026-11-23T18:00:00Z';

describe('prices by time', () => {
  const context = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  const setUp = async (club: ClubFields = {}) => {
    const owner = await seedOwnerWithClub(context, {
      acceptLanguage: 'en',
      club: { freeForever: true, translationsEnabled: true, menuLanguages: ['en'], ...club },
    });
    const table = await addTable(owner.call);
    const created = await owner.call('POST', '/menu', {
      name: 'Drink',
      sections: [
        {
          name: 'Cocktail',
          items: [
            { name: 'Spritz', price: 7 },
            { name: 'Negroni', price: 8.5 },
            { name: 'Segreto', price: 9, disabled: true },
          ],
        },
        { name: 'Vini', items: [{ name: 'Prosecco', price: 6 }] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const menu = created.json() as Menu;
    const [cocktails, wines] = menu.sections;
    const spritz = present(cocktails?.items[0], 'Spritz');
    const negroni = present(cocktails?.items[1], 'Negroni');
    const prosecco = present(wines?.items[0], 'Prosecco');
    // Prosecco by the glass or the bottle: a dish with variants.
    await context.database.db.insert(itemVariants).values([
      { itemId: prosecco.id, name: 'Calice', price: 6, position: 0 },
      { itemId: prosecco.id, name: 'Bottiglia', price: 28, position: 1 },
    ]);
    const page = (language = 'it-IT,it;q=0.9') =>
      guestGet(context.app, guestMenuUrl(owner.club.id, table.id, menu.id), language);
    return {
      ...owner,
      table,
      menu,
      cocktails: present(cocktails, 'cocktails'),
      wines: present(wines, 'wines'),
      spritz,
      negroni,
      prosecco,
      page,
    };
  };

  const happyHour = (sectionId: number) => ({
    sectionId,
    label: 'Aperitivo',
    labelTranslations: { en: 'Aperitif' },
    days: [1, 2, 3, 4, 5],
    startTime: '18:00',
    endTime: '20:00',
    percentOff: 30,
  });

  const renders = async () => {
    const { values } = await (context.app.metrics.guestCache.renders as Counter).get();
    return values[0]?.value ?? 0;
  };

  it('create, list, change and delete a rule, with the names of what it applies to', async () => {
    const { call, cocktails, spritz, menu } = await setUp();
    const created = await call('POST', '/time-prices', happyHour(cocktails.id));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      sectionId: cocktails.id,
      itemId: null,
      label: 'Aperitivo',
      labelTranslations: { en: 'Aperitif' },
      days: [1, 2, 3, 4, 5],
      startTime: '18:00',
      endTime: '20:00',
      price: null,
      percentOff: 30,
      menuId: menu.id,
      menuName: 'Drink',
      sectionName: 'Cocktail',
      itemName: null,
      usualPrice: null,
    });
    const id = created.json().id as number;
    const forSpritz = await call('POST', '/time-prices', {
      itemId: spritz.id,
      label: 'Spritz hour',
      days: [6],
      price: 5,
    });
    expect(forSpritz.json()).toMatchObject({ itemName: 'Spritz', usualPrice: 7, price: 5, startTime: null });

    const list = (await call('GET', '/time-prices')).json();
    expect(list.timePrices.map((rule: { id: number }) => rule.id)).toEqual([id, forSpritz.json().id]);
    expect(list.menus).toEqual([
      {
        id: menu.id,
        name: 'Drink',
        sections: [
          expect.objectContaining({ name: 'Cocktail', items: expect.arrayContaining([expect.anything()]) }),
          {
            id: expect.any(Number),
            name: 'Vini',
            items: [{ id: expect.any(Number), name: 'Prosecco', price: 6, hasVariants: true }],
          },
        ],
      },
    ]);
    // The hidden dish is offered too: a rule may be ready before the dish is shown.
    expect(list.menus[0].sections[0].items.map((item: { name: string }) => item.name)).toEqual([
      'Spritz',
      'Negroni',
      'Segreto',
    ]);

    const changed = await call('PUT', `/time-prices/${id}`, {
      ...happyHour(cocktails.id),
      startTime: '17:30',
      percentOff: 25,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id, startTime: '17:30', percentOff: 25 });
    expect((await call('DELETE', `/time-prices/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/time-prices/${id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/time-prices/${id}`, happyHour(cocktails.id))).statusCode).toBe(404);
    expect((await call('GET', '/time-prices')).json().timePrices).toHaveLength(1);
  });

  it('refuse what makes no sense, each message on its field, and write nothing', async () => {
    const { call, cocktails, spritz, prosecco } = await setUp();
    const refused = async (body: object) => {
      const response = await call('POST', '/time-prices', body);
      expect(response.statusCode, response.body).toBe(400);
      return response
        .json()
        .issues.map((issue: { path: string; message: string }) => [issue.path, issue.message]);
    };
    expect(await refused({ ...happyHour(cocktails.id), itemId: spritz.id })).toContainEqual([
      'body.itemId',
      'Choose a category or a dish',
    ]);
    expect(await refused({ ...happyHour(cocktails.id), percentOff: null, price: 5 })).toContainEqual([
      'body.price',
      'A new price is for a single dish: for a category use a percentage off',
    ]);
    expect(await refused({ ...happyHour(cocktails.id), percentOff: 0 })).toContainEqual([
      'body.percentOff',
      'A whole percentage from 1 to 100',
    ]);
    expect(await refused({ ...happyHour(cocktails.id), days: [] })).toContainEqual([
      'body.days',
      'Choose at least one day',
    ]);
    expect(await refused({ ...happyHour(cocktails.id), endTime: '18:00' })).toContainEqual([
      'body.endTime',
      'The end must differ from the start',
    ]);
    expect(await refused({ ...happyHour(cocktails.id), label: ' ' })).toContainEqual([
      'body.label',
      'This field is required',
    ]);
    // A new price on a dish with variants would not say which variant.
    expect(await refused({ itemId: prosecco.id, label: 'Calice', days: [1], price: 4 })).toEqual([
      ['body.price', 'This dish has variants: use a percentage off, which applies to each of them'],
    ]);
    expect((await call('GET', '/time-prices')).json().timePrices).toEqual([]);
  });

  it("answer 404 for another club's category, dish or rule, and to another owner", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const ofTheirs = await theirs.call('POST', '/time-prices', happyHour(theirs.cocktails.id));
    expect(ofTheirs.statusCode).toBe(201);
    expect((await mine.call('POST', '/time-prices', happyHour(theirs.cocktails.id))).statusCode).toBe(404);
    expect(
      (await mine.call('POST', '/time-prices', { itemId: theirs.spritz.id, label: 'x', days: [1], price: 1 }))
        .statusCode,
    ).toBe(404);
    const theirId = ofTheirs.json().id;
    expect((await mine.call('PUT', `/time-prices/${theirId}`, happyHour(mine.cocktails.id))).statusCode).toBe(
      404,
    );
    expect((await mine.call('DELETE', `/time-prices/${theirId}`)).statusCode).toBe(404);
    const asStranger = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${theirs.club.id}/time-prices`,
      headers: mine.headers,
    });
    expect(asStranger.statusCode).toBe(404);
    expect((await theirs.call('GET', '/time-prices')).json().timePrices).toHaveLength(1);
  });

  it(`keep at most ${TIME_PRICES_PER_CLUB_MAX} rules a club`, async () => {
    const { call, club, cocktails } = await setUp();
    await context.database.db.insert(timePrices).values(
      Array.from({ length: TIME_PRICES_PER_CLUB_MAX }, () => ({
        clubId: club.id,
        sectionId: cocktails.id,
        label: 'Aperitivo',
        days: [1],
        percentOff: 10,
      })),
    );
    const refused = await call('POST', '/time-prices', happyHour(cocktails.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TIME_PRICES_LIMIT' });
  });

  it('show guests the price in force and until when, struck usual price, and not after it ends', async () => {
    const { call, cocktails, spritz, page } = await setUp();
    expect((await call('POST', '/time-prices', happyHour(cocktails.id))).statusCode).toBe(201);
    const euros = (amount: number, language = 'it') => formatPrice(amount, { language });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(MONDAY_1900_ROME));
    const at1900 = await page();
    expect(at1900.statusCode).toBe(200);
    expect(at1900.body).toContain(
      `<span class="price"><s class="was"><span class="vh">Prezzo abituale: </span>${euros(7)}</s> ${euros(4.9)}</span></div><p class="tp">Aperitivo fino alle 20:00</p>`,
    );
    expect(at1900.body).toContain(euros(5.95));
    expect(at1900.body).toContain('.tp{');
    const inEnglish = await page('en-GB,en;q=0.9');
    expect(inEnglish.body).toContain('<p class="tp">Aperitif until 20:00</p>');
    expect(inEnglish.body).toContain(`${euros(7, 'en')}</s> ${euros(4.9, 'en')}`);

    // A dish's own rule wins over its category's.
    await call('POST', '/time-prices', {
      itemId: spritz.id,
      label: 'Spritz hour',
      days: [1],
      startTime: '18:30',
      endTime: '19:30',
      price: 6,
    });
    const withOwn = await page();
    expect(withOwn.body).toContain(
      `${euros(7)}</s> ${euros(6)}</span></div><p class="tp">Spritz hour fino alle 19:30</p>`,
    );

    vi.setSystemTime(new Date('2026-11-23T20:00:00Z')); // 21:00 in Rome
    const at2100 = await page();
    expect(at2100.body).not.toContain('Aperitivo');
    expect(at2100.body).not.toContain('class="was"');
    expect(at2100.body).not.toContain('.tp{');
    expect(at2100.body).toContain(`<span class="price">${euros(8.5)}</span>`);
  });

  it('take a percentage off each variant, and say so in the JSON guests read', async () => {
    const { call, club, table, menu, wines, prosecco, page } = await setUp();
    await call('POST', '/time-prices', { ...happyHour(wines.id), percentOff: 50 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(MONDAY_1900_ROME));
    const json = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`,
    });
    const item = json.json().sections[1].items[0];
    expect(item).toMatchObject({
      id: prosecco.id,
      timePrice: {
        label: 'Aperitivo',
        labelTranslations: { en: 'Aperitif' },
        price: null,
        usualPrice: null,
        percentOff: 50,
        until: { kind: 'time', time: '20:00' },
      },
    });
    expect(json.json().sections[0].items[0].timePrice).toBeUndefined();
    // On the page, each variant's line: the usual price struck through, then half of it.
    const html = (await page()).body;
    expect(html).toContain(
      `<li><span>Calice</span><span class="price"><s class="was"><span class="vh">Prezzo abituale: </span>${formatPrice(6, { language: 'it' })}</s> ${formatPrice(3, { language: 'it' })}</span></li>`,
    );
    expect(html).toContain(
      `${formatPrice(28, { language: 'it' })}</s> ${formatPrice(14, { language: 'it' })}`,
    );
  });

  it('make a kept page again exactly when a price starts or stops, and not in between', async () => {
    const { call, cocktails, page } = await setUp();
    await call('POST', '/time-prices', happyHour(cocktails.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T16:59:00Z')); // 17:59 in Rome
    expect((await page()).body).not.toContain('Aperitivo');
    const before = await renders();
    vi.setSystemTime(new Date('2026-11-23T16:59:40Z'));
    expect((await page()).body).not.toContain('Aperitivo');
    expect(await renders()).toBe(before);
    vi.setSystemTime(new Date('2026-11-23T17:00:00Z')); // 18:00: it starts
    expect((await page()).body).toContain('Aperitivo fino alle 20:00');
    expect(await renders()).toBe(before + 1);
    vi.setSystemTime(new Date('2026-11-23T18:59:59Z')); // 19:59:59: the same page
    expect((await page()).body).toContain('Aperitivo fino alle 20:00');
    expect(await renders()).toBe(before + 1);
    vi.setSystemTime(new Date('2026-11-23T19:00:00Z')); // 20:00: it stops
    expect((await page()).body).not.toContain('Aperitivo');
  });

  it("read the hours on the club's own clock", async () => {
    const rome = await setUp();
    const london = await setUp({ timeZone: 'Europe/London' });
    await rome.call('POST', '/time-prices', happyHour(rome.cocktails.id));
    await london.call('POST', '/time-prices', happyHour(london.cocktails.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T17:30:00Z')); // 18:30 in Rome, 17:30 in London
    expect((await rome.page()).body).toContain('Aperitivo fino alle 20:00');
    expect((await london.page()).body).not.toContain('Aperitivo');
    vi.setSystemTime(new Date('2026-11-23T19:30:00Z')); // 20:30 in Rome, 19:30 in London
    expect((await rome.page()).body).not.toContain('Aperitivo');
    expect((await london.page()).body).toContain('Aperitivo fino alle 20:00');
  });

  it('show the owner which dishes have another price on a chosen day and time', async () => {
    const { call, menu, cocktails, spritz, negroni, prosecco, wines } = await setUp();
    const rule = (await call('POST', '/time-prices', happyHour(cocktails.id))).json();
    await call('POST', '/time-prices', { ...happyHour(wines.id), percentOff: 10 });
    const ownRule = (
      await call('POST', '/time-prices', { itemId: spritz.id, label: 'Spritz hour', days: [1], price: 6 })
    ).json();
    const inForce = async (day: number, time: string) =>
      (await call('GET', `/time-prices/in-force?day=${day}&time=${time}`)).json().prices;
    expect(await inForce(1, '19:00')).toEqual([
      {
        timePriceId: ownRule.id,
        menuId: menu.id,
        itemId: spritz.id,
        itemName: 'Spritz',
        sectionName: 'Cocktail',
        label: 'Spritz hour',
        labelTranslations: {},
        price: 6,
        usualPrice: 7,
        percentOff: null,
        until: { kind: 'midnight' },
      },
      expect.objectContaining({ timePriceId: rule.id, itemId: negroni.id, price: 5.95, usualPrice: 8.5 }),
      expect.objectContaining({ itemId: prosecco.id, price: null, usualPrice: null, percentOff: 10 }),
    ]);
    // Tuesday 21:00: none holds. The hidden dish never shows.
    expect(await inForce(2, '21:00')).toEqual([]);
    expect(JSON.stringify(await inForce(1, '18:30'))).not.toContain('Segreto');
    expect((await call('GET', '/time-prices/in-force?day=8&time=19:00')).statusCode).toBe(400);
  });

  it('go with the dish or category they apply to', async () => {
    const { call, club, menu, spritz, cocktails } = await setUp();
    await call('POST', '/time-prices', { itemId: spritz.id, label: 'x', days: [1], price: 6 });
    await call('POST', '/time-prices', happyHour(cocktails.id));
    expect((await call('DELETE', `/menu/${menu.id}`)).statusCode).toBe(204);
    expect(await context.database.db.select().from(timePrices).where(eq(timePrices.clubId, club.id))).toEqual(
      [],
    );
  });
});
