// Over 300 lines and kept whole: menus, categories and items share their field schemas and limits (a
// whole-menu create nests all three), and the routes and the owner app import them from one place.
import { z } from 'zod';
import { AllergenSchema, MenuLanguageSchema, MenuListEntrySchema } from './entities.ts';
import { id, optionalText, plainString, price, requiredText } from './fields.ts';
import { itemVariantsInput, VARIANT_NAME_MAX } from './item-variants.ts';
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_INGREDIENTS_MAX,
  ITEM_NAME_MAX,
  MENU_FOOTER_MAX,
  MENU_HIDDEN_NOTE_MAX,
  PROMOTION_DESCRIPTION_MAX,
  PROMOTION_PRICE_MAX,
  PROMOTION_SUBTITLE_MAX,
  PROMOTION_TITLE_MAX,
} from './limits.ts';

// The menu builder's requests (docs/product.md, Menus; Rules and limits).

export const MENU_NAME_MAX = 100;
export const SECTION_NAME_MAX = 100;
export const ITEM_NOTES_MAX = 254;
export const BRAND_CODE_MAX = 40;
/** Seconds between refreshes of a guest page: from 15 seconds to an hour, a minute by default. */
export const REFRESH_TIME_MIN = 15;
export const REFRESH_TIME_MAX = 3600;
export const REFRESH_TIME_DEFAULT = 60;

export const MenuParamsSchema = z.object({ clubId: id, menuId: id });
export const SectionParamsSchema = MenuParamsSchema.extend({ sectionId: id });
export const ItemParamsSchema = SectionParamsSchema.extend({ itemId: id });

const refreshTime = z.coerce
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(REFRESH_TIME_MIN, { error: 'validation.refreshTime' })
  .max(REFRESH_TIME_MAX, { error: 'validation.refreshTime' });

/** A translation of a category into one language. */
const SectionTranslationInputSchema = z.object({ translatedName: optionalText(SECTION_NAME_MAX) }).strict();
/** A translation of an item into one language; blank fields fall back to the original. */
const ItemTranslationInputSchema = z
  .object({
    translatedName: optionalText(ITEM_NAME_MAX),
    translatedDescription: optionalText(ITEM_DESCRIPTION_MAX, { isMultiline: true }),
    translatedIngredients: optionalText(ITEM_INGREDIENTS_MAX, { isMultiline: true }),
    translatedPriceText: optionalText(PROMOTION_PRICE_MAX),
    translatedAdditionalNotes: optionalText(ITEM_NOTES_MAX),
  })
  .strict();

/** Translations by language; a language left out is not touched, null removes it. */
const translationsOf = <Schema extends z.ZodType>(schema: Schema) =>
  z.partialRecord(MenuLanguageSchema, schema.nullable()).optional();

/** The fields of an item (docs/product.md, Menus and Rules and limits): a price, a price text or variants. */
export const ItemFieldsSchema = z
  .object({
    name: requiredText(ITEM_NAME_MAX),
    description: optionalText(ITEM_DESCRIPTION_MAX, { isMultiline: true }),
    ingredients: optionalText(ITEM_INGREDIENTS_MAX, { isMultiline: true }),
    allergens: z.array(AllergenSchema).max(14).default([]),
    additionalNotes: optionalText(ITEM_NOTES_MAX),
    price: price.nullish().transform((value) => value ?? null),
    priceText: optionalText(PROMOTION_PRICE_MAX),
    /** An image key from the upload flow (purpose `photo`), or null for none. */
    photo: plainString().max(200).nullable().default(null),
    disabled: z.boolean().default(false),
    outOfStock: z.boolean().default(false),
    bestSeller: z.boolean().default(false),
    suggested: z.boolean().default(false),
    branded: z.boolean().default(false),
    brandCode: optionalText(BRAND_CODE_MAX),
    translateName: z.boolean().default(true),
    translations: translationsOf(ItemTranslationInputSchema),
    /** Its variants, which replace the set saved; left out, an item keeps its own (decision 0085). */
    variants: itemVariantsInput.optional(),
  })
  .strict();

const requirePriceOrText = <
  Value extends {
    price: number | null;
    priceText: string | null;
    branded: boolean;
    brandCode: string | null;
    variants?: unknown[] | undefined;
  },
>(
  item: Value,
  context: z.RefinementCtx,
) => {
  // Variants bring their own prices.
  if (item.price === null && !item.priceText && !item.variants?.length)
    context.addIssue({ code: 'custom', path: ['price'], message: 'validation.priceOrText' });
  if (item.branded && !item.brandCode)
    context.addIssue({ code: 'custom', path: ['brandCode'], message: 'validation.required' });
};

/** PUT .../sections/{sectionId}/items: creates the item, or updates it when `id` is given. */
export const SaveItemRequestSchema = ItemFieldsSchema.extend({ id: id.optional() }).superRefine(
  requirePriceOrText,
);
export type SaveItemRequest = z.input<typeof SaveItemRequestSchema>;

/** A category with its items, for creating a whole menu at once. */
const NewSectionSchema = z
  .object({
    name: requiredText(SECTION_NAME_MAX),
    disabled: z.boolean().default(false),
    translations: translationsOf(SectionTranslationInputSchema),
    items: z.array(ItemFieldsSchema.superRefine(requirePriceOrText)).max(500).default([]),
  })
  .strict();

/** One text per language, blank ones left out; optional, so a request without it changes none. */
const textByLanguage = (text: ReturnType<typeof optionalText>) =>
  z
    .partialRecord(MenuLanguageSchema, text)
    .transform((texts) =>
      Object.fromEntries(
        Object.entries(texts).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ),
    )
    .optional();

/** A menu's own fields (docs/product.md, Menus and Rules and limits). */
export const MenuFieldsSchema = z
  .object({
    name: requiredText(MENU_NAME_MAX),
    /** The name guests read in each of the club's languages; when sent, replaces them all (blank: none). */
    nameTranslations: textByLanguage(optionalText(MENU_NAME_MAX)),
    adminDisplayName: optionalText(MENU_HIDDEN_NOTE_MAX),
    footer: optionalText(MENU_FOOTER_MAX, { isMultiline: true }),
    /** The footer in each of the club's languages; when sent, replaces them all (blank: none). */
    footerTranslations: textByLanguage(optionalText(MENU_FOOTER_MAX, { isMultiline: true })),
    enabled: z.boolean().default(true),
    refreshTime: refreshTime.default(REFRESH_TIME_DEFAULT),
    /** null: the club's theme. */
    themeId: id.nullish().transform((value) => value ?? null),
  })
  .strict();

/** POST /clubs/{clubId}/menu: a whole menu, its categories and items, in one transaction. */
export const CreateMenuRequestSchema = MenuFieldsSchema.extend({
  sections: z.array(NewSectionSchema).max(100).default([]),
});
export type CreateMenuRequest = z.input<typeof CreateMenuRequestSchema>;

/** PUT /clubs/{clubId}/menu: a menu's own fields; creates it without `id`. */
export const SaveMenuRequestSchema = MenuFieldsSchema.extend({ id: id.optional() });
export type SaveMenuRequest = z.input<typeof SaveMenuRequestSchema>;

/** PUT /clubs/{clubId}/menu/{menuId}/sections: creates, or with `id` renames, switches or translates. */
export const SaveSectionRequestSchema = z
  .object({
    id: id.optional(),
    /** Required to create; on an update, a new name (the same name is refused). */
    name: requiredText(SECTION_NAME_MAX).optional(),
    disabled: z.boolean().optional(),
    translations: translationsOf(SectionTranslationInputSchema),
  })
  .strict()
  .superRefine((section, context) => {
    if (section.id === undefined && section.name === undefined)
      context.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
  });
export type SaveSectionRequest = z.input<typeof SaveSectionRequestSchema>;

const positioned = { id, position: z.number().int().min(0).optional() };

/** PUT /menu/batch: order and switch many menus at once, all or nothing. */
export const MenuBatchRequestSchema = z
  .object({
    menus: z
      .array(z.object({ ...positioned, enabled: z.boolean().optional() }).strict())
      .min(1)
      .max(500),
  })
  .strict();
export const SectionBatchRequestSchema = z
  .object({
    sections: z
      .array(z.object({ ...positioned, disabled: z.boolean().optional() }).strict())
      .min(1)
      .max(500),
  })
  .strict();
export const ItemBatchRequestSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            ...positioned,
            disabled: z.boolean().optional(),
            outOfStock: z.boolean().optional(),
            bestSeller: z.boolean().optional(),
            suggested: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(1000),
  })
  .strict();
export type MenuBatchRequest = z.input<typeof MenuBatchRequestSchema>;
export type SectionBatchRequest = z.input<typeof SectionBatchRequestSchema>;
export type ItemBatchRequest = z.input<typeof ItemBatchRequestSchema>;
/** PATCH .../items/{itemId}/stock: out of stock or back, all a waiter changes (docs/product.md, Staff and roles). */
export const ItemStockRequestSchema = z.object({ outOfStock: z.boolean() }).strict();
export type ItemStockRequest = z.input<typeof ItemStockRequestSchema>;

/** GET /clubs/{clubId}/menu: the Menu list entry of docs/product.md, plus what the owner's cards show. */
export const MenuCardSchema = MenuListEntrySchema.extend({
  enabled: z.boolean(),
  sectionCount: z.number(),
  itemCount: z.number(),
});
export type MenuCard = z.infer<typeof MenuCardSchema>;

/** Translation progress of a menu, per language of the club. */
export const TranslationProgressSchema = z.object({
  language: MenuLanguageSchema,
  total: z.number(),
  translated: z.number(),
});
export type TranslationProgress = z.infer<typeof TranslationProgressSchema>;

/**
 * Every text a guest reads that an owner may translate, by what it belongs to, with the original field's
 * limit: a translation is held to the same length and the same line rule as the text it translates.
 */
export const TRANSLATABLE_TEXTS = {
  menu: { name: { max: MENU_NAME_MAX }, footer: { max: MENU_FOOTER_MAX, isMultiline: true } },
  banner: {
    title: { max: PROMOTION_TITLE_MAX },
    subtitle: { max: PROMOTION_SUBTITLE_MAX },
    description: { max: PROMOTION_DESCRIPTION_MAX, isMultiline: true },
    price: { max: PROMOTION_PRICE_MAX },
  },
  section: { name: { max: SECTION_NAME_MAX } },
  item: {
    name: { max: ITEM_NAME_MAX },
    description: { max: ITEM_DESCRIPTION_MAX, isMultiline: true },
    ingredients: { max: ITEM_INGREDIENTS_MAX, isMultiline: true },
    priceText: { max: PROMOTION_PRICE_MAX },
    additionalNotes: { max: ITEM_NOTES_MAX },
  },
  variant: { name: { max: VARIANT_NAME_MAX } },
} as const satisfies Record<string, Record<string, { max: number; isMultiline?: boolean }>>;
export type TranslatableKind = keyof typeof TRANSLATABLE_TEXTS;
export type TranslatableField<Kind extends TranslatableKind = TranslatableKind> =
  Kind extends TranslatableKind ? keyof (typeof TRANSLATABLE_TEXTS)[Kind] & string : never;
export const TRANSLATABLE_KINDS = Object.keys(TRANSLATABLE_TEXTS) as TranslatableKind[];
export const TRANSLATABLE_FIELDS = [
  'name',
  'footer',
  'title',
  'subtitle',
  'description',
  'ingredients',
  'price',
  'priceText',
  'additionalNotes',
] as const satisfies readonly TranslatableField[];

/** The limit of a translated text: its original field's. */
export const translatableLimitOf = (kind: TranslatableKind, field: string) =>
  (TRANSLATABLE_TEXTS[kind] as Record<string, { max: number; isMultiline?: boolean }>)[field];

/** The texts of one kind: its own fields only. */
const translatableTextOf = <Kind extends TranslatableKind>(kind: Kind) =>
  z.object({
    kind: z.literal(kind),
    id: z.number(),
    sectionId: z.number(),
    field: z.enum(
      Object.keys(TRANSLATABLE_TEXTS[kind]) as [TranslatableField<Kind>, ...TranslatableField<Kind>[]],
    ),
    original: z.string(),
    translations: z.partialRecord(MenuLanguageSchema, z.string().nullable()),
  });

/**
 * One text of a menu with its translation per language (GET .../translations). `sectionId` is the
 * category an item or a category belongs to; 0 for the menu's own texts and its banner's. A variant's
 * name comes after its item's texts, with the item's id and name.
 */
export const TranslatableTextSchema = z.discriminatedUnion('kind', [
  translatableTextOf('menu'),
  translatableTextOf('banner'),
  translatableTextOf('section'),
  translatableTextOf('item'),
  translatableTextOf('variant').extend({ itemId: z.number(), itemName: z.string() }),
]);
export type TranslatableText = z.infer<typeof TranslatableTextSchema>;

export const MenuTranslationsSchema = z.object({
  languages: z.array(MenuLanguageSchema),
  /** The club's switch: guests read translations only while it is on. */
  translationsEnabled: z.boolean(),
  progress: z.array(TranslationProgressSchema),
  texts: z.array(TranslatableTextSchema),
});
export type MenuTranslations = z.infer<typeof MenuTranslationsSchema>;

/**
 * One translated text to write: which text, into which language, and the text (blank removes the
 * translation), held to its original field's limit.
 */
const TranslationChangeSchema = z
  .object({
    kind: z.enum(TRANSLATABLE_KINDS as [TranslatableKind, ...TranslatableKind[]]),
    id,
    field: z.enum(TRANSLATABLE_FIELDS),
    language: MenuLanguageSchema,
    text: z.string().nullish(),
  })
  .strict()
  .transform((change, context) => {
    const limit = translatableLimitOf(change.kind, change.field);
    if (!limit) {
      context.addIssue({ code: 'custom', path: ['field'], message: 'validation.invalid' });
      return z.NEVER;
    }
    const text = optionalText(limit.max, { isMultiline: limit.isMultiline }).safeParse(change.text);
    if (!text.success) {
      for (const issue of text.error.issues)
        context.addIssue({ code: 'custom', path: ['text', ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { ...change, text: text.data };
  });

/** PUT .../translations: edit many translated texts in place; a blank text removes the translation. */
export const SaveTranslationsRequestSchema = z
  .object({ texts: z.array(TranslationChangeSchema).min(1).max(2000) })
  .strict();
export type SaveTranslationsRequest = z.input<typeof SaveTranslationsRequestSchema>;
