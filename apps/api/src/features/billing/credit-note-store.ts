import type { CreditNote } from '@carta/contract/refunds';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { creditNotes, invoices, type refunds } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { creditNoteNumber, day, documentTotals, invoiceNumber } from './fiscal-documents.ts';
import { splitGross } from './invoice-store.ts';

// Credit notes (docs/decisions/0063-refunds-and-credit-notes.md): one per refund that went through on an
// invoiced charge, numbered per calendar year in a series of their own without gaps (`2026-NC-000001`),
// with the invoice's parties as they were when it was issued and the refunded gross split at its rate.

/** An arbitrary constant, not the invoices' own: credit note numbers are taken one at a time. */
const CREDIT_NOTE_NUMBER_LOCK = 7_231_906;

type CreditNoteRow = typeof creditNotes.$inferSelect;
type InvoiceRef = { year: number; sequence: number };

const toCreditNote = (row: CreditNoteRow, invoice: InvoiceRef): CreditNote => ({
  id: row.id,
  number: creditNoteNumber(row.year, row.sequence),
  issuedOn: day(row.issuedAt),
  invoiceId: row.invoiceId,
  invoiceNumber: invoiceNumber(invoice.year, invoice.sequence),
  ...documentTotals(row),
});

/**
 * Writes the credit note of a refund that succeeded on an invoiced charge, in the transaction that records
 * the refund's success (once: a refund has one credit note). Answers its number.
 */
export const issueCreditNote = async (
  tx: Transaction,
  refund: typeof refunds.$inferSelect & { invoiceId: number },
  now: Date,
): Promise<string | null> => {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, refund.invoiceId));
  if (!invoice) return null;
  // The invoice's rate and treatment, not today's: a credit note corrects that invoice as it was.
  const { netCents, vatCents } = splitGross(refund.amountCents, invoice.vatBasisPoints);
  const year = now.getUTCFullYear();
  await tx.execute(sql`select pg_advisory_xact_lock(${CREDIT_NOTE_NUMBER_LOCK})`);
  const [last] = await tx
    .select({ sequence: sql<number>`coalesce(max(${creditNotes.sequence}), 0)`.mapWith(Number) })
    .from(creditNotes)
    .where(eq(creditNotes.year, year));
  const sequence = (last?.sequence ?? 0) + 1;
  const [written] = await tx
    .insert(creditNotes)
    .values({
      clubId: refund.clubId,
      invoiceId: invoice.id,
      refundId: refund.id,
      year,
      sequence,
      issuedAt: now,
      currency: invoice.currency,
      netCents,
      vatBasisPoints: invoice.vatBasisPoints,
      vatCents,
      grossCents: refund.amountCents,
      reverseCharge: invoice.reverseCharge,
      seller: invoice.seller,
      buyer: invoice.buyer,
    })
    .onConflictDoNothing({ target: creditNotes.refundId })
    .returning({ year: creditNotes.year, sequence: creditNotes.sequence });
  return written ? creditNoteNumber(written.year, written.sequence) : null;
};

/** The club's credit notes, newest first, each with the number of the invoice it corrects. */
export const listCreditNotes = async (db: Executor, clubId: number): Promise<CreditNote[]> => {
  const rows = await db
    .select({ note: creditNotes, invoice: { year: invoices.year, sequence: invoices.sequence } })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.clubId, clubId))
    .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.id));
  return rows.map(({ note, invoice }) => toCreditNote(note, invoice));
};

/**
 * A credit note with what it repeats of the invoice it corrects (number, date, period); only the club's
 * own when `clubId` is given. Undefined when there is none. The owner's PDF and the FatturaPA file read it.
 */
export const findCreditNoteWithInvoice = async (db: Executor, creditNoteId: number, clubId?: number) => {
  const [row] = await db
    .select({
      note: creditNotes,
      invoice: {
        year: invoices.year,
        sequence: invoices.sequence,
        issuedAt: invoices.issuedAt,
        periodStart: invoices.periodStart,
        periodEnd: invoices.periodEnd,
        months: invoices.months,
      },
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(
      clubId === undefined
        ? eq(creditNotes.id, creditNoteId)
        : and(eq(creditNotes.id, creditNoteId), eq(creditNotes.clubId, clubId)),
    );
  return row;
};

/**
 * One credit note of the club with both parties and what its PDF says of the invoice; 404 for another
 * club's.
 */
export const loadCreditNote = async (db: Executor, clubId: number, creditNoteId: number) => {
  const row = await findCreditNoteWithInvoice(db, creditNoteId, clubId);
  if (!row) throw notFound();
  const { note, invoice } = row;
  return {
    ...toCreditNote(note, invoice),
    invoiceIssuedOn: day(invoice.issuedAt),
    periodStart: day(invoice.periodStart),
    periodEnd: day(invoice.periodEnd),
    months: invoice.months,
    seller: note.seller,
    buyer: note.buyer,
  };
};
