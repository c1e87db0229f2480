import { ALLERGENS, type ItemVariant, type MenuItem } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import type { SaveItemRequestSchema } from '@carta/contract/menus';
import type { z } from 'zod';

type ItemRequest = z.input<typeof SaveItemRequestSchema>;

/** A variant's row in the form: a new row has no price yet (the schema asks for one on save). */
export type VariantFormValues = Omit<NonNullable<ItemRequest['variants']>[number], 'price'> & {
  price: number | null;
};

/** The item form's values, as typed (before the schema's own clean-up). */
export type ItemFormValues = Omit<ItemRequest, 'variants'> & { variants: VariantFormValues[] };

/** A variant as its row opens: as saved (its id kept), or blank; a name field per menu language. */
export const variantFormValuesOf = (
  variant: ItemVariant | undefined,
  languages: MenuLanguage[],
): VariantFormValues => ({
  ...(variant ? { id: variant.id } : {}),
  name: variant?.name ?? '',
  nameTranslations: Object.fromEntries(
    languages.map((language) => [language, variant?.nameTranslations[language] ?? '']),
  ),
  price: variant?.price ?? null,
});

/** The form as it opens: the item as saved, or a new item's defaults; a set of fields per menu language. */
export const itemFormValuesOf = (item: MenuItem | undefined, languages: MenuLanguage[]): ItemFormValues => ({
  ...(item ? { id: item.id } : {}),
  name: item?.name ?? '',
  description: item?.description ?? '',
  ingredients: item?.ingredients ?? '',
  allergens: item?.allergens ?? [],
  additionalNotes: item?.additionalNotes ?? '',
  price: item?.price ?? null,
  priceText: item?.priceText ?? '',
  photo: item?.photo?.key ?? null,
  disabled: item?.disabled ?? false,
  outOfStock: item?.outOfStock ?? false,
  bestSeller: item?.bestSeller ?? false,
  suggested: item?.suggested ?? false,
  branded: item?.branded ?? false,
  brandCode: item?.brandCode ?? '',
  translateName: item?.translateName ?? true,
  translations: Object.fromEntries(
    languages.map((language) => {
      const translation = item?.translations[language];
      return [
        language,
        {
          translatedName: translation?.translatedName ?? '',
          translatedDescription: translation?.translatedDescription ?? '',
          translatedIngredients: translation?.translatedIngredients ?? '',
          translatedPriceText: translation?.translatedPriceText ?? '',
          translatedAdditionalNotes: translation?.translatedAdditionalNotes ?? '',
        },
      ];
    }),
  ),
  variants: (item?.variants ?? []).map((variant) => variantFormValuesOf(variant, languages)),
});

/** A saved price as its field shows it: with a decimal comma in Italian ("6,5"), a point otherwise; none is blank. */
export const priceText = (price: number | null | undefined, language: string) =>
  price === null || price === undefined ? '' : String(price).replace('.', language === 'it' ? ',' : '.');

/** A typed price, the Italian or the English way ("6,50" or "6.50"); blank is no price. */
export const typedPrice = (text: string) => {
  const normalised = text.trim().replace(',', '.');
  return normalised === '' ? null : Number(normalised);
};

type Allergen = (typeof ALLERGENS)[number];

/** The allergens with one switched on or off: adding one puts them in the order of the full list. */
export const toggledAllergen = (chosen: readonly Allergen[], allergen: Allergen): Allergen[] => {
  const set = new Set(chosen);
  return set.has(allergen)
    ? [...set].filter((code) => code !== allergen)
    : ALLERGENS.filter((code) => code === allergen || set.has(code));
};
