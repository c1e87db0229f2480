import { describe, expect, it } from 'vitest';
import { ALLERGENS, BannerFieldsSchema, SchedulingFieldsSchema } from '../src/entities.ts';
import { ItemFieldsSchema, MenuFieldsSchema } from '../src/menus.ts';
import { sharedMessages } from '../src/messages.ts';

const issueKeys = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('write shapes keep the rules and limits of docs/product.md', () => {
  it('item: name 100, description 254, ingredients 254, price not negative with 2 decimals', () => {
    const ok = {
      name: 'a'.repeat(100),
      description: 'd'.repeat(254),
      ingredients: 'i'.repeat(254),
      price: 12.5,
    };
    expect(ItemFieldsSchema.safeParse(ok).success).toBe(true);
    expect(issueKeys(ItemFieldsSchema.safeParse({ ...ok, name: 'a'.repeat(101) }))).toEqual([
      ['name', 'validation.tooLong?max=100'],
    ]);
    expect(issueKeys(ItemFieldsSchema.safeParse({ ...ok, description: 'd'.repeat(255) }))).toEqual([
      ['description', 'validation.tooLong?max=254'],
    ]);
    expect(issueKeys(ItemFieldsSchema.safeParse({ ...ok, price: -1 }))).toEqual([
      ['price', 'validation.notNegative'],
    ]);
    expect(issueKeys(ItemFieldsSchema.safeParse({ ...ok, price: 1.005 }))).toEqual([
      ['price', 'validation.priceDecimals'],
    ]);
  });

  it('menu: hidden note 100, footer 400', () => {
    expect(
      MenuFieldsSchema.safeParse({ name: 'Cena', adminDisplayName: 'n'.repeat(100), footer: 'f'.repeat(400) })
        .success,
    ).toBe(true);
    expect(
      issueKeys(MenuFieldsSchema.safeParse({ name: 'Cena', adminDisplayName: 'n'.repeat(101) })),
    ).toEqual([['adminDisplayName', 'validation.tooLong?max=100']]);
    expect(issueKeys(MenuFieldsSchema.safeParse({ name: 'Cena', footer: 'f'.repeat(401) }))).toEqual([
      ['footer', 'validation.tooLong?max=400'],
    ]);
  });

  it('promotion: title required up to 100, subtitle 255, description 1000, price required up to 45', () => {
    const ok = {
      title: 't'.repeat(100),
      subtitle: 's'.repeat(255),
      description: 'd'.repeat(1000),
      price: 'p'.repeat(45),
    };
    expect(BannerFieldsSchema.safeParse(ok).success).toBe(true);
    expect(issueKeys(BannerFieldsSchema.safeParse({ ...ok, title: '' }))).toEqual([
      ['title', 'validation.required'],
    ]);
    expect(issueKeys(BannerFieldsSchema.safeParse({ ...ok, price: 'p'.repeat(46) }))).toEqual([
      ['price', 'validation.tooLong?max=45'],
    ]);
  });

  it('scheduling: at least one day, HH:mm times', () => {
    expect(
      SchedulingFieldsSchema.safeParse({
        days: [1, 7],
        startTime: '22:00',
        endTime: '02:00',
        tableZone: null,
      }).success,
    ).toBe(true);
    expect(
      issueKeys(
        SchedulingFieldsSchema.safeParse({ days: [], startTime: null, endTime: null, tableZone: null }),
      ),
    ).toEqual([['days', 'validation.required']]);
    expect(
      issueKeys(
        SchedulingFieldsSchema.safeParse({ days: [1], startTime: '24:00', endTime: null, tableZone: null }),
      ),
    ).toEqual([['startTime', 'validation.time']]);
  });

  it('names the 14 EU allergens', () => {
    expect(ALLERGENS).toHaveLength(14);
  });
});

describe('message catalogues', () => {
  const flatten = (node: object, prefix = ''): string[] =>
    Object.entries(node).flatMap(([key, value]) =>
      value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
    );

  it('Italian and English have the same keys', () => {
    expect(flatten(sharedMessages.it).sort()).toEqual(flatten(sharedMessages.en).sort());
  });
});
