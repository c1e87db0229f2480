import type { ItemVariantInputSchema } from '@carta/contract/item-variants';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { insertRecords, recordColumnsOf, recordsetOf } from '../../db/records.ts';
import { itemVariants } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { singleTexts } from './text-changes.ts';

// An item's variants, written with the item (decision 0085): the set the save sends replaces the saved
// one, a variant given its id keeps it. Each write is a bounded number of statements whatever the count.

type VariantInput = z.output<typeof ItemVariantInputSchema>;

/** The columns of a variant from its request, at its place in the list. */
export const variantColumns = ({ name, nameTranslations, price }: VariantInput, position: number) => ({
  name,
  nameTranslations,
  price,
  position,
});

/**
 * Replaces an item's variants with `variants`, in their order, inside the item's transaction: a saved
 * variant left out goes, one with its id is changed in place, one without is added. An id that is not
 * one of this item's variants answers 404 (nothing is written: the caller's transaction rolls back).
 */
export const replaceItemVariants = async (tx: Transaction, itemId: number, variants: VariantInput[]) => {
  const saved = await tx
    .select({ id: itemVariants.id })
    .from(itemVariants)
    .where(eq(itemVariants.itemId, itemId));
  const savedIds = new Set(saved.map((row) => row.id));
  if (variants.some((variant) => variant.id !== undefined && !savedIds.has(variant.id))) throw notFound();
  const kept = variants.flatMap((variant, position) =>
    variant.id === undefined ? [] : [{ id: variant.id, ...variantColumns(variant, position) }],
  );
  const keptIds = new Set(kept.map((variant) => variant.id));
  const removed = [...savedIds].filter((id) => !keptIds.has(id));
  const added = variants.flatMap((variant, position) =>
    variant.id === undefined ? [{ itemId, ...variantColumns(variant, position) }] : [],
  );
  if (removed.length > 0) await tx.delete(itemVariants).where(inArray(itemVariants.id, removed));
  if (kept.length > 0) {
    const columns = recordColumnsOf(itemVariants, ['id', 'name', 'nameTranslations', 'price', 'position']);
    await tx.execute(sql`
      update ${itemVariants} set name = kept.name, name_translations = kept."nameTranslations",
        price = kept.price, position = kept.position
      from ${recordsetOf('kept', columns, kept)}
      where ${itemVariants.id} = kept.id and ${itemVariants.itemId} = ${itemId}`);
  }
  if (added.length > 0) await tx.execute(insertRecords(itemVariants, added));
};

/** A variant's name in some languages: a text sets it, null removes it. */
export type VariantNameChanges = Map<number, Map<string, string | null>>;

/**
 * Writes translated names of variants (the translations screen): one statement whatever their number.
 * `current` holds each changed variant's saved translations; a language left with no text is dropped.
 */
export const writeVariantNames = async (
  tx: Transaction,
  changes: VariantNameChanges,
  current: ReadonlyMap<number, Partial<Record<string, string>>>,
) => {
  const rows = [...changes].map(([id, languages]) => ({
    id,
    nameTranslations: singleTexts(current.get(id) ?? {}, languages),
  }));
  if (rows.length === 0) return;
  const columns = recordColumnsOf(itemVariants, ['id', 'nameTranslations']);
  await tx.execute(sql`
    update ${itemVariants} set name_translations = changed."nameTranslations"
    from ${recordsetOf('changed', columns, rows)}
    where ${itemVariants.id} = changed.id`);
};
