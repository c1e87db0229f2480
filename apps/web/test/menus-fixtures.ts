import type { MenuItem, MenuSection } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';

type ItemTranslation = NonNullable<MenuItem['translations'][MenuLanguage]>;

/** A dish as the server answers it, everything off, with the fields a test names. */
export const dish = (id: number, fields: Partial<MenuItem> = {}): MenuItem => ({
  id,
  name: `Piatto ${id}`,
  description: null,
  ingredients: null,
  allergens: [],
  additionalNotes: null,
  price: null,
  priceText: null,
  position: id,
  disabled: false,
  outOfStock: false,
  bestSeller: false,
  suggested: false,
  branded: false,
  brandCode: null,
  translateName: true,
  photo: null,
  translations: {},
  variants: [],
  ...fields,
});

/** A category holding `items`. */
export const category = (id: number, items: MenuItem[], fields: Partial<MenuSection> = {}): MenuSection => ({
  id,
  name: `Categoria ${id}`,
  position: id,
  disabled: false,
  items,
  translations: {},
  ...fields,
});

/** A dish's translation into `language` with only the texts a test names, the rest blank. */
export const dishTranslation = (
  language: MenuLanguage,
  fields: Partial<ItemTranslation> = {},
): ItemTranslation => ({
  id: 1,
  language,
  originalName: '',
  originalDescription: null,
  originalIngredients: null,
  originalPriceText: null,
  originalAdditionalNotes: null,
  translatedName: null,
  translatedDescription: null,
  translatedIngredients: null,
  translatedPriceText: null,
  translatedAdditionalNotes: null,
  ...fields,
});

/** A category's name translated into `language`. */
export const categoryTranslation = (language: MenuLanguage, translatedName: string) => ({
  id: 1,
  language,
  originalName: '',
  translatedName,
});
