import type { MenuLanguage } from '@carta/contract/limits';
import {
  allergenOf,
  BASE_COLUMNS,
  EXCEL_IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportMarker,
  importColumnsByHeader,
  markerOf,
  normaliseLabel,
  PHOTO_ADDRESS,
  TRANSLATED_COLUMNS,
  type TranslatedColumn,
} from '@carta/contract/menu-import';
import { type CreateMenuRequest, CreateMenuRequestSchema } from '@carta/contract/menus';
import { messageKey } from '@carta/contract/messages';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { asPrice, asText, type CellValue, readCell, splitList } from './workbook-cells.ts';
import { readVariants, variantColumnOfPath } from './workbook-variants.ts';
import { checkWorkbookZip } from './zip-check.ts';

// Reading the workbook into the builder's request (POST /menu's CreateMenuRequest): every row checked
// with the contract's own category and item schemas, every refusal kept with its row and column.

/** A refused cell or row: the row as Excel numbers it, the column's key (null: the whole row), a message key. */
export type RowIssue = { row: number; column: string | null; key: string };

type NewSectionInput = NonNullable<CreateMenuRequest['sections']>[number];
type NewItemInput = NonNullable<NewSectionInput['items']>[number];

/** The builder's own schemas of one category and one item (limits and messages included). */
const SectionSchema = CreateMenuRequestSchema.shape.sections.unwrap().element;
const ItemSchema = SectionSchema.shape.items.unwrap().element;

/** An array schema's `.max()`: the builder's own limits of categories per menu and items per category. */
const maximumOf = (schema: z.ZodArray) =>
  (schema._zod.bag as { maximum?: number }).maximum ?? Number.POSITIVE_INFINITY;

/** The most row errors one answer lists: enough to fix a file, not a megabyte of JSON. */
const MAX_ISSUES = 500;

const TRANSLATION_FIELDS: Record<Exclude<TranslatedColumn, 'section'>, string> = {
  name: 'translatedName',
  description: 'translatedDescription',
  ingredients: 'translatedIngredients',
};

/** The column an item schema's issue points at: `name`, `price`, `name:en`... */
const columnOfItemPath = (path: PropertyKey[]): string | null => {
  const [first, language, field] = path.map(String);
  if (first === 'translations' && language) {
    const column = Object.entries(TRANSLATION_FIELDS).find(([, name]) => name === field)?.[0];
    return column ? `${column}:${language}` : null;
  }
  if (first === 'priceText' || first === 'price') return first;
  if (first && (BASE_COLUMNS as readonly string[]).includes(first)) return first;
  return null;
};

const keyOf = (message: string) =>
  /^(validation|errors|excelImport)\./.test(message) ? message : 'validation.invalid';

/**
 * How the import knows a dish's photo: the app's own address (absolute photo addresses must start with
 * it) and which image keys the club stored as dishes' photos. Nothing is fetched from the network.
 */
export type PhotoCheck = { origin: string; storedKeys: (keys: string[]) => Promise<Set<string>> };

/** The image key a photo cell names, or null when it is not an address of Carta's own uploads. */
const photoKeyOf = (text: string, origin: string) => {
  const match = PHOTO_ADDRESS.exec(text.trim());
  if (!match?.[2]) return null;
  if (match[1] !== undefined && match[1].toLowerCase() !== origin.toLowerCase()) return null;
  return match[2];
};

export type ReadWorkbook = {
  sections: (NewSectionInput & { items: NewItemInput[] })[];
  itemCount: number;
  issues: RowIssue[];
};

/** The header row: which column holds what; unknown or repeated headers are row-1 issues. */
const readHeader = (sheet: ExcelJS.Worksheet, issues: RowIssue[]) => {
  const byHeader = importColumnsByHeader();
  const columns = new Map<number, ImportColumn>();
  const seen = new Set<ImportColumn>();
  sheet.getRow(1).eachCell((cell, columnNumber) => {
    const read = readCell(cell.value);
    const text = 'value' in read ? asText(read.value) : null;
    if (!text) return;
    const column = byHeader.get(normaliseLabel(text));
    if (!column) {
      issues.push({ row: 1, column: null, key: messageKey('excelImport.unknownColumn', { value: text }) });
      return;
    }
    if (seen.has(column)) {
      issues.push({ row: 1, column, key: messageKey('excelImport.duplicateColumn', { value: text }) });
      return;
    }
    seen.add(column);
    columns.set(columnNumber, column);
  });
  if (!seen.has('section') || !seen.has('name')) throw new AppError(400, 'EXCEL_COLUMNS_MISSING');
  return columns;
};

/**
 * The workbook's first sheet as new categories and items, in file order, with every row refused and
 * why. A file that is not a workbook, is too large unzipped, has too many rows or no Section and Name
 * columns is refused as a whole (AppError 400).
 */
export const readMenuWorkbook = async (file: Buffer, photoCheck: PhotoCheck): Promise<ReadWorkbook> => {
  checkWorkbookZip(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError(400, 'EXCEL_FILE_INVALID');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(400, 'EXCEL_FILE_INVALID');

  const issues: RowIssue[] = [];
  const columns = readHeader(sheet, issues);

  // Each row's cells by column; blank rows are left out.
  const rows: { number: number; cells: Map<ImportColumn, CellValue>; cellIssues: RowIssue[] }[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = new Map<ImportColumn, CellValue>();
    const cellIssues: RowIssue[] = [];
    for (const [columnNumber, column] of columns) {
      const read = readCell(row.getCell(columnNumber).value);
      if ('issue' in read) cellIssues.push({ row: rowNumber, column, key: read.issue });
      else if (asText(read.value) !== null) cells.set(column, read.value);
    }
    if (cells.size > 0 || cellIssues.length > 0) rows.push({ number: rowNumber, cells, cellIssues });
  });
  if (rows.length > EXCEL_IMPORT_MAX_ROWS) throw new AppError(400, 'EXCEL_TOO_MANY_ROWS');

  // The photos the rows name, checked against the club's stored photos in one look-up.
  const photoKeys = rows.flatMap(({ cells }) => {
    const text = asText(cells.get('photo') ?? null);
    const key = text === null ? null : photoKeyOf(text, photoCheck.origin);
    return key ? [key] : [];
  });
  const storedPhotos = photoKeys.length > 0 ? await photoCheck.storedKeys(photoKeys) : new Set<string>();

  const sections = new Map<string, ReadWorkbook['sections'][number]>();
  const maxSections = maximumOf(CreateMenuRequestSchema.shape.sections.unwrap());
  const maxItems = maximumOf(SectionSchema.shape.items.unwrap());
  let currentSection: string | null = null;
  let itemCount = 0;

  for (const { number, cells, cellIssues } of rows) {
    const text = (column: ImportColumn) => asText(cells.get(column) ?? null);
    const rowIssues: RowIssue[] = [...cellIssues];
    const issue = (column: string | null, key: string) => rowIssues.push({ row: number, column, key });
    // One reason per cell: a cell already refused (a formula, a text for a price) is not refused again.
    const hasIssue = (column: string | null) => rowIssues.some((known) => known.column === column);

    // The category: this row's, or the one of the rows above (a column filled once per category).
    const sectionName = text('section');
    if (sectionName !== null) {
      const translations = Object.fromEntries(
        (['it', 'en', 'de', 'fr', 'es'] as const satisfies MenuLanguage[]).flatMap((language) => {
          const translated = text(`section:${language}`);
          return translated ? [[language, { translatedName: translated }]] : [];
        }),
      );
      const parsed = SectionSchema.safeParse({ name: sectionName, translations, items: [] });
      if (!parsed.success) {
        for (const problem of parsed.error.issues) {
          const [field, language] = problem.path.map(String);
          issue(field === 'translations' ? `section:${language}` : 'section', keyOf(problem.message));
        }
      } else {
        currentSection = parsed.data.name;
        const known = sections.get(currentSection);
        if (!known) {
          if (sections.size >= maxSections)
            issue('section', messageKey('excelImport.tooManySections', { max: maxSections }));
          else sections.set(currentSection, { name: currentSection, translations, items: [] });
        } else {
          // A category met again takes the translations it did not have yet.
          known.translations = { ...translations, ...known.translations };
        }
      }
    }

    const hasItem =
      [...cells.keys()].some((column) => !column.startsWith('section')) ||
      cellIssues.some((known) => !known.column?.startsWith('section'));
    if (hasItem) {
      const section = currentSection === null ? undefined : sections.get(currentSection);
      if (!section && sectionName === null) issue('section', 'excelImport.sectionMissing');

      const allergens: string[] = [];
      for (const part of splitList(text('allergens') ?? '')) {
        const allergen = allergenOf(part);
        if (allergen) {
          if (!allergens.includes(allergen)) allergens.push(allergen);
        } else issue('allergens', messageKey('excelImport.unknownAllergen', { value: part }));
      }
      const markers = new Set<ImportMarker>();
      for (const part of splitList(text('markers') ?? '')) {
        const marker = markerOf(part);
        if (marker) markers.add(marker);
        else issue('markers', messageKey('excelImport.unknownMarker', { value: part }));
      }
      const price = asPrice(cells.get('price') ?? null);
      if (price === 'invalid') issue('price', 'validation.number');
      const photoText = text('photo');
      const photo = photoText === null ? null : photoKeyOf(photoText, photoCheck.origin);
      if (photoText !== null && !hasIssue('photo')) {
        if (!photo) issue('photo', 'excelImport.photoNotOwn');
        else if (!storedPhotos.has(photo)) issue('photo', 'excelImport.photoNotFound');
      }

      const translations = Object.fromEntries(
        (['it', 'en', 'de', 'fr', 'es'] as const satisfies MenuLanguage[]).flatMap((language) => {
          const fields = Object.fromEntries(
            TRANSLATED_COLUMNS.filter((column) => column !== 'section').map((column) => [
              TRANSLATION_FIELDS[column],
              text(`${column}:${language}`),
            ]),
          );
          return Object.values(fields).some(Boolean) ? [[language, fields]] : [];
        }),
      );
      const { variants, numbers } = readVariants(text, (column) => cells.get(column) ?? null, issue);
      const item = {
        name: text('name') ?? undefined,
        description: text('description'),
        ingredients: text('ingredients'),
        allergens,
        price: price === 'invalid' ? null : price,
        priceText: text('priceText'),
        photo,
        bestSeller: markers.has('bestSeller'),
        suggested: markers.has('suggested'),
        outOfStock: markers.has('outOfStock'),
        translations,
        ...(variants.length > 0 ? { variants } : {}),
      };
      const parsed = ItemSchema.safeParse(item);
      if (!parsed.success) {
        for (const problem of parsed.error.issues) {
          const path = problem.path.map(String);
          const column =
            path[0] === 'variants' ? variantColumnOfPath(path, numbers) : columnOfItemPath(problem.path);
          if (!hasIssue(column)) issue(column, keyOf(problem.message));
        }
      }
      if (section && rowIssues.length === 0) {
        if (section.items.length >= maxItems)
          issue('section', messageKey('excelImport.tooManyItems', { max: maxItems }));
        else {
          section.items.push(item as NewItemInput);
          itemCount += 1;
        }
      }
    }
    issues.push(...rowIssues);
  }

  issues.sort((left, right) => left.row - right.row);
  return { sections: [...sections.values()], itemCount, issues: issues.slice(0, MAX_ISSUES) };
};
