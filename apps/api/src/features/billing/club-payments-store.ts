import type { AdminClubPayments, AdminRefund } from '@carta/contract/refunds';
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, charges, clubs, creditNotes, invoices, refunds } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { creditNoteNumber, day, invoiceNumber } from './fiscal-documents.ts';
import { refundableCents } from './refund-store.ts';

// The admin console's view of a club's payments (docs/decisions/0063-refunds-and-credit-notes.md): every
// charge with its invoice, what went back and how, and what may still be refunded.

export const listClubPayments = async (db: Executor, clubId: number): Promise<AdminClubPayments> => {
  const [club] = await db.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  const [chargeRows, refundRows] = await Promise.all([
    db
      .select({
        charge: charges,
        invoice: { id: invoices.id, year: invoices.year, sequence: invoices.sequence },
      })
      .from(charges)
      .leftJoin(invoices, eq(invoices.chargeId, charges.id))
      .where(eq(charges.clubId, clubId))
      .orderBy(desc(charges.createdAt), desc(charges.id)),
    db
      .select({
        refund: refunds,
        adminName: accounts.name,
        adminLastName: accounts.lastName,
        creditNote: { id: creditNotes.id, year: creditNotes.year, sequence: creditNotes.sequence },
      })
      .from(refunds)
      .leftJoin(accounts, eq(accounts.id, refunds.requestedBy))
      .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
      .where(eq(refunds.clubId, clubId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const refundsOf = new Map<number, AdminRefund[]>();
  const rawOf = new Map<number, { status: string; amountCents: number }[]>();
  for (const { refund, adminName, adminLastName, creditNote } of refundRows) {
    const list = refundsOf.get(refund.chargeId) ?? [];
    list.push({
      id: refund.id,
      createdAt: refund.createdAt.toISOString(),
      amountCents: refund.amountCents,
      currency: refund.currency,
      reason: refund.reason,
      status: refund.status,
      note: refund.note,
      failureReason: refund.errorMessage,
      requestedBy: adminName ? `${adminName} ${adminLastName}` : null,
      creditNote: creditNote
        ? { id: creditNote.id, number: creditNoteNumber(creditNote.year, creditNote.sequence) }
        : null,
    });
    refundsOf.set(refund.chargeId, list);
    rawOf.set(refund.chargeId, [...(rawOf.get(refund.chargeId) ?? []), refund]);
  }
  return {
    club,
    charges: chargeRows.map(({ charge, invoice }) => {
      const raw = rawOf.get(charge.id) ?? [];
      return {
        id: charge.id,
        createdAt: charge.createdAt.toISOString(),
        status: charge.status,
        amountCents: charge.amountCents,
        currency: charge.currency,
        periodStart: day(charge.periodStart),
        periodEnd: day(charge.periodEnd),
        invoice: invoice ? { id: invoice.id, number: invoiceNumber(invoice.year, invoice.sequence) } : null,
        refundedCents: raw
          .filter((refund) => refund.status === 'succeeded')
          .reduce((sum, refund) => sum + refund.amountCents, 0),
        refundableCents: charge.providerPaymentId ? refundableCents(charge, raw) : 0,
        refunds: refundsOf.get(charge.id) ?? [],
      };
    }),
  };
};
