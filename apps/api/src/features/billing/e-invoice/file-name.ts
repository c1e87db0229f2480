import type { EInvoiceDocumentKind } from '@carta/contract/e-invoice';

// SDI's file names: `IT<transmitter's tax code>_<progressive>.xml`, the progressive at most 5 letters or
// digits and never used twice by one sender, not even for a file SDI rejected (its error 00002,
// "duplicate file name"). Derived from the document, so every process names a file the same way without
// a counter to keep (docs/decisions/0062).

/** Each document gets this many names: the first send and three resends after a rejection. */
export const NAMES_PER_DOCUMENT = 4;
const KINDS: EInvoiceDocumentKind[] = ['invoice', 'creditNote'];
const SPACE = 36 ** 5;

/**
 * The progressive of a document's `generation`-th file (0 the first, 1…3 after rejections): base 36 of
 * ((id × 2 + kind) × 4 + generation), 5 characters, upper case. Unique for about 7.5 million documents
 * of each kind.
 */
export const progressiveOf = (kind: EInvoiceDocumentKind, documentId: number, generation = 0) => {
  if (generation < 0 || generation >= NAMES_PER_DOCUMENT)
    throw new Error(`No file name left for ${kind} ${documentId}`);
  const value = (documentId * KINDS.length + KINDS.indexOf(kind)) * NAMES_PER_DOCUMENT + generation;
  if (value >= SPACE) throw new Error(`The 5-character progressive cannot name ${kind} ${documentId}`);
  return value.toString(36).toUpperCase().padStart(5, '0');
};

/** The seller's code in file names: its VAT number without the country prefix, as `IT` + 11 digits. */
const senderOf = (sellerVatNumber: string) =>
  `IT${sellerVatNumber
    .replace(/[\s.\-/]/g, '')
    .toUpperCase()
    .replace(/^IT/, '')}`;

export const fileNameOf = (sellerVatNumber: string, progressive: string) =>
  `${senderOf(sellerVatNumber)}_${progressive}.xml`;

/** Which of its names a file name is (its generation), read back from the progressive. */
export const generationOf = (fileName: string) => {
  const progressive = /_([0-9A-Z]{5})\.xml$/.exec(fileName)?.[1];
  return progressive ? Number.parseInt(progressive, 36) % NAMES_PER_DOCUMENT : 0;
};

export const progressiveOfFileName = (fileName: string) =>
  /_([0-9A-Za-z]{1,5})\.xml$/.exec(fileName)?.[1] ?? '';
