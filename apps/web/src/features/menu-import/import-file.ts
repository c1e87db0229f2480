import type { ExcelImportResult, ExcelRowError } from '@carta/contract/menu-import';

/** A file's name without its extension, as a first guess at the menu's name. */
export const nameFromFile = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, 100);

/**
 * The rows to show as refused and whether the import may go ahead: the rows the import itself refused count
 * over the preview's, and only a checked file with no
 * refused row and no file problem can be imported.
 */
export const importReadiness = ({
  file,
  preview,
  importErrors,
  fileError,
}: {
  file: File | null;
  preview: ExcelImportResult | undefined;
  importErrors: ExcelRowError[];
  fileError: string | null;
}) => {
  const rowErrors = importErrors.length > 0 ? importErrors : (preview?.errors ?? []);
  return { rowErrors, canImport: Boolean(file && preview && rowErrors.length === 0 && !fileError) };
};
