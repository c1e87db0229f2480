import type { AdminEInvoice, AdminEInvoicesQuery } from '@carta/contract/e-invoice';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SellerConfig } from '../../../config.ts';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { clubs, creditNotes, eInvoiceTransmissions, invoices } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { refreshParties } from './documents.ts';
import { fileNameOf, generationOf, NAMES_PER_DOCUMENT, progressiveOf } from './file-name.ts';

// The admin console's view.

const documentNumber = sql<string>`case ${eInvoiceTransmissions.documentKind}
  when 'invoice' then ${invoices.year} || '-' || lpad(${invoices.sequence}::text, 6, '0')
  else ${creditNotes.year} || '-NC-' || lpad(${creditNotes.sequence}::text, 6, '0') end`;

const adminRow = {
  id: eInvoiceTransmissions.id,
  clubId: eInvoiceTransmissions.clubId,
  clubName: clubs.name,
  documentKind: eInvoiceTransmissions.documentKind,
  documentId: eInvoiceTransmissions.documentId,
  documentNumber,
  fileName: eInvoiceTransmissions.fileName,
  status: eInvoiceTransmissions.status,
  reason: eInvoiceTransmissions.reason,
  attempts: eInvoiceTransmissions.attempts,
  nextAttemptAt: eInvoiceTransmissions.nextAttemptAt,
  sentAt: eInvoiceTransmissions.sentAt,
  createdAt: eInvoiceTransmissions.createdAt,
  updatedAt: eInvoiceTransmissions.updatedAt,
};

const adminQuery = (db: Executor) =>
  db
    .select(adminRow)
    .from(eInvoiceTransmissions)
    .innerJoin(clubs, eq(clubs.id, eInvoiceTransmissions.clubId))
    .leftJoin(
      invoices,
      and(
        eq(eInvoiceTransmissions.documentKind, 'invoice'),
        eq(invoices.id, eInvoiceTransmissions.documentId),
      ),
    )
    .leftJoin(
      creditNotes,
      and(
        eq(eInvoiceTransmissions.documentKind, 'creditNote'),
        eq(creditNotes.id, eInvoiceTransmissions.documentId),
      ),
    );

const toAdmin = (
  row: Awaited<ReturnType<ReturnType<typeof adminQuery>['execute']>>[number],
): AdminEInvoice => ({
  ...row,
  documentNumber: row.documentNumber ?? '',
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of transmissions, newest first, of one status or all. */
export const listTransmissions = async (db: Database, query: AdminEInvoicesQuery) => {
  const where = query.status ? eq(eInvoiceTransmissions.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    adminQuery(db)
      .where(where)
      .orderBy(desc(eInvoiceTransmissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(eInvoiceTransmissions).where(where),
  ]);
  return { transmissions: rows.map(toAdmin), total: total?.value ?? 0 };
};

export const loadTransmission = async (db: Executor, transmissionId: number) => {
  const [row] = await adminQuery(db).where(eq(eInvoiceTransmissions.id, transmissionId));
  if (!row) throw notFound();
  return toAdmin(row);
};

/**
 * A rejected file sent again once its data were fixed: the document takes the seller's and the club's
 * data as they are now, the file its next name (SDI refuses a name twice), and the row waits to be sent
 * by the next round. 409 for a file that is not rejected, or that has used its names up.
 */
export const resendTransmission = async (tx: Transaction, seller: SellerConfig, transmissionId: number) => {
  const [row] = await tx
    .select()
    .from(eInvoiceTransmissions)
    .where(eq(eInvoiceTransmissions.id, transmissionId))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'rejected') throw new AppError(409, 'CONFLICT');
  const generation = generationOf(row.fileName) + 1;
  if (generation >= NAMES_PER_DOCUMENT) throw new AppError(409, 'CONFLICT');
  const refreshed = await refreshParties(tx, row.documentKind, row.documentId, seller);
  if (!refreshed) throw notFound();
  const fileName = fileNameOf(seller.vatNumber, progressiveOf(row.documentKind, row.documentId, generation));
  await tx
    .update(eInvoiceTransmissions)
    .set({
      fileName,
      status: 'waiting',
      providerId: null,
      reason: null,
      attempts: 0,
      nextAttemptAt: null,
      sentAt: null,
      updatedAt: new Date(),
    })
    .where(eq(eInvoiceTransmissions.id, transmissionId));
  return { row, fileName };
};
