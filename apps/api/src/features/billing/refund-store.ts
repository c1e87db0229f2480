import { formatCents } from '@carta/contract/payments';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { accounts, charges, clubs, invoices, refunds } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { refundEmail } from '../mail/refund-email.ts';
import type { Billing } from './billing-context.ts';
import { issueCreditNote } from './credit-note-store.ts';
import { invoiceNumber } from './fiscal-documents.ts';
import { ProviderUnavailableError, type RefundOutcome } from './provider.ts';

// Refunds (docs/decisions/0063-refunds-and-credit-notes.md). The refund row is written first, pending, in
// the transaction that decides it (an admin's request with its audit line, or a late payment's answer);
// after the commit the provider is asked with the idempotency key `refund-<id>`, and its answer is recorded
// in a transaction of its own, with the credit note when an invoiced charge's refund went through. The
// subscription is not touched: an admin who also wants it to end cancels it separately.

const sumOf = (rows: { amountCents: number }[]) => rows.reduce((sum, row) => sum + row.amountCents, 0);

/** What an admin may still refund of a charge: what was paid minus what went back or is on its way. */
export const refundableCents = (
  charge: { status: string; amountCents: number },
  chargeRefunds: { status: string; amountCents: number }[],
) =>
  charge.status !== 'succeeded' || chargeRefunds.some((refund) => refund.status === 'pending')
    ? 0
    : charge.amountCents - sumOf(chargeRefunds.filter((refund) => refund.status === 'succeeded'));

/** The invoice of a charge; undefined for a late payment, which never had one. */
const invoiceOfCharge = async (tx: Transaction, chargeId: number) => {
  const [invoice] = await tx
    .select({ id: invoices.id, year: invoices.year, sequence: invoices.sequence })
    .from(invoices)
    .where(eq(invoices.chargeId, chargeId));
  return invoice;
};

/** A refund of the charge, pending, in the charge's currency and correcting its invoice when it had one. */
const insertRefund = async (
  tx: Transaction,
  charge: { id: number; clubId: number; currency: string },
  invoice: { id: number } | undefined,
  fields: Pick<typeof refunds.$inferInsert, 'amountCents' | 'reason' | 'note' | 'requestedBy'>,
) => {
  const [refund] = await tx
    .insert(refunds)
    .values({
      clubId: charge.clubId,
      chargeId: charge.id,
      invoiceId: invoice?.id ?? null,
      currency: charge.currency,
      ...fields,
    })
    .returning({ id: refunds.id });
  if (!refund) throw new Error('refund not written');
  return refund;
};

export type AdminRefundInput = {
  clubId: number;
  chargeId: number;
  amountCents: number;
  note: string | null;
  adminAccountId: number;
};

/**
 * Records an admin's refund, pending, with its audit line (names and amounts): the charge is locked, so of
 * two refunds asked at once the second sees the first in flight. Answers the refund's id, to send.
 */
export const requestRefund = async (billing: Billing, input: AdminRefundInput): Promise<number> =>
  billing.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ charge: charges, clubName: clubs.name })
      .from(charges)
      .innerJoin(clubs, eq(clubs.id, charges.clubId))
      .where(and(eq(charges.id, input.chargeId), eq(charges.clubId, input.clubId)))
      .for('update', { of: charges });
    if (!found) throw notFound();
    const { charge, clubName } = found;
    if (charge.status !== 'succeeded' || !charge.providerPaymentId)
      throw new AppError(409, 'CHARGE_NOT_REFUNDABLE');
    const earlier = await tx
      .select({ status: refunds.status, amountCents: refunds.amountCents })
      .from(refunds)
      .where(eq(refunds.chargeId, charge.id));
    if (earlier.some((refund) => refund.status === 'pending')) throw new AppError(409, 'REFUND_IN_PROGRESS');
    const left = refundableCents(charge, earlier);
    if (input.amountCents > left) throw new AppError(409, 'REFUND_TOO_LARGE');
    const invoice = await invoiceOfCharge(tx, charge.id);
    const refund = await insertRefund(tx, charge, invoice, {
      amountCents: input.amountCents,
      reason: 'admin',
      note: input.note,
      requestedBy: input.adminAccountId,
    });
    const money = (cents: number) => formatCents(cents, { language: 'it', currency: charge.currency });
    await writeAudit(tx, input.adminAccountId, {
      action: 'club.refund',
      target: { type: 'club', id: charge.clubId },
      details: {
        club: clubName,
        // In cents with its currency, so each reader sees it in their language; `amount` as it was written.
        amountCents: input.amountCents,
        currency: charge.currency,
        amount: money(input.amountCents),
        paid: money(charge.amountCents),
        leftBefore: money(left),
        invoice: invoice ? invoiceNumber(invoice.year, invoice.sequence) : null,
        note: input.note,
        refundId: refund.id,
        chargeId: charge.id,
      },
    });
    return refund.id;
  });

/**
 * A payment that succeeded after the subscription gave it up (its charge dropped, or refused by the rules):
 * its whole amount is recorded for a refund in the caller's transaction, which holds the charge locked, once
 * per charge. Answers the refund's id, to send after the commit; null when it was recorded already.
 */
export const recordLateSuccessRefund = async (
  tx: Transaction,
  charge: typeof charges.$inferSelect,
): Promise<number | null> => {
  const [already] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.chargeId, charge.id), eq(refunds.reason, 'lateSuccess')));
  if (already) return null;
  const invoice = await invoiceOfCharge(tx, charge.id);
  const refund = await insertRefund(tx, charge, invoice, {
    amountCents: charge.amountCents,
    reason: 'lateSuccess',
  });
  return refund.id;
};

/**
 * Asks the provider for a pending refund and records its answer. Answers the refund as it then stands, or
 * null when it is not pending or the provider could not be reached (it is asked again later).
 */
export const sendRefund = async (billing: Billing, refundId: number, now: Date) => {
  const [found] = await billing.db
    .select({ refund: refunds, paymentId: charges.providerPaymentId })
    .from(refunds)
    .innerJoin(charges, eq(charges.id, refunds.chargeId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
  if (!found) return null;
  const { refund, paymentId } = found;
  let outcome: RefundOutcome;
  if (!paymentId) outcome = { refundId: '', status: 'failed', failureReason: 'The charge has no payment' };
  else {
    try {
      outcome = await billing.provider.refund({
        paymentId,
        amountCents: refund.amountCents,
        currency: refund.currency,
        idempotencyKey: `refund-${refund.id}`,
        reason: refund.reason,
        metadata: { refundId: String(refund.id), chargeId: String(refund.chargeId) },
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      billing.log.warn({ err: error, refundId }, 'payment provider unavailable, refund will be sent again');
      return null;
    }
  }
  return recordRefundOutcome(billing, refundId, outcome, now);
};

/**
 * The provider's answer to a refund, at once or through an event, recorded once: a refund already answered
 * changes no more. One that went through gets its credit note (an invoiced charge) and the owner an email.
 */
export const recordRefundOutcome = async (
  billing: Billing,
  refundId: number,
  outcome: RefundOutcome,
  now: Date,
) => {
  const done = await billing.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) return null;
    if (refund.status !== 'pending') {
      if (refund.status === 'succeeded' && outcome.status === 'failed')
        billing.log.error({ refundId, outcome }, 'refund failed after it had succeeded: check it by hand');
      return { refund, creditNoteNumber: null, isNew: false };
    }
    const providerRefundId = outcome.refundId || refund.providerRefundId;
    const status = outcome.status;
    const [updated] = await tx
      .update(refunds)
      .set({
        status,
        providerRefundId,
        errorMessage: status === 'failed' ? (outcome.failureReason ?? 'failed') : null,
        updatedAt: now,
      })
      .where(eq(refunds.id, refundId))
      .returning();
    if (!updated) return null;
    const creditNoteNumber =
      status === 'succeeded' && updated.invoiceId !== null
        ? await issueCreditNote(tx, { ...updated, invoiceId: updated.invoiceId }, now)
        : null;
    return { refund: updated, creditNoteNumber, isNew: status === 'succeeded' };
  });
  if (done?.isNew) await emailOwner(billing, done.refund, done.creditNoteNumber);
  return done?.refund ?? null;
};

const emailOwner = async (
  billing: Billing,
  refund: typeof refunds.$inferSelect,
  creditNoteNumber: string | null,
) => {
  try {
    const [found] = await billing.db
      .select({
        clubName: clubs.name,
        owner: { email: accounts.email, name: accounts.name, language: accounts.language },
        invoice: { year: invoices.year, sequence: invoices.sequence },
      })
      .from(clubs)
      .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
      .leftJoin(invoices, eq(invoices.id, refund.invoiceId ?? 0))
      .where(eq(clubs.id, refund.clubId));
    if (!found) return;
    const { language } = found.owner;
    await billing.mailer.send(
      refundEmail(refund.reason, language, found.owner.email, {
        name: found.owner.name,
        clubName: found.clubName,
        amount: formatCents(refund.amountCents, { language, currency: refund.currency }),
        creditNoteNumber,
        invoiceNumber: found.invoice ? invoiceNumber(found.invoice.year, found.invoice.sequence) : null,
        link: `${billing.publicUrl}/clubs/${refund.clubId}/profile/billing`,
      }),
    );
  } catch (error) {
    // The refund is recorded; the mailer keeps what the mail server refused (0056), this is anything else.
    billing.log.warn({ err: error, refundId: refund.id }, 'refund email not sent');
  }
};
