// Over 300 lines and kept one file: every case works on the one nested resource (menu, categories, items)
// from the one set-up and its two-category dinner.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { seedOwnerWithClub } from './fixtures.ts';
import { useTestApp } from './helpers.ts';

type Item = { id: number; name: string; position: number; outOfStock: boolean; disabled: boolean };
type Section = { id: number; name: string; position: number; items: Item[]; disabled: boolean };

/** The first two of a list the test just built with at least two. */
const twoOf = <Entry>(list: Entry[]): [Entry, Entry] => {
  const [first, second] = list;
  if (first === undefined || second === undefined) throw new Error('Expected two entries');
  return [first, second];
};

describe('menus, categories and items', () => {
  const context = useTestApp();

  const setUp = (clubFields: { freeForever?: boolean } = {}) =>
    seedOwnerWithClub(context, { club: clubFields, acceptLanguage: 'en' });

  const dinner = {
    name: 'Cena',
    adminDisplayName: 'Winter dinner',
    footer: 'Coperto 2 €',
    sections: [
      {
        name: 'Antipasti',
        translations: { en: { translatedName: 'Starters' } },
        items: [
          {
            name: 'Bruschetta',
            price: 6.5,
            allergens: ['gluten'],
            translations: {
              en: {
                translatedName: 'Toasted bread',
                translatedDescription: null,
                translatedIngredients: null,
              },
            },
          },
          {
            name: 'Tagliere',
            priceText: 'Market price',
            description: 'Cured meats and cheese',
            allergens: ['milk'],
          },
        ],
      },
      { name: 'Primi', items: [{ name: 'Carbonara', price: 12, allergens: ['eggs', 'milk', 'gluten'] }] },
    ],
  };

  it('creates a whole menu in one call and reads it back, positions from 0', async () => {
    const { call } = await setUp();
    const created = await call('POST', '/menu', dinner);
    expect(created.statusCode).toBe(201);
    const menu = created.json();
    expect(menu).toMatchObject({
      name: 'Cena',
      adminDisplayName: 'Winter dinner',
      footer: 'Coperto 2 €',
      position: 0,
      enabled: true,
      refreshTime: 60,
      banner: null,
      clubAddress: 'Via Roma 1, 20121 Milano MI',
    });
    expect(menu.sections.map((section: Section) => [section.name, section.position])).toEqual([
      ['Antipasti', 0],
      ['Primi', 1],
    ]);
    const [starters] = menu.sections;
    expect(starters.translations.en).toMatchObject({
      language: 'en',
      originalName: 'Antipasti',
      translatedName: 'Starters',
    });
    expect(starters.items[0]).toMatchObject({
      name: 'Bruschetta',
      price: 6.5,
      priceText: null,
      allergens: ['gluten'],
      position: 0,
      translations: { en: { originalName: 'Bruschetta', translatedName: 'Toasted bread' } },
    });
    expect(starters.items[1]).toMatchObject({
      name: 'Tagliere',
      price: null,
      priceText: 'Market price',
      position: 1,
    });
    const again = await call('GET', `/menu/${menu.id}`);
    expect(again.json()).toEqual(menu);

    const list = await call('GET', '/menu');
    expect(list.json()).toEqual([
      {
        id: menu.id,
        name: 'Cena',
        adminDisplayName: 'Winter dinner',
        position: 0,
        enabled: true,
        hasBanner: false,
        hasSchedulings: false,
        sectionCount: 2,
        itemCount: 3,
      },
    ]);
  });

  it('keeps the limits of menus and items, and changes nothing on a refusal', async () => {
    const { call } = await setUp();
    const refused = [
      [
        { ...dinner, adminDisplayName: 'n'.repeat(101) },
        'body.adminDisplayName',
        'validation.tooLong?max=100',
      ],
      [{ ...dinner, footer: 'f'.repeat(401) }, 'body.footer', 'validation.tooLong?max=400'],
      [{ name: '  ' }, 'body.name', 'validation.required'],
      [{ name: 'X', refreshTime: 5 }, 'body.refreshTime', 'validation.refreshTime'],
      [
        { name: 'X', sections: [{ name: 'S', items: [{ name: 'i'.repeat(101), price: 1 }] }] },
        'body.sections.0.items.0.name',
        'validation.tooLong?max=100',
      ],
      [
        {
          name: 'X',
          sections: [{ name: 'S', items: [{ name: 'I', price: 1, description: 'd'.repeat(255) }] }],
        },
        'body.sections.0.items.0.description',
        'validation.tooLong?max=254',
      ],
      [
        {
          name: 'X',
          sections: [{ name: 'S', items: [{ name: 'I', price: 1, ingredients: 'd'.repeat(255) }] }],
        },
        'body.sections.0.items.0.ingredients',
        'validation.tooLong?max=254',
      ],
      [
        { name: 'X', sections: [{ name: 'S', items: [{ name: 'I', price: -1 }] }] },
        'body.sections.0.items.0.price',
        'validation.notNegative',
      ],
      [
        { name: 'X', sections: [{ name: 'S', items: [{ name: 'I', price: 1.234 }] }] },
        'body.sections.0.items.0.price',
        'validation.priceDecimals',
      ],
      [
        { name: 'X', sections: [{ name: 'S', items: [{ name: 'I' }] }] },
        'body.sections.0.items.0.price',
        'validation.priceOrText',
      ],
      [
        { name: 'X', sections: [{ name: 'S', items: [{ name: 'I', price: 1, allergens: ['pollen'] }] }] },
        'body.sections.0.items.0.allergens.0',
        'validation.invalid',
      ],
      [
        { name: 'X', sections: [{ name: 'S', items: [{ name: 'I', price: 1, branded: true }] }] },
        'body.sections.0.items.0.brandCode',
        'validation.required',
      ],
    ] as const;
    for (const [payload, path, key] of refused) {
      const response = await call('POST', '/menu', payload);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().issues).toContainEqual(expect.objectContaining({ path, key }));
    }
    // Exactly at the limits is accepted.
    const atLimits = await call('POST', '/menu', {
      name: 'X',
      adminDisplayName: 'n'.repeat(100),
      footer: 'f'.repeat(400),
      sections: [
        {
          name: 'S',
          items: [
            {
              name: 'i'.repeat(100),
              description: 'd'.repeat(254),
              ingredients: 'g'.repeat(254),
              price: 0.99,
            },
          ],
        },
      ],
    });
    expect(atLimits.statusCode).toBe(201);
    expect((await call('GET', '/menu')).json()).toHaveLength(1);
  });

  it('stops a Free club at two menus, through create, PUT and duplicate; Smart clubs go on', async () => {
    const { call } = await setUp();
    const first = (await call('POST', '/menu', { name: 'Pranzo' })).json();
    expect((await call('PUT', '/menu', { name: 'Cena' })).statusCode).toBe(201);
    for (const response of [
      await call('POST', '/menu', { name: 'Brunch' }),
      await call('PUT', '/menu', { name: 'Brunch' }),
      await call('POST', `/menu/${first.id}/duplicate`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FREE_PLAN_MENU_LIMIT',
        message: 'You have reached the maximum number of menu with the free plan',
      });
    }
    expect((await call('GET', '/menu')).json()).toHaveLength(2);
    // Changing an existing menu is not creating one.
    expect((await call('PUT', '/menu', { id: first.id, name: 'Pranzo veloce' })).statusCode).toBe(200);

    const smart = await setUp({ freeForever: true });
    for (const name of ['A', 'B', 'C'])
      expect((await smart.call('POST', '/menu', { name })).statusCode).toBe(201);
  });

  it("duplicates deeply and independently, named in the owner's language", async () => {
    const { call, owner } = await setUp({ freeForever: true });
    const original = (await call('POST', '/menu', { ...dinner, nameTranslations: { en: 'Dinner' } })).json();
    expect(original.nameTranslations).toEqual({ en: 'Dinner' });
    const duplicated = await call('POST', `/menu/${original.id}/duplicate`);
    expect(duplicated.statusCode).toBe(201);
    // The answer is the copy's card in the menu list; the copy itself is read like any menu.
    const card = duplicated.json();
    expect(card).toEqual({
      id: expect.any(Number),
      name: 'Cena (copia)',
      adminDisplayName: original.adminDisplayName,
      position: 1,
      enabled: original.enabled,
      hasBanner: false,
      hasSchedulings: false,
      sectionCount: original.sections.length,
      itemCount: original.sections.flatMap((section: Section) => section.items).length,
    });
    expect((await call('GET', '/menu')).json()[1]).toEqual(card);
    const copy = (await call('GET', `/menu/${card.id}`)).json();
    expect(copy.name).toBe('Cena (copia)');
    // "Dinner" would not name "Cena (copia)": the copy starts without name translations.
    expect(copy.nameTranslations).toEqual({});
    expect(copy.position).toBe(1);
    expect(copy.id).not.toBe(original.id);
    const strip = (menu: { sections: Section[] }) =>
      menu.sections.map((section) => ({
        name: section.name,
        position: section.position,
        items: section.items.map(({ id: _id, ...item }) => ({
          ...item,
          translations: JSON.stringify(Object.keys(item)),
        })),
      }));
    expect(strip(copy)).toEqual(strip(original));
    expect(copy.sections[0].translations.en.translatedName).toBe('Starters');
    expect(copy.sections[0].items[0].translations.en.translatedName).toBe('Toasted bread');

    // Changing the copy leaves the original as it was.
    const copiedItem = copy.sections[0].items[0];
    await call('PUT', `/menu/${copy.id}/sections/${copy.sections[0].id}/items`, {
      id: copiedItem.id,
      name: 'Bruschetta al pomodoro',
      price: 7,
    });
    await call('DELETE', `/menu/${copy.id}/sections/${copy.sections[1].id}`);
    const originalAgain = (await call('GET', `/menu/${original.id}`)).json();
    expect(originalAgain).toEqual(original);

    await context.database.db
      .update(accounts)
      .set({ language: 'en' })
      .where(eq(accounts.id, owner.account.id));
    expect((await call('POST', `/menu/${original.id}/duplicate`)).json().name).toBe('Cena (copy)');
  });

  it('moves and switches menus in a batch, all or nothing, positions contiguous after a delete', async () => {
    const { call } = await setUp({ freeForever: true });
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push((await call('POST', '/menu', { name })).json().id);
    const [a, b, c, d] = ids as [number, number, number, number];
    const moved = await call('PUT', '/menu/batch', {
      menus: [
        { id: d, position: 0 },
        { id: b, enabled: false },
      ],
    });
    expect(moved.statusCode).toBe(200);
    expect(
      moved
        .json()
        .map((menu: { name: string; position: number; enabled: boolean }) => [
          menu.name,
          menu.position,
          menu.enabled,
        ]),
    ).toEqual([
      ['D', 0, true],
      ['A', 1, true],
      ['B', 2, false],
      ['C', 3, true],
    ]);

    const other = await setUp({ freeForever: true });
    const foreign = (await other.call('POST', '/menu', { name: 'Altrui' })).json().id;
    const refused = await call('PUT', '/menu/batch', {
      menus: [
        { id: a, position: 3, enabled: false },
        { id: foreign, position: 0 },
      ],
    });
    expect(refused.statusCode).toBe(404);
    const unchanged = (await call('GET', '/menu')).json();
    expect(unchanged.map((menu: { name: string; enabled: boolean }) => [menu.name, menu.enabled])).toEqual([
      ['D', true],
      ['A', true],
      ['B', false],
      ['C', true],
    ]);

    expect((await call('DELETE', `/menu/${a}`)).statusCode).toBe(204);
    expect(
      (await call('GET', '/menu'))
        .json()
        .map((menu: { name: string; position: number }) => [menu.name, menu.position]),
    ).toEqual([
      ['D', 0],
      ['B', 1],
      ['C', 2],
    ]);
    expect((await call('GET', `/menu/${a}`)).statusCode).toBe(404);
    expect((await call('GET', `/menu/${c}`)).statusCode).toBe(200);
  });

  it('renames a category only to a new, non-blank name; translates, disables and deletes it', async () => {
    const { call } = await setUp();
    const menu = (await call('POST', '/menu', dinner)).json();
    const [starters, firsts] = twoOf(menu.sections as Section[]);
    const path = `/menu/${menu.id}/sections`;
    const same = await call('PUT', path, { id: starters.id, name: 'Antipasti' });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues[0]).toMatchObject({
      path: 'body.name',
      message: 'Enter a new name, different from the current one',
    });
    expect((await call('PUT', path, { id: starters.id, name: '   ' })).statusCode).toBe(400);
    const renamed = await call('PUT', path, {
      id: starters.id,
      name: 'Per cominciare',
      translations: { en: { translatedName: 'To begin' }, de: { translatedName: 'Vorspeisen' } },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Per cominciare',
      translations: {
        en: { translatedName: 'To begin', originalName: 'Per cominciare' },
        de: { translatedName: 'Vorspeisen' },
      },
    });
    const untranslated = await call('PUT', path, {
      id: starters.id,
      disabled: true,
      translations: { de: null },
    });
    expect(untranslated.json().disabled).toBe(true);
    expect(Object.keys(untranslated.json().translations)).toEqual(['en']);

    const created = await call('PUT', path, { name: 'Dolci' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Dolci', position: 2, items: [] });

    const moved = await call('PUT', `${path}/batch`, { sections: [{ id: created.json().id, position: 0 }] });
    expect(moved.json().map((section: Section) => section.name)).toEqual([
      'Dolci',
      'Per cominciare',
      'Primi',
    ]);
    expect((await call('DELETE', `${path}/${firsts.id}`)).statusCode).toBe(204);
    const after = (await call('GET', `/menu/${menu.id}`)).json();
    expect(after.sections.map((section: Section) => [section.name, section.position])).toEqual([
      ['Dolci', 0],
      ['Per cominciare', 1],
    ]);
  });

  it('creates, changes, marks and deletes items; batch is all or nothing', async () => {
    const { call } = await setUp();
    const menu = (await call('POST', '/menu', dinner)).json();
    const [starters, firsts] = twoOf(menu.sections as Section[]);
    const path = `/menu/${menu.id}/sections/${starters.id}/items`;
    const created = await call('PUT', path, {
      name: 'Olive ascolane',
      description: 'Fritte al momento',
      ingredients: 'Olive, carne, pangrattato',
      allergens: ['gluten', 'eggs'],
      price: 5,
      suggested: true,
      translateName: false,
      translations: { en: { translatedDescription: 'Freshly fried' } },
    });
    expect(created.statusCode).toBe(201);
    const olive = created.json();
    expect(olive).toMatchObject({ position: 2, suggested: true, translateName: false, brandCode: null });
    expect(olive.translations.en).toMatchObject({
      translatedName: null,
      translatedDescription: 'Freshly fried',
    });

    const changed = await call('PUT', path, {
      id: olive.id,
      name: 'Olive ascolane',
      price: 5.5,
      branded: true,
      brandCode: 'ASC-01',
    });
    expect(changed.json()).toMatchObject({
      price: 5.5,
      branded: true,
      brandCode: 'ASC-01',
      suggested: false,
    });

    const [bruschetta, tagliere] = twoOf(starters.items);
    const batch = await call('PUT', `${path}/batch`, {
      items: [
        { id: olive.id, position: 0, outOfStock: true },
        { id: bruschetta.id, bestSeller: true, disabled: true },
      ],
    });
    expect(batch.statusCode).toBe(200);
    expect(
      batch
        .json()
        .map((item: Item & { bestSeller: boolean }) => [
          item.name,
          item.position,
          item.outOfStock,
          item.bestSeller,
          item.disabled,
        ]),
    ).toEqual([
      ['Olive ascolane', 0, true, false, false],
      ['Bruschetta', 1, false, true, true],
      ['Tagliere', 2, false, false, false],
    ]);
    // An item of another category in the batch: nothing changes.
    const [carbonara] = firsts.items;
    if (!carbonara) throw new Error('Primi has no item');
    const refused = await call('PUT', `${path}/batch`, {
      items: [
        { id: tagliere.id, outOfStock: true },
        { id: carbonara.id, outOfStock: true },
      ],
    });
    expect(refused.statusCode).toBe(404);
    const section = (await call('GET', `/menu/${menu.id}/sections/${starters.id}`)).json();
    expect(section.items.find((item: Item) => item.id === tagliere.id).outOfStock).toBe(false);

    expect((await call('DELETE', `${path}/${olive.id}`)).statusCode).toBe(204);
    const remaining = (await call('GET', `/menu/${menu.id}/sections/${starters.id}`)).json().items;
    expect(remaining.map((item: Item) => [item.name, item.position])).toEqual([
      ['Bruschetta', 0],
      ['Tagliere', 1],
    ]);
  });

  it('answers 404 when an id belongs to another parent', async () => {
    const { call } = await setUp({ freeForever: true });
    const first = (await call('POST', '/menu', dinner)).json();
    const second = (await call('POST', '/menu', dinner)).json();
    const item = first.sections[0].items[0];
    const otherSection = second.sections[0];
    for (const [method, path, payload] of [
      ['GET', `/menu/${second.id}/sections/${first.sections[0].id}`],
      ['DELETE', `/menu/${second.id}/sections/${first.sections[0].id}`],
      ['GET', `/menu/${first.id}/sections/${otherSection.id}/items/${item.id}`],
      ['GET', `/menu/${second.id}/sections/${otherSection.id}/items/${item.id}`],
      ['DELETE', `/menu/${first.id}/sections/${first.sections[1].id}/items/${item.id}`],
      ['PUT', `/menu/${first.id}/sections/${otherSection.id}/items`, { id: item.id, name: 'x', price: 1 }],
      ['PUT', `/menu/${second.id}/sections`, { id: first.sections[0].id, name: 'Nuovo' }],
      [
        'PUT',
        `/menu/${second.id}/sections/batch`,
        { sections: [{ id: first.sections[0].id, disabled: true }] },
      ],
      ['PUT', '/menu', { id: 999999999, name: 'x' }],
    ] as const) {
      const response = await call(method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    // Nothing of the first menu changed.
    expect((await call('GET', `/menu/${first.id}`)).json()).toEqual(first);
  });
});
