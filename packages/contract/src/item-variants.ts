import { z } from 'zod';
import { type ItemVariant, MenuLanguageSchema } from './entities.ts';
import { id, optionalText, price, requiredText } from './fields.ts';
import { DEFAULT_CURRENCY, formatPrice } from './format-price.ts';
import { messageKey } from './message-keys.ts';

// An item's variants ("Calice / Bottiglia", "Piccola / Media / Grande"): a name translated like the
// item's own texts and a price each, edited with the item (docs/product.md, Menus, categories and items;
// decision 0085). The guest page, the printed menu and the owner's list read them alike.

/** The most variants one item may have. */
export const ITEM_VARIANTS_MAX = 10;
/** A variant's name, and each of its translations: "Bottiglia 0,75 l" fits, a sentence does not. */
export const VARIANT_NAME_MAX = 40;

/** A variant's name in each of the club's other languages; blank ones left out. */
const nameTranslations = z
  .partialRecord(MenuLanguageSchema, optionalText(VARIANT_NAME_MAX))
  .transform((texts) =>
    Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => Boolean(entry[1]))),
  );

/** One variant as the item's save sends it: `id` keeps a saved variant, none makes a new one. */
export const ItemVariantInputSchema = z
  .object({
    id: id.optional(),
    name: requiredText(VARIANT_NAME_MAX),
    nameTranslations: nameTranslations.default({}),
    price,
  })
  .strict();
export type ItemVariantInput = z.input<typeof ItemVariantInputSchema>;

/** How two names compare for "already taken": case and surrounding spaces aside. */
const sameName = (name: string) => name.trim().toLocaleLowerCase('it');

/**
 * An item's variants in their order, at most ITEM_VARIANTS_MAX, names different case aside; an id named
 * twice is refused. Left out of a save, an item keeps the variants it has (a new one has none).
 */
export const itemVariantsInput = z
  .array(ItemVariantInputSchema)
  .max(ITEM_VARIANTS_MAX, { error: messageKey('validation.tooManyVariants', { max: ITEM_VARIANTS_MAX }) })
  .superRefine((variants, context) => {
    const names = new Set<string>();
    const ids = new Set<number>();
    for (const [index, variant] of variants.entries()) {
      const name = sameName(variant.name);
      if (names.has(name))
        context.addIssue({ code: 'custom', path: [index, 'name'], message: 'validation.variantNameTaken' });
      names.add(name);
      if (variant.id === undefined) continue;
      if (ids.has(variant.id))
        context.addIssue({ code: 'custom', path: [index, 'id'], message: 'validation.invalid' });
      ids.add(variant.id);
    }
  });

/** A variant's name in the reading language, else as written. */
export const variantName = (variant: Pick<ItemVariant, 'name' | 'nameTranslations'>, language: string) =>
  variant.nameTranslations[language as keyof ItemVariant['nameTranslations']] || variant.name;

/** Each variant's name in the reading language and its price in that language's format: "Calice", "6,00 €". */
export const variantPrices = (
  variants: readonly Pick<ItemVariant, 'name' | 'nameTranslations' | 'price'>[],
  language: string,
  currency = DEFAULT_CURRENCY,
) =>
  variants.map((variant) => ({
    name: variantName(variant, language),
    price: formatPrice(variant.price, { language, currency }),
  }));
