import type ExcelJS from 'exceljs';

// A workbook's cells as the import reads them: the value a cell shows, as text, a price or a list.

export type CellValue = string | number | boolean | Date | null;
export type Cell = { value: CellValue } | { issue: string };

/** A cell's value as the workbook holds it: a formula gives its cached result (Excel always saves one). */
export const readCell = (value: ExcelJS.CellValue, depth = 0): Cell => {
  if (value === null || value === undefined) return { value: null };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { value };
  if (value instanceof Date) return { value };
  if (depth > 2) return { issue: 'excelImport.cellError' };
  if ('richText' in value) return { value: value.richText.map((part) => part.text).join('') };
  if ('error' in value) return { issue: 'excelImport.cellError' };
  if ('formula' in value || 'sharedFormula' in value) {
    const { result } = value as { result?: ExcelJS.CellValue | { error: string } };
    if (result === undefined) return { issue: 'excelImport.formula' };
    return readCell(result as ExcelJS.CellValue, depth + 1);
  }
  if ('text' in value && typeof value.text === 'string') return { value: value.text };
  return { issue: 'excelImport.cellError' };
};

/** A cell as text (a date as YYYY-MM-DD); null for an empty or blank cell. */
export const asText = (value: CellValue): string | null => {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value);
  return text.trim() === '' ? null : text;
};

/** A price cell: a number, or a text such as "12,50" or "€ 12.50"; anything else is refused. */
export const asPrice = (value: CellValue): number | null | 'invalid' => {
  if (value === null) return null;
  if (typeof value === 'number') {
    // A price computed by a formula may carry a float's tail (3.3000000000000003): cents are what count.
    const cents = Math.round(value * 100);
    return Math.abs(value * 100 - cents) < 1e-6 ? cents / 100 : value;
  }
  if (typeof value !== 'string') return 'invalid';
  const text = value.replace(/[€\s]/g, '');
  if (text === '') return null;
  if (!/^\d+([.,]\d+)?$/.test(text)) return 'invalid';
  return Number(text.replace(',', '.'));
};

/** A list typed in one cell (allergens, markers), parted by commas, semicolons or lines. */
export const splitList = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
