import { randomBytes } from 'node:crypto';
import type { FullMenu } from '@carta/contract/entities';
import { ALLERGENS } from '@carta/contract/entities';
import ExcelJS from 'exceljs';
import { seedOwnerWithClub } from './fixtures.ts';
import type { TestContext } from './helpers.ts';

// What the menu-import*.test.ts files share: workbooks and form bodies made as the owner's programs make
// them, and a Smart club to send them to.

export type Cell = string | number | null | { formula: string; result?: number };

/** An .xlsx with one sheet: a header row and the rows given, as a spreadsheet program would save it. */
export const workbookOf = async (header: string[], rows: Cell[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Menu');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

export type Part = { field: string; content: Buffer | string; fileName?: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
export const multipart = (parts: Part[]) => {
  const boundary = `----carta${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const { field, content, fileName } of parts) {
    const disposition = fileName
      ? `form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(content) ? content : Buffer.from(content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

export const EN_HEADER = [
  'Section',
  'Name',
  'Description',
  'Ingredients',
  'Allergens',
  'Price',
  'Price text',
  'Markers',
];

type TemplateLanguage = 'en' | 'de';
const MARKER_NAMES = { bestSeller: 'Best seller', suggested: 'Suggested', outOfStock: 'Out of stock' };

/**
 * The test's own template writer, the owner's way of filling it in: English headers, allergens by
 * number, markers by name, a category named on its first row only, translation columns per language.
 */
export const templateFileOf = (menu: FullMenu, languages: readonly TemplateLanguage[]) => {
  const header = [
    ...EN_HEADER,
    ...languages.flatMap((language) =>
      ['Section', 'Name', 'Description', 'Ingredients'].map(
        (label) => `${label} (${language.toUpperCase()})`,
      ),
    ),
  ];
  const rows: Cell[][] = menu.sections.flatMap((section) => {
    const sectionCell = (language: TemplateLanguage) =>
      section.translations[language]?.translatedName ?? null;
    if (section.items.length === 0)
      return [
        [
          section.name,
          ...Array.from({ length: EN_HEADER.length - 1 }, () => null),
          ...languages.flatMap((language) => [sectionCell(language), null, null, null]),
        ],
      ];
    return section.items.map((item, index) => [
      index === 0 ? section.name : null,
      item.name,
      item.description,
      item.ingredients,
      item.allergens.map((allergen) => ALLERGENS.indexOf(allergen) + 1).join(', '),
      item.price,
      item.priceText,
      (['bestSeller', 'suggested', 'outOfStock'] as const)
        .filter((marker) => item[marker])
        .map((marker) => MARKER_NAMES[marker])
        .join(', '),
      ...languages.flatMap((language) => [
        index === 0 ? sectionCell(language) : null,
        item.translations[language]?.translatedName ?? null,
        item.translations[language]?.translatedDescription ?? null,
        item.translations[language]?.translatedIngredients ?? null,
      ]),
    ]);
  });
  return workbookOf(header, rows);
};

/** What a round trip must keep of a menu: its categories and dishes with every text, price and marker. */
export const shapeOf = (menu: FullMenu) =>
  menu.sections.map((section) => ({
    name: section.name,
    translations: Object.fromEntries(
      Object.entries(section.translations).map(([language, text]) => [language, text?.translatedName]),
    ),
    items: section.items.map((item) => ({
      name: item.name,
      description: item.description,
      ingredients: item.ingredients,
      allergens: item.allergens,
      price: item.price,
      priceText: item.priceText,
      bestSeller: item.bestSeller,
      suggested: item.suggested,
      outOfStock: item.outOfStock,
      translations: Object.fromEntries(
        Object.entries(item.translations).map(([language, text]) => [
          language,
          [text?.translatedName, text?.translatedDescription, text?.translatedIngredients],
        ]),
      ),
    })),
  }));

/** A club of a new owner, Smart unless told, and `upload` to send a workbook to its Excel import. */
export const importSetUp =
  (context: TestContext) =>
  async (clubFields: { freeForever?: boolean; menuLanguages?: string[] } = {}) => {
    const { owner, club, headers, call } = await seedOwnerWithClub(context, {
      club: { freeForever: true, ...clubFields },
      acceptLanguage: 'en',
    });
    const upload = (
      file: Buffer,
      { dryRun = false, name, language = 'en' }: { dryRun?: boolean; name?: string; language?: string } = {},
    ) => {
      const body = multipart([
        ...(name === undefined ? [] : [{ field: 'name', content: name }]),
        { field: 'file', content: file, fileName: 'menu.xlsx' },
      ]);
      return context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${club.id}/menu/excel${dryRun ? '?dryRun=true' : ''}`,
        headers: { ...headers, 'accept-language': language, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const menuCount = async () => (await call('GET', '/menu')).json().length as number;
    return { owner, club, call, upload, menuCount };
  };
