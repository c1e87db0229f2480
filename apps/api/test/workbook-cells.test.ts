import { describe, expect, it } from 'vitest';
import { asPrice, asText, readCell, splitList } from '../src/features/menu-import/workbook-cells.ts';

// The menu import reads a cell as the owner sees it in Excel.

describe("a workbook's cells", () => {
  it('read a formula by the result Excel saved, and refuse one saved without it', () => {
    expect(readCell({ formula: 'A1*2', result: 7 } as never)).toEqual({ value: 7 });
    expect(readCell({ formula: 'A1*2' } as never)).toEqual({ issue: 'excelImport.formula' });
    expect(readCell({ error: '#DIV/0!' } as never)).toEqual({ issue: 'excelImport.cellError' });
  });

  it('read rich text as its plain text', () => {
    expect(readCell({ richText: [{ text: 'Pasta ' }, { text: 'fresca' }] } as never)).toEqual({
      value: 'Pasta fresca',
    });
  });

  it('take a price typed as a number or as text with a comma or a euro sign', () => {
    expect(asPrice(12.5)).toBe(12.5);
    expect(asPrice('12,50')).toBe(12.5);
    expect(asPrice('€ 8')).toBe(8);
    expect(asPrice(3.3000000000000003)).toBe(3.3);
    expect(asPrice(null)).toBeNull();
    expect(asPrice('dodici')).toBe('invalid');
  });

  it('read a blank cell as empty and a date as its day', () => {
    expect(asText('  ')).toBeNull();
    expect(asText(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-27');
    expect(asText(42)).toBe('42');
  });

  it('part a list typed in one cell by commas, semicolons or lines', () => {
    expect(splitList('glutine, latte;uova\n soia ,')).toEqual(['glutine', 'latte', 'uova', 'soia']);
  });
});
