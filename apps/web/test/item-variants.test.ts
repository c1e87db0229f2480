import {
  ITEM_VARIANTS_MAX,
  itemVariantsInput,
  variantName,
  variantPrices,
} from '@carta/contract/item-variants';
import { SaveItemRequestSchema, type TranslatableText } from '@carta/contract/menus';
import { describe, expect, it } from 'vitest';
import { itemFormValuesOf, variantFormValuesOf } from '../src/features/menus/item-form-values.ts';
import { menuSearchMatches } from '../src/features/menus/menu-search.ts';
import { textGroups } from '../src/features/menus/translation-overview.ts';
import {
  dishNameOf,
  editedTexts,
  translationKeyOf,
  untranslatedCount,
} from '../src/features/menus/translation-targets.ts';
import { variantsSummary } from '../src/features/menus/variant-summary.ts';
import { category, dish } from './menus-fixtures.ts';

// An item's variants in the owner app (decision 0085): the form's rows, the list's summary, the search
// and the translations screen.

const glass = { id: 31, name: 'Calice', nameTranslations: { en: 'Glass' }, price: 6 };
const bottle = { id: 32, name: 'Bottiglia 0,75 l', nameTranslations: {}, price: 28 };

describe("a dish's variants in the item form", () => {
  it('opens a saved dish with its variants in order, their ids kept, a name field per language', () => {
    const values = itemFormValuesOf(dish(9, { name: 'Barolo', variants: [glass, bottle] }), ['en', 'de']);
    expect(values.variants).toEqual([
      { id: 31, name: 'Calice', nameTranslations: { en: 'Glass', de: '' }, price: 6 },
      { id: 32, name: 'Bottiglia 0,75 l', nameTranslations: { en: '', de: '' }, price: 28 },
    ]);
    expect(itemFormValuesOf(undefined, ['en']).variants).toEqual([]);
  });

  it('adds a blank row without an id, which the schema refuses until it has a name and a price', () => {
    const row = variantFormValuesOf(undefined, ['en']);
    expect(row).toEqual({ name: '', nameTranslations: { en: '' }, price: null });
    const saved = SaveItemRequestSchema.safeParse({ name: 'Barolo', variants: [row] });
    expect(saved.success).toBe(false);
    expect(saved.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['variants.0.name', 'validation.required'],
      ['variants.0.price', 'validation.number'],
    ]);
  });

  it('needs no price of the dish once it has variants, and drops blank translations', () => {
    const saved = SaveItemRequestSchema.parse({
      name: 'Barolo',
      variants: [{ name: ' Calice ', nameTranslations: { en: 'Glass', de: ' ' }, price: 6 }],
    });
    expect(saved.price).toBeNull();
    expect(saved.variants).toEqual([{ name: 'Calice', nameTranslations: { en: 'Glass' }, price: 6 }]);
    expect(SaveItemRequestSchema.safeParse({ name: 'Barolo', variants: [] }).success).toBe(false);
  });

  it('refuses a name twice, case and spaces aside, and more than the most variants', () => {
    const twice = itemVariantsInput.safeParse([
      { name: 'Calice', price: 6 },
      { name: 'CALICE ', price: 7 },
    ]);
    expect(twice.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 'name'], message: 'validation.variantNameTaken' }),
    ]);
    const many = Array.from({ length: ITEM_VARIANTS_MAX + 1 }, (_, index) => ({
      name: `${index}`,
      price: 1,
    }));
    expect(itemVariantsInput.safeParse(many).error?.issues[0]?.message).toBe(
      'validation.tooManyVariants?max=10',
    );
    expect(itemVariantsInput.safeParse(many.slice(1)).success).toBe(true);
  });
});

describe("a dish's variants as read", () => {
  it("summarise the dish's prices in the list, in the interface language's format, kept together by part", () => {
    expect(variantsSummary([glass, bottle], 'it')).toBe(
      'Calice\u00a06,00\u00a0€ · Bottiglia\u00a00,75\u00a0l\u00a028,00\u00a0€',
    );
    expect(variantsSummary([glass], 'en')).toBe('Calice\u00a0€6.00');
    expect(variantsSummary([], 'it')).toBe('');
  });

  it("read each name in the guest's language, else as written, with the price in its format", () => {
    expect(variantName(glass, 'en')).toBe('Glass');
    expect(variantName(glass, 'de')).toBe('Calice');
    expect(variantPrices([glass, bottle], 'en')).toEqual([
      { name: 'Glass', price: '€6.00' },
      { name: 'Bottiglia 0,75 l', price: '€28.00' },
    ]);
  });

  it("find a dish by its variants' names in the owner's search", () => {
    const menu = {
      sections: [
        category(1, [dish(1, { name: 'Barolo', variants: [glass, bottle] }), dish(2, { name: 'Acqua' })]),
      ],
    };
    expect(menuSearchMatches(menu, 'bottiglia').map(({ item }) => item.id)).toEqual([1]);
    expect(menuSearchMatches(menu, 'barolo calice').map(({ item }) => item.id)).toEqual([1]);
    expect(menuSearchMatches(menu, 'magnum')).toEqual([]);
  });
});

describe("a variant's name on the translations screen", () => {
  const texts: TranslatableText[] = [
    { kind: 'section', id: 4, sectionId: 4, field: 'name', original: 'Rossi', translations: { en: 'Reds' } },
    {
      kind: 'item',
      id: 9,
      sectionId: 4,
      field: 'description',
      original: 'Nebbiolo',
      translations: { en: null },
    },
    {
      kind: 'variant',
      id: 31,
      sectionId: 4,
      itemId: 9,
      itemName: 'Barolo',
      field: 'name',
      original: 'Calice',
      translations: { en: null },
    },
  ];
  const variant = texts[2] as TranslatableText;

  it('sits in its category with the dish it prices named, and counts while untranslated', () => {
    expect(textGroups(texts, texts).map((group) => [group.sectionName, group.texts.length])).toEqual([
      ['Rossi', 3],
    ]);
    expect(dishNameOf(texts, variant)).toBe('Barolo');
    expect(untranslatedCount(texts, 'en')).toBe(2);
    expect(untranslatedCount(texts, 'en', { [translationKeyOf(variant, 'en')]: 'Glass' })).toBe(1);
  });

  it('keeps its edit under `variant:<id>:name:<language>` and sends it back as such', () => {
    const key = translationKeyOf(variant, 'en');
    expect(key).toBe('variant:31:name:en');
    expect(editedTexts({ [key]: 'Glass' })).toEqual([
      { kind: 'variant', id: 31, field: 'name', language: 'en', text: 'Glass' },
    ]);
  });
});
