import type { EInvoiceDocumentKind } from '@carta/contract/e-invoice';
import { and, eq } from 'drizzle-orm';
import type { SellerConfig } from '../../../config.ts';
import type { Executor, Transaction } from '../../../db/client.ts';
import { creditNotes, type InvoiceParty, invoices } from '../../../db/schema.ts';
import { findCreditNoteWithInvoice } from '../credit-note-store.ts';
import { creditNoteNumber, day, documentTotals, invoiceNumber } from '../fiscal-documents.ts';
import { clubAsBuyer } from '../invoice-store.ts';
import type { FatturaPaDocument } from './fatturapa.ts';

// The documents FatturaPA files are made of, read from `invoices` and `credit_notes` (a credit note through
// the credit note store, which the owner's PDF reads it with too): a credit note carries the invoice it
// corrects.

export type LoadedDocument = { clubId: number; document: FatturaPaDocument };

const loadInvoiceDocument = async (
  db: Executor,
  id: number,
  clubId?: number,
): Promise<LoadedDocument | null> => {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      clubId === undefined ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.clubId, clubId)),
    );
  if (!row) return null;
  return {
    clubId: row.clubId,
    document: {
      kind: 'invoice',
      number: invoiceNumber(row.year, row.sequence),
      issuedOn: day(row.issuedAt),
      ...documentTotals(row),
      periodStart: day(row.periodStart),
      periodEnd: day(row.periodEnd),
      seller: row.seller,
      buyer: row.buyer,
    },
  };
};

const loadCreditNoteDocument = async (
  db: Executor,
  id: number,
  clubId?: number,
): Promise<LoadedDocument | null> => {
  const row = await findCreditNoteWithInvoice(db, id, clubId);
  if (!row) return null;
  const { note, invoice } = row;
  return {
    clubId: note.clubId,
    document: {
      kind: 'creditNote',
      number: creditNoteNumber(note.year, note.sequence),
      issuedOn: day(note.issuedAt),
      ...documentTotals(note),
      periodStart: day(invoice.periodStart),
      periodEnd: day(invoice.periodEnd),
      seller: note.seller,
      buyer: note.buyer,
      correctedInvoice: {
        number: invoiceNumber(invoice.year, invoice.sequence),
        issuedOn: day(invoice.issuedAt),
      },
    },
  };
};

/** A document as its FatturaPA file needs it; only the club's own when `clubId` is given. */
export const loadDocument = (db: Executor, kind: EInvoiceDocumentKind, id: number, clubId?: number) =>
  kind === 'invoice' ? loadInvoiceDocument(db, id, clubId) : loadCreditNoteDocument(db, id, clubId);

/**
 * Before a rejected file is sent again, the document takes the data fixed since: the seller's from the
 * configuration, the buyer's from the club (name, VAT number, address, codice fiscale, SDI code, PEC).
 * Its number, date and amounts stay; so does what VIES said when it was issued. A file SDI rejected is
 * not an issued invoice, so correcting and resending it is the law's way (within 5 days).
 */
export const refreshParties = async (
  tx: Transaction,
  kind: EInvoiceDocumentKind,
  id: number,
  seller: SellerConfig,
) => {
  const loaded = await loadDocument(tx, kind, id);
  if (!loaded) return null;
  const current = await clubAsBuyer(tx, loaded.clubId);
  if (!current) return null;
  const buyer: InvoiceParty = { ...current.buyer, vatCheck: loaded.document.buyer.vatCheck ?? null };
  const table = kind === 'invoice' ? invoices : creditNotes;
  await tx.update(table).set({ seller, buyer }).where(eq(table.id, id));
  return { before: loaded.document, seller, buyer };
};
