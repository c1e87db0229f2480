import { ITEM_VARIANTS_MAX } from '@carta/contract/item-variants';
import { MENU_LANGUAGES } from '@carta/contract/limits';
import type { ImportColumn } from '@carta/contract/menu-import';
import { asPrice, type CellValue } from './workbook-cells.ts';

// An item's variants in a row of the workbook (decision 0085): "Variante 1" and "Prezzo 1", "Variante 2"
// and "Prezzo 2"... each pair one variant, blank pairs skipped; "Variante 1 (EN)" translates the name.

/** A variant as the item's request takes it. */
type VariantInput = {
  name: string | undefined;
  price: number | null;
  nameTranslations: Record<string, string>;
};

/**
 * The row's variants, with the number of the columns each came from (for an issue the item's schema
 * finds later), and an issue per half-filled pair or price that is not a number.
 */
export const readVariants = (
  text: (column: ImportColumn) => string | null,
  cell: (column: ImportColumn) => CellValue,
  issue: (column: string, key: string) => void,
) => {
  const variants: VariantInput[] = [];
  const numbers: number[] = [];
  for (let number = 1; number <= ITEM_VARIANTS_MAX; number += 1) {
    const name = text(`variant${number}`);
    const priceCell = cell(`variantPrice${number}`);
    if (name === null && priceCell === null) continue;
    const price = asPrice(priceCell);
    if (price === 'invalid') issue(`variantPrice${number}`, 'validation.number');
    else if (price === null) issue(`variantPrice${number}`, 'validation.required');
    if (name === null) issue(`variant${number}`, 'validation.required');
    const nameTranslations = Object.fromEntries(
      MENU_LANGUAGES.flatMap((language) => {
        const translated = text(`variant${number}:${language}`);
        return translated ? [[language, translated]] : [];
      }),
    );
    variants.push({ name: name ?? undefined, price: price === 'invalid' ? null : price, nameTranslations });
    numbers.push(number);
  }
  return { variants, numbers };
};

/** The column an issue of the item's schema under `variants` points at: `variant2`, `variantPrice2`, `variant2:en`. */
export const variantColumnOfPath = (path: string[], numbers: number[]): string | null => {
  const [, index, field, language] = path;
  const number = numbers[Number(index)] ?? 1;
  if (field === 'price') return `variantPrice${number}`;
  if (field === 'nameTranslations' && language) return `variant${number}:${language}`;
  return `variant${number}`;
};
