// What invoices and credit notes say the same way wherever they are shown (the owner's list, the PDF, the
// console, the emails, FatturaPA): their numbers, their days and their totals.

/** An invoice's number: its year and its place in the year's series without gaps (`2026-000042`). */
export const invoiceNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(6, '0')}`;

/** A credit note's number, in a series of its own (`2026-NC-000001`). */
export const creditNoteNumber = (year: number, sequence: number) =>
  `${year}-NC-${String(sequence).padStart(6, '0')}`;

/** A stored instant as the day a document states (UTC, `2026-03-31`). */
export const day = (date: Date) => date.toISOString().slice(0, 10);

/** The amounts an invoice and a credit note both state, as their rows and their FatturaPA files hold them. */
export type DocumentTotals = {
  currency: string;
  netCents: number;
  vatBasisPoints: number;
  vatCents: number;
  grossCents: number;
  reverseCharge: boolean;
};

/** The amounts an invoice and a credit note both state. */
export const documentTotals = (row: DocumentTotals): DocumentTotals => ({
  currency: row.currency,
  netCents: row.netCents,
  vatBasisPoints: row.vatBasisPoints,
  vatCents: row.vatCents,
  grossCents: row.grossCents,
  reverseCharge: row.reverseCharge,
});
