import { z } from 'zod';
import { ALLERGEN_NAMES } from './allergen-names.ts';
import { ALLERGENS } from './entities.ts';
import type { FieldIssue } from './errors.ts';
import { ITEM_VARIANTS_MAX } from './item-variants.ts';
import { type Language, MENU_LANGUAGES, type MenuLanguage } from './limits.ts';

type Allergen = (typeof ALLERGENS)[number];

// Importing a menu from an Excel workbook (POST /clubs/{clubId}/menu/excel, Smart only: docs/product.md,
// Import from Excel): the workbook's columns in both interface languages, the limits, and the shapes of the answers.

/** The largest workbook accepted, as uploaded. */
export const EXCEL_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most item rows one workbook may hold (the header not counted). */
export const EXCEL_IMPORT_MAX_ROWS = 2000;
/** How much the workbook's parts may weigh once unzipped, all together: more is a zip bomb, not a menu. */
export const EXCEL_IMPORT_MAX_UNZIPPED_BYTES = 25 * 1024 * 1024;
/** How many items of each category the preview lists by name. */
export const EXCEL_PREVIEW_ITEMS = 3;

/** The languages of the template's headers; the import reads headers written in either. */
export const TEMPLATE_LANGUAGES = ['it', 'en'] as const satisfies readonly Language[];
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** The columns of one row, in the template's order. */
export const BASE_COLUMNS = [
  'section',
  'name',
  'description',
  'ingredients',
  'allergens',
  'price',
  'priceText',
  'markers',
  'photo',
] as const;
export type BaseColumn = (typeof BASE_COLUMNS)[number];

/** The texts that have a translation column per language. */
export const TRANSLATED_COLUMNS = ['section', 'name', 'description', 'ingredients'] as const;
export type TranslatedColumn = (typeof TRANSLATED_COLUMNS)[number];

/**
 * An item's variants (decision 0085): a name and a price column per variant, `variant1` and
 * `variantPrice1` ("Variante 1", "Prezzo 1"), up to ITEM_VARIANTS_MAX; the template shows the first
 * TEMPLATE_VARIANTS. A variant's name is translated in `variant1:en` ("Variante 1 (EN)").
 */
export type VariantColumn = `variant${number}` | `variantPrice${number}`;
export const TEMPLATE_VARIANTS = 3;
const VARIANT_COLUMN = /^(variant|variantPrice)(\d+)$/;
const VARIANT_LABELS: Record<TemplateLanguage, { variant: string; variantPrice: string }> = {
  it: { variant: 'Variante', variantPrice: 'Prezzo' },
  en: { variant: 'Variant', variantPrice: 'Price' },
};

/** The name and price columns of the first `count` variants, in pairs: `variant1`, `variantPrice1`, … */
export const variantColumns = (count: number): VariantColumn[] =>
  Array.from({ length: count }, (_, index) => [
    `variant${index + 1}` as const,
    `variantPrice${index + 1}` as const,
  ]).flat();

/** A column of the workbook: a base one, a variant's, or a translation as `name:en` or `variant1:en`. */
export type ImportColumn =
  | BaseColumn
  | VariantColumn
  | `${TranslatedColumn}:${MenuLanguage}`
  | `variant${number}:${MenuLanguage}`;

/** The item markers the markers column takes, comma-separated. */
export const IMPORT_MARKERS = ['bestSeller', 'suggested', 'outOfStock'] as const;
export type ImportMarker = (typeof IMPORT_MARKERS)[number];

export const COLUMN_LABELS: Record<TemplateLanguage, Record<BaseColumn, string>> = {
  it: {
    section: 'Categoria',
    name: 'Nome',
    description: 'Descrizione',
    ingredients: 'Ingredienti',
    allergens: 'Allergeni',
    price: 'Prezzo',
    priceText: 'Testo prezzo',
    markers: 'Etichette',
    photo: 'Foto',
  },
  en: {
    section: 'Category',
    name: 'Name',
    description: 'Description',
    ingredients: 'Ingredients',
    allergens: 'Allergens',
    price: 'Price',
    priceText: 'Price text',
    markers: 'Markers',
    photo: 'Photo',
  },
};

export const MARKER_LABELS: Record<TemplateLanguage, Record<ImportMarker, string>> = {
  it: { bestSeller: 'Più venduto', suggested: 'Consigliato', outOfStock: 'Esaurito' },
  en: { bestSeller: 'Best seller', suggested: 'Suggested', outOfStock: 'Out of stock' },
};

/** The allergens' names the import reads, in either language (number n is ALLERGENS[n - 1]). */
export const ALLERGEN_LABELS: Record<TemplateLanguage, Record<Allergen, string>> = {
  it: ALLERGEN_NAMES.it,
  en: ALLERGEN_NAMES.en,
};

/** Other headers a column is known by, in either language. */
const HEADER_ALIASES: Partial<Record<BaseColumn, string[]>> = {
  section: ['Sezione', 'Section'],
  photo: ['URL foto', 'Indirizzo foto', 'Photo URL', 'Immagine', 'Image'],
};

/**
 * A dish's photo in the workbook: the address of an image the club uploaded to Carta (`/files/img/…`,
 * alone or after the app's own address) or its key (`img/…`). The import reads the key out of it and
 * never fetches anything.
 */
export const PHOTO_ADDRESS =
  /^(?:(https?:\/\/[^/\s]+)\/files\/|\/files\/)?(img\/[0-9a-f]{24})(?:-\d{1,4}\.webp|\.jpg|\.png)?$/;

/** A column's header in a language: `Nome`, `Variante 2`, or `Nome (EN)` for a translation. */
export const columnLabel = (column: ImportColumn, language: TemplateLanguage): string => {
  const [base, translation] = column.split(':') as [BaseColumn, MenuLanguage | undefined];
  const variant = VARIANT_COLUMN.exec(base);
  const label = variant
    ? `${VARIANT_LABELS[language][variant[1] as 'variant' | 'variantPrice']} ${variant[2]}`
    : COLUMN_LABELS[language][base];
  return translation ? `${label} (${translation.toUpperCase()})` : label;
};

/** A header or a value as the import compares them: lower case, no accents, words by single spaces. */
export const normaliseLabel = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Every column the import knows, by its normalised header in either language (and its own key). */
export const importColumnsByHeader = (): Map<string, ImportColumn> => {
  const columns: ImportColumn[] = [
    ...BASE_COLUMNS,
    ...variantColumns(ITEM_VARIANTS_MAX),
    ...MENU_LANGUAGES.flatMap((language) => [
      ...TRANSLATED_COLUMNS.map((column): ImportColumn => `${column}:${language}`),
      ...Array.from(
        { length: ITEM_VARIANTS_MAX },
        (_, index): ImportColumn => `variant${index + 1}:${language}`,
      ),
    ]),
  ];
  const byHeader = new Map<string, ImportColumn>();
  for (const column of columns) {
    byHeader.set(normaliseLabel(column), column);
    for (const language of TEMPLATE_LANGUAGES)
      byHeader.set(normaliseLabel(columnLabel(column, language)), column);
    const [base, translation] = column.split(':') as [BaseColumn, MenuLanguage | undefined];
    for (const alias of HEADER_ALIASES[base] ?? [])
      byHeader.set(normaliseLabel(translation ? `${alias} ${translation}` : alias), column);
  }
  return byHeader;
};

/** An allergen by its number (1-14), its key or its name in either language; undefined when unknown. */
export const allergenOf = (text: string): Allergen | undefined => {
  const value = normaliseLabel(text);
  if (/^\d+$/.test(value)) return ALLERGENS[Number(value) - 1];
  return ALLERGENS.find(
    (allergen) =>
      normaliseLabel(allergen) === value ||
      TEMPLATE_LANGUAGES.some((language) => normaliseLabel(ALLERGEN_LABELS[language][allergen]) === value),
  );
};

/** A marker by its key or its name in either language; undefined when unknown. */
export const markerOf = (text: string): ImportMarker | undefined => {
  const value = normaliseLabel(text);
  return IMPORT_MARKERS.find(
    (marker) =>
      normaliseLabel(marker) === value ||
      TEMPLATE_LANGUAGES.some((language) => normaliseLabel(MARKER_LABELS[language][marker]) === value),
  );
};

/** GET .../menu/excel/template?lang=it|en */
export const ExcelTemplateQuerySchema = z.object({ lang: z.enum(TEMPLATE_LANGUAGES).default('it') }).strict();

/** POST .../menu/excel?dryRun=true answers the preview and writes nothing. */
export const ExcelImportQuerySchema = z
  .object({
    dryRun: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  })
  .strict();

/** A row of the workbook the import refused: its number as Excel shows it, the column, why. */
export const ExcelRowErrorSchema = z.object({
  row: z.number().int(),
  /** The column's key (`price`, `name:en`), or null for the row as a whole. */
  column: z.string().nullable(),
  /** The message key (`validation.tooLong?max=100`, `excelImport.unknownAllergen?value=x`). */
  key: z.string(),
  /** The reason in the caller's language. */
  message: z.string(),
});
export type ExcelRowError = z.infer<typeof ExcelRowErrorSchema>;

export const ExcelPreviewSectionSchema = z.object({
  name: z.string(),
  itemCount: z.number().int(),
  /** The first few items' names. */
  firstItems: z.array(z.string()),
});
export type ExcelPreviewSection = z.infer<typeof ExcelPreviewSectionSchema>;

/**
 * The answer of POST .../menu/excel (`outcome`, docs/decisions/0041). A dry run answers `preview` with what
 * would be created and every row error; an import answers `created` with the new menu's id (row errors refuse it:
 * 400 EXCEL_ROWS_INVALID, the rows as issues).
 */
export const ExcelImportResultSchema = z.object({
  outcome: z.enum(['preview', 'created']),
  menuId: z.number().int().nullable(),
  sectionCount: z.number().int(),
  itemCount: z.number().int(),
  sections: z.array(ExcelPreviewSectionSchema),
  errors: z.array(ExcelRowErrorSchema),
});
export type ExcelImportResult = z.infer<typeof ExcelImportResultSchema>;

/** The issue path of a row error in a 400 answer: `rows.12.price`, `rows.12` for the whole row. */
export const rowIssuePath = (row: number, column: string | null) =>
  column ? `rows.${row}.${column}` : `rows.${row}`;

/** The row errors of a 400 EXCEL_ROWS_INVALID answer, read back from its issues. */
export const rowErrorsFromIssues = (issues: FieldIssue[]): ExcelRowError[] =>
  issues.flatMap((issue) => {
    const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(issue.path);
    if (!match) return [];
    return [{ row: Number(match[1]), column: match[2] ?? null, key: issue.key, message: issue.message }];
  });
