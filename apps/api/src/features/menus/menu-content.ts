import type { MenuLanguage } from '@carta/contract/limits';
import type { ItemFieldsSchema } from '@carta/contract/menus';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { insertRecords, recordset } from '../../db/records.ts';
import { itemTranslations, sectionTranslations } from '../../db/schema.ts';

// The translations of categories and items, written a whole list at a time: a delete and an upsert
// whatever their number.

type ItemFields = z.output<typeof ItemFieldsSchema>;
type SectionTranslationsInput =
  | Partial<Record<MenuLanguage, { translatedName: string | null } | null>>
  | undefined;
type ItemTranslationsInput = ItemFields['translations'];
export type ItemTranslationValues = {
  translatedName: string | null;
  translatedDescription: string | null;
  translatedIngredients: string | null;
  translatedPriceText: string | null;
  translatedAdditionalNotes: string | null;
};

/** One category's translation into one language; null removes it. */
export type SectionTranslationWrite = { sectionId: number; language: string; translatedName: string | null };
/** One item's translation into one language; null (or every text blank) removes it. */
export type ItemTranslationWrite = { itemId: number; language: string; values: ItemTranslationValues | null };

/** The columns of an item from its request fields (its translations and variants have tables of their own). */
export const itemColumns = ({ translations: _translations, variants: _variants, ...fields }: ItemFields) => ({
  ...fields,
  brandCode: fields.branded ? fields.brandCode : null,
});

// A request's translations of a category or an item, one write per language, not yet tied to a row: a
// null translation (or, for an item, every text blank) removes the language's.

const sectionTranslationsOf = (translations: SectionTranslationsInput) =>
  Object.entries(translations ?? {}).map(([language, translation]) => ({
    language,
    translatedName: translation?.translatedName || null,
  }));

const itemTranslationsOf = (translations: ItemTranslationsInput) =>
  Object.entries(translations ?? {}).map(([language, translation]) => ({
    language,
    values: translation
      ? {
          translatedName: translation.translatedName ?? null,
          translatedDescription: translation.translatedDescription ?? null,
          translatedIngredients: translation.translatedIngredients ?? null,
          translatedPriceText: translation.translatedPriceText ?? null,
          translatedAdditionalNotes: translation.translatedAdditionalNotes ?? null,
        }
      : null,
  }));

export const sectionTranslationWrites = (
  sectionId: number,
  translations: SectionTranslationsInput,
): SectionTranslationWrite[] => sectionTranslationsOf(translations).map((write) => ({ sectionId, ...write }));

export const itemTranslationWrites = (
  itemId: number,
  translations: ItemTranslationsInput,
): ItemTranslationWrite[] => itemTranslationsOf(translations).map((write) => ({ itemId, ...write }));

/** The rows of some (parent, language) pairs, for a delete. */
const pairsIn = (parent: string, pairs: { id: number; language: string }[]) =>
  sql`(${sql.identifier(parent)}, language) in (select id, language from ${recordset(
    'pairs',
    [
      { name: 'id', type: 'integer' },
      { name: 'language', type: 'text' },
    ],
    pairs,
  )})`;

/** Writes categories' translations: at most one delete and one upsert, whatever their number. */
export const writeSectionTranslations = async (tx: Transaction, writes: SectionTranslationWrite[]) => {
  const removed = writes.filter((write) => !write.translatedName);
  const kept = writes.flatMap(({ sectionId, language, translatedName }) =>
    translatedName ? [{ sectionId, language, translatedName }] : [],
  );
  if (removed.length > 0)
    await tx.delete(sectionTranslations).where(
      pairsIn(
        'section_id',
        removed.map(({ sectionId, language }) => ({ id: sectionId, language })),
      ),
    );
  if (kept.length > 0)
    await tx.execute(
      insertRecords(
        sectionTranslations,
        kept,
        sql`on conflict (section_id, language) do update set translated_name = excluded.translated_name`,
      ),
    );
};

const isBlank = (values: ItemTranslationValues | null): values is null =>
  !values || Object.values(values).every((text) => !text);

// A new category or item has no translations to remove: of its request's translations, only the rows
// the writes above would keep.

/** The rows of section_translations a new category's request makes, without the category's id. */
export const newSectionTranslations = (translations: SectionTranslationsInput) =>
  sectionTranslationsOf(translations).flatMap(({ language, translatedName }) =>
    translatedName ? [{ language, translatedName }] : [],
  );

/** The rows of item_translations a new item's request makes, without the item's id. */
export const newItemTranslations = (translations: ItemTranslationsInput) =>
  itemTranslationsOf(translations).flatMap(({ language, values }) =>
    isBlank(values) ? [] : [{ language, ...values }],
  );

/** Writes items' translations: at most one delete and one upsert, whatever their number. */
export const writeItemTranslations = async (tx: Transaction, writes: ItemTranslationWrite[]) => {
  const removed = writes.filter((write) => isBlank(write.values));
  const kept = writes.flatMap(({ itemId, language, values }) =>
    isBlank(values) ? [] : [{ itemId, language, ...values }],
  );
  if (removed.length > 0)
    await tx.delete(itemTranslations).where(
      pairsIn(
        'item_id',
        removed.map(({ itemId, language }) => ({ id: itemId, language })),
      ),
    );
  if (kept.length > 0)
    await tx.execute(
      insertRecords(
        itemTranslations,
        kept,
        sql`on conflict (item_id, language) do update set
          translated_name = excluded.translated_name,
          translated_description = excluded.translated_description,
          translated_ingredients = excluded.translated_ingredients,
          translated_price_text = excluded.translated_price_text,
          translated_additional_notes = excluded.translated_additional_notes`,
      ),
    );
};
