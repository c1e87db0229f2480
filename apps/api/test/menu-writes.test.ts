import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banners, schedulings } from '../src/db/schema.ts';
import { seedOwnerWithClub } from './fixtures.ts';
import { testDatabaseKind, useTestApp } from './helpers.ts';

// The builder's writes cost a bounded number of statements whatever the menu's size (set-based writes).
// Per-row code fails these at once: it duplicated this 120-item menu in about 370 statements and moved
// 100 items in about 210.

type Translation = { id: number } & Record<string, unknown>;
type Item = { id: number; name: string; position: number; outOfStock: boolean } & Record<string, unknown> & {
    translations: Record<string, Translation>;
  };
type Section = { id: number; name: string; position: number; items: Item[] } & Record<string, unknown> & {
    translations: Record<string, Translation>;
  };
type FullMenu = {
  id: number;
  sections: Section[];
  banner: ({ id: number } & Record<string, unknown>) | null;
} & Record<string, unknown>;

/**
 * node-postgres sends BEGIN and COMMIT through Drizzle, and a write's NOTIFY to the other processes'
 * guest caches: the counter sees three statements more there than on PGlite, whatever the write.
 */
const driverStatements = testDatabaseKind() === 'postgres' ? 3 : 0;

const withoutIds = (translations: Record<string, Translation>) =>
  Object.fromEntries(
    Object.entries(translations).map(([language, { id: _id, ...rest }]) => [language, rest]),
  );

/** A menu's content as a copy must repeat it: everything but the ids. */
const contentOf = (menu: FullMenu) =>
  menu.sections.map(({ id: _sectionId, items, translations, ...section }) => ({
    ...section,
    translations: withoutIds(translations),
    items: items.map(({ id: _itemId, translations: itemTranslations, ...item }) => ({
      ...item,
      translations: withoutIds(itemTranslations),
    })),
  }));

const bigMenu = (sectionCount: number, itemsPerSection: number) => ({
  name: 'Carta grande',
  nameTranslations: { en: 'Big menu' },
  adminDisplayName: 'All year',
  footer: 'Coperto 2 €',
  refreshTime: 120,
  sections: Array.from({ length: sectionCount }, (_, section) => ({
    name: `Categoria ${section + 1}`,
    disabled: section === 2,
    translations: {
      en: { translatedName: `Category ${section + 1}` },
      ...(section === 0 ? { de: { translatedName: 'Kategorie 1' } } : {}),
    },
    items: Array.from({ length: itemsPerSection }, (_, item) => ({
      name: `Piatto ${section + 1}.${item + 1}`,
      description: item % 2 ? `Descrizione ${item}` : null,
      ingredients: item % 3 ? 'Farina, acqua' : null,
      allergens: item % 4 ? ['gluten'] : ['milk', 'eggs'],
      ...(item % 10 === 9 ? { priceText: 'Prezzo di mercato' } : { price: 4 + (item % 7) + 0.5 }),
      outOfStock: item % 11 === 0,
      bestSeller: item % 13 === 0,
      suggested: item % 5 === 0,
      disabled: item % 17 === 0,
      translateName: item % 6 !== 0,
      ...(item % 15 === 1 ? { branded: true, brandCode: `BR-${item}` } : {}),
      translations: {
        en: {
          translatedName: `Dish ${section + 1}.${item + 1}`,
          translatedDescription: item % 2 ? `Description ${item}` : null,
          translatedIngredients: null,
        },
        ...(item % 8 === 0
          ? {
              de: {
                translatedName: null,
                translatedDescription: 'Beschreibung',
                translatedIngredients: 'Mehl, Wasser',
              },
            }
          : {}),
      },
    })),
  })),
});

describe('set-based menu writes', () => {
  const context = useTestApp();

  const setUp = async () => {
    const owner = await seedOwnerWithClub(context, { club: { freeForever: true } });
    /** The owner's request, with how many statements the database ran for it. */
    const call = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => {
      const before = context.database.statements();
      const response = await owner.call(method, path, payload);
      return { response, statements: context.database.statements() - before };
    };
    return { call };
  };

  it('creates and duplicates a 120-item menu in a bounded number of statements; the copy is identical', async () => {
    const { call } = await setUp();
    const created = await call('POST', '/menu', bigMenu(3, 40));
    expect(created.response.statusCode).toBe(201);
    expect(created.statements).toBeLessThanOrEqual(15 + driverStatements);
    const menuId: number = created.response.json().id;
    await context.database.db.insert(schedulings).values([
      { menuId, days: [1, 2, 3], startTime: '12:00', endTime: '15:00' },
      { menuId, days: [6, 7], startTime: null, endTime: null },
    ]);
    await context.database.db.insert(banners).values({
      menuId,
      title: 'Serata jazz',
      subtitle: 'Ogni venerdì',
      description: 'Musica dal vivo',
      price: '25 €',
      forYou: true,
    });
    const original: FullMenu = (await call('GET', `/menu/${menuId}`)).response.json();
    expect(original.sections.flatMap((section) => section.items)).toHaveLength(120);

    const duplicated = await call('POST', `/menu/${menuId}/duplicate`);
    expect(duplicated.response.statusCode).toBe(201);
    expect(duplicated.statements).toBeLessThan(10 + driverStatements);
    expect(duplicated.response.json()).toMatchObject({
      name: 'Carta grande (copia)',
      position: 1,
      hasBanner: true,
      hasSchedulings: true,
      sectionCount: 3,
      itemCount: 120,
    });
    const copy: FullMenu = (await call('GET', `/menu/${duplicated.response.json().id}`)).response.json();
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({ name: 'Carta grande (copia)', nameTranslations: {}, position: 1 });
    expect(contentOf(copy)).toEqual(contentOf(original));
    const {
      id: _id,
      name: _name,
      nameTranslations: _names,
      position: _position,
      sections: _sections,
      ...fields
    } = original;
    expect(copy).toMatchObject({ ...fields, banner: { ...fields.banner, id: expect.any(Number) } });
    expect(copy.banner?.id).not.toBe(original.banner?.id);
    // The copy's own rows, not the original's.
    const sectionIds = (menu: FullMenu) => menu.sections.map((section) => section.id);
    const itemIds = (menu: FullMenu) =>
      menu.sections.flatMap((section) => section.items.map((item) => item.id));
    expect(sectionIds(copy).filter((id) => sectionIds(original).includes(id))).toEqual([]);
    expect(itemIds(copy).filter((id) => itemIds(original).includes(id))).toEqual([]);

    const rulesOf = async (id: number) =>
      (await context.database.db.select().from(schedulings).where(eq(schedulings.menuId, id)))
        .map(({ id: _ruleId, menuId: _menuId, ...rule }) => rule)
        .sort((left, right) => (left.days[0] ?? 0) - (right.days[0] ?? 0));
    expect(await rulesOf(copy.id)).toEqual(await rulesOf(original.id));
    expect(await rulesOf(copy.id)).toHaveLength(2);
  });

  it('creates categories without items and stores only the translations that say something', async () => {
    const { call } = await setUp();
    const created = await call('POST', '/menu', {
      name: 'Bar',
      sections: [
        { name: 'Vuota', translations: { en: { translatedName: '   ' }, de: null } },
        {
          name: 'Cocktail',
          disabled: true,
          translations: { en: { translatedName: 'Cocktails' } },
          items: [
            {
              name: 'Negroni',
              price: 9,
              branded: true,
              brandCode: 'CAMPARI-1',
              translations: {
                en: { translatedName: null, translatedDescription: 'Bitter and sweet' },
                de: { translatedName: ' ' },
              },
            },
            { name: 'Spritz', priceText: 'In offerta', brandCode: 'APEROL-1', translations: { en: null } },
          ],
        },
      ],
    });
    expect(created.response.statusCode).toBe(201);
    expect(created.statements).toBeLessThanOrEqual(9 + driverStatements);
    const menu: FullMenu = created.response.json();
    expect(menu.sections).toMatchObject([
      { name: 'Vuota', position: 0, disabled: false, items: [], translations: {} },
      {
        name: 'Cocktail',
        position: 1,
        disabled: true,
        translations: { en: { originalName: 'Cocktail', translatedName: 'Cocktails' } },
        items: [
          {
            name: 'Negroni',
            position: 0,
            price: 9,
            branded: true,
            brandCode: 'CAMPARI-1',
            translateName: true,
            translations: {
              en: {
                originalName: 'Negroni',
                translatedName: null,
                translatedDescription: 'Bitter and sweet',
              },
            },
          },
          // Not branded: its code is not kept.
          {
            name: 'Spritz',
            position: 1,
            price: null,
            priceText: 'In offerta',
            brandCode: null,
            translations: {},
          },
        ],
      },
    ]);
    expect(Object.keys(menu.sections[1]?.items[0]?.translations ?? {})).toEqual(['en']);
    expect((await call('GET', `/menu/${menu.id}`)).response.json()).toEqual(menu);
  });

  it('moves and marks 100 items in a bounded number of statements', async () => {
    const { call } = await setUp();
    const menu: FullMenu = (await call('POST', '/menu', bigMenu(1, 100))).response.json();
    const [section] = menu.sections;
    if (!section) throw new Error('The menu has no category');
    const path = `/menu/${menu.id}/sections/${section.id}/items`;
    const reversed = [...section.items].reverse();

    const batch = await call('PUT', `${path}/batch`, {
      items: reversed.map((item, position) => ({ id: item.id, position, outOfStock: position % 2 === 0 })),
    });
    expect(batch.response.statusCode).toBe(200);
    expect(batch.statements).toBeLessThanOrEqual(8 + driverStatements);
    const expected = reversed.map((item, position) => [item.name, position, position % 2 === 0]);
    const answered: Item[] = batch.response.json();
    expect(answered.map((item) => [item.name, item.position, item.outOfStock])).toEqual(expected);
    const stored: Section = (await call('GET', `/menu/${menu.id}/sections/${section.id}`)).response.json();
    expect(stored.items.map((item) => [item.name, item.position, item.outOfStock])).toEqual(expected);
    // Only what the batch gave changed: the translations and other marks are as they were.
    const byId = (items: Item[]) => [...items].sort((left, right) => left.id - right.id);
    expect(byId(stored.items)).toEqual(
      byId(
        section.items.map((item) => ({
          ...item,
          position: 99 - item.position,
          outOfStock: (99 - item.position) % 2 === 0,
        })),
      ),
    );

    const [item] = stored.items;
    if (!item) throw new Error('The category has no item');
    const saved = await call('PUT', path, {
      id: item.id,
      name: 'Piatto nuovo',
      price: 9,
      translations: { en: { translatedName: 'New dish' }, de: null },
    });
    expect(saved.response.statusCode).toBe(200);
    expect(saved.statements).toBeLessThanOrEqual(8 + driverStatements);
    expect(saved.response.json()).toMatchObject({
      name: 'Piatto nuovo',
      position: 0,
      translations: { en: { translatedName: 'New dish', originalName: 'Piatto nuovo' } },
    });
    expect(Object.keys(saved.response.json().translations)).toEqual(['en']);
  });
});
