import { describe, expect, it } from 'vitest';
import {
  itemFormValuesOf,
  priceText,
  toggledAllergen,
  typedPrice,
} from '../src/features/menus/item-form-values.ts';
import { dish, dishTranslation } from './menus-fixtures.ts';

describe('the item form as it opens', () => {
  it('starts a new dish blank, shown to guests, its name translated, a set of fields per language', () => {
    const values = itemFormValuesOf(undefined, ['en']);
    expect(values).toMatchObject({
      name: '',
      price: null,
      photo: null,
      disabled: false,
      translateName: true,
    });
    expect(values).not.toHaveProperty('id');
    expect(values.translations).toEqual({
      en: {
        translatedName: '',
        translatedDescription: '',
        translatedIngredients: '',
        translatedPriceText: '',
        translatedAdditionalNotes: '',
      },
    });
  });

  it('shows a saved dish as saved, its missing texts blank', () => {
    const values = itemFormValuesOf(
      dish(9, {
        name: 'Carbonara',
        price: 12.5,
        outOfStock: true,
        allergens: ['eggs'],
        translations: { en: dishTranslation('en', { translatedName: 'Carbonara' }) },
      }),
      ['en', 'de'],
    );
    expect(values).toMatchObject({
      id: 9,
      name: 'Carbonara',
      price: 12.5,
      outOfStock: true,
      description: '',
    });
    expect(values.allergens).toEqual(['eggs']);
    expect(values.translations?.en?.translatedName).toBe('Carbonara');
    expect(values.translations?.en?.translatedDescription).toBe('');
    expect(values.translations?.de?.translatedName).toBe('');
  });
});

describe('the price field', () => {
  it('reads a price typed the Italian or the English way, blank as no price', () => {
    expect(typedPrice('6,50')).toBe(6.5);
    expect(typedPrice(' 6.50 ')).toBe(6.5);
    expect(typedPrice('  ')).toBeNull();
  });

  it('shows a saved price with a decimal comma in Italian and a point in English', () => {
    expect(priceText(6.5, 'it')).toBe('6,5');
    expect(priceText(6.5, 'en')).toBe('6.5');
    expect(priceText(null, 'it')).toBe('');
  });
});

describe('the allergen chips', () => {
  it('adds an allergen in the order of the full list and removes it on a second click', () => {
    const chosen = toggledAllergen(['milk'], 'gluten');
    expect(chosen).toEqual(['gluten', 'milk']);
    expect(toggledAllergen(chosen, 'milk')).toEqual(['gluten']);
  });
});
