import { inflateRawSync } from 'node:zlib';
import { EXCEL_IMPORT_MAX_ROWS, EXCEL_IMPORT_MAX_UNZIPPED_BYTES } from '@carta/contract/menu-import';
import { AppError } from '../../lib/app-error.ts';

// An .xlsx is a zip of XML parts. Before exceljs reads one, its parts are unzipped here once, each within
// what is left of the budget: a zip bomb or a part that says it is small and is not (the central
// directory may lie) stops at the budget instead of filling the memory. A few counts of the sheets'
// XML refuse a sheet of a million rows before exceljs builds an object per cell.

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const MAX_PARTS = 1000;
/** Rows of any sheet, blank ones with a style included: a few times the rows the import takes. */
const MAX_SHEET_ROWS = EXCEL_IMPORT_MAX_ROWS * 3;
/** Cells of all the sheets together: every column of every row, and then some. */
const MAX_CELLS = EXCEL_IMPORT_MAX_ROWS * 60;

const invalid = () => new AppError(400, 'EXCEL_FILE_INVALID');

const countOf = (text: string, needle: RegExp) => text.match(needle)?.length ?? 0;

/** The end-of-central-directory record: the last one in the file's last 64 KiB. */
const findEnd = (file: Buffer) => {
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at -= 1) {
    if (file.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw invalid();
};

/**
 * Refuses what is not a zip of a reasonable workbook: 400 EXCEL_FILE_INVALID (not a zip, truncated,
 * encrypted, an unknown compression, too large unzipped), 400 EXCEL_TOO_MANY_ROWS (a sheet far longer
 * than the import takes).
 */
export const checkWorkbookZip = (file: Buffer): void => {
  if (file.length < 30 || file.readUInt32LE(0) !== LOCAL_HEADER) throw invalid();
  const end = findEnd(file);
  const partCount = file.readUInt16LE(end + 10);
  const directoryOffset = file.readUInt32LE(end + 16);
  if (partCount === 0 || partCount > MAX_PARTS || partCount === 0xffff) throw invalid();
  if (directoryOffset >= end) throw invalid();

  let budget = EXCEL_IMPORT_MAX_UNZIPPED_BYTES;
  let cells = 0;
  let at = directoryOffset;
  for (let index = 0; index < partCount; index += 1) {
    if (at + 46 > end || file.readUInt32LE(at) !== CENTRAL_HEADER) throw invalid();
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const compressedSize = file.readUInt32LE(at + 20);
    const declaredSize = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localOffset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    // Encrypted parts, zip64 sizes and compressions other than stored and deflate are no workbook of Excel's.
    if (flags & 1 || declaredSize === 0xffffffff || compressedSize === 0xffffffff) throw invalid();
    if (declaredSize > budget) throw invalid();
    if (localOffset + 30 > file.length || file.readUInt32LE(localOffset) !== LOCAL_HEADER) throw invalid();
    const dataStart =
      localOffset + 30 + file.readUInt16LE(localOffset + 26) + file.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > file.length) throw invalid();
    const data = file.subarray(dataStart, dataStart + compressedSize);

    let part: Buffer;
    if (method === 0) part = data;
    else if (method === 8) {
      try {
        // One byte more than the budget: reaching it means the part is larger than it may be.
        part = inflateRawSync(data, { maxOutputLength: budget + 1 });
      } catch {
        throw invalid();
      }
    } else throw invalid();
    if (part.length > budget) throw invalid();
    budget -= part.length;

    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) {
      const xml = part.toString('utf8');
      if (countOf(xml, /<row[\s>]/g) > MAX_SHEET_ROWS) throw new AppError(400, 'EXCEL_TOO_MANY_ROWS');
      cells += countOf(xml, /<c[\s>]/g);
      if (cells > MAX_CELLS) throw new AppError(400, 'EXCEL_TOO_MANY_ROWS');
    }
  }
};
