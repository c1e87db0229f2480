import type { ExcelImportResult, ExcelRowError } from '@carta/contract/menu-import';
import { describe, expect, it } from 'vitest';
import { importReadiness, nameFromFile } from '../src/features/menu-import/import-file.ts';
import { fileSizeLabel } from '../src/lib/file-size.ts';

const file = new File(['x'], 'Menu estate.xlsx');
const rowError = (row: number): ExcelRowError => ({ row, column: 'price', key: 'price', message: 'Prezzo?' });
const preview = (errors: ExcelRowError[] = []) => ({ errors }) as unknown as ExcelImportResult;

describe('nameFromFile', () => {
  it('suggests the file name without its extension, cut to the menu name limit', () => {
    expect(nameFromFile('Menu estate.xlsx')).toBe('Menu estate');
    expect(nameFromFile('carta.v2.xlsx')).toBe('carta.v2');
    expect(nameFromFile(`${'a'.repeat(120)}.xlsx`)).toHaveLength(100);
  });
});

describe('importReadiness', () => {
  it('lets a checked file without refused rows be imported', () => {
    expect(importReadiness({ file, preview: preview(), importErrors: [], fileError: null })).toEqual({
      rowErrors: [],
      canImport: true,
    });
  });

  it('holds the import until a file is chosen and checked', () => {
    expect(
      importReadiness({ file: null, preview: undefined, importErrors: [], fileError: null }).canImport,
    ).toBe(false);
    expect(importReadiness({ file, preview: undefined, importErrors: [], fileError: null }).canImport).toBe(
      false,
    );
  });

  it('shows the preview rows, or the rows the import itself refused over them, and holds the import', () => {
    const checked = importReadiness({
      file,
      preview: preview([rowError(3)]),
      importErrors: [],
      fileError: null,
    });
    expect(checked).toEqual({ rowErrors: [rowError(3)], canImport: false });
    const refused = importReadiness({
      file,
      preview: preview([rowError(3)]),
      importErrors: [rowError(7)],
      fileError: null,
    });
    expect(refused.rowErrors).toEqual([rowError(7)]);
  });

  it('holds the import while the file has a problem', () => {
    expect(
      importReadiness({ file, preview: preview(), importErrors: [], fileError: 'File troppo grande' })
        .canImport,
    ).toBe(false);
  });
});

describe('fileSizeLabel', () => {
  it('reads in kilobytes under a megabyte, never 0, and in megabytes above', () => {
    expect(fileSizeLabel(100)).toBe('1 KB');
    expect(fileSizeLabel(300 * 1024)).toBe('300 KB');
    expect(fileSizeLabel(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
