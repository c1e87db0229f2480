import type { EInvoiceDocumentKind } from '@carta/contract/e-invoice';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SellerConfig } from '../../../config.ts';
import type { Database, Executor } from '../../../db/client.ts';
import { creditNotes, eInvoiceTransmissions, invoices } from '../../../db/schema.ts';
import { loadDocument } from './documents.ts';
import { buildFatturaPa } from './fatturapa.ts';
import { fileNameOf, progressiveOf, progressiveOfFileName } from './file-name.ts';
import { type SdiProvider, SdiRefusedError } from './sdi-provider.ts';

// Each invoice's and credit note's FatturaPA file on its way to SDI (docs/decisions/0062), one row in
// `e_invoice_transmissions` per document: waiting → sent → delivered or rejected. Every round of the job
// gives a row to the documents that have none, then claims the rows that are due (FOR UPDATE SKIP LOCKED
// and a lease, so two processes never take the same row), sends the waiting ones and asks after the sent
// ones. A provider that cannot be reached leaves the row as it was, to be tried again with backoff.

export type EInvoices = {
  db: Database;
  provider: SdiProvider;
  seller: SellerConfig;
  log: FastifyBaseLogger;
};

type Transmission = typeof eInvoiceTransmissions.$inferSelect;

/** Rows claimed per round, and how long a claim keeps other processes off a row. */
const BATCH = 20;
const LEASE_MS = 5 * 60 * 1000;
/** Documents given a row per round (a backlog is taken a round at a time). */
const ENQUEUE_BATCH = 500;
const MINUTE_MS = 60 * 1000;

/** After the n-th failed try in a row: 1, 2, 4… minutes, at most 6 hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MINUTE_MS * 2 ** Math.max(0, attempts - 1), 6 * 60 * MINUTE_MS);

/** How soon a sent file is asked after again: a quarter of its time on the way, 1 minute to 1 hour. */
const pollDelayMs = (sentAt: Date | null, now: Date) =>
  Math.min(Math.max(MINUTE_MS, (now.getTime() - (sentAt ?? now).getTime()) / 4), 60 * MINUTE_MS);

/** The name a document's file has: its row's, or, before it has one, its first. */
export const fileNameFor = async (
  db: Executor,
  sellerVatNumber: string,
  kind: EInvoiceDocumentKind,
  documentId: number,
) => {
  const [row] = await db
    .select({ fileName: eInvoiceTransmissions.fileName })
    .from(eInvoiceTransmissions)
    .where(
      and(eq(eInvoiceTransmissions.documentKind, kind), eq(eInvoiceTransmissions.documentId, documentId)),
    );
  return row?.fileName ?? fileNameOf(sellerVatNumber, progressiveOf(kind, documentId));
};

/** A row for every invoice and credit note that has none: a LEFT JOIN, so new kinds' rows need no hook. */
export const enqueueMissing = async (db: Database, sellerVatNumber: string) => {
  const missing = async (kind: EInvoiceDocumentKind) => {
    const table = kind === 'invoice' ? invoices : creditNotes;
    const rows = await db
      .select({ id: table.id, clubId: table.clubId })
      .from(table)
      .leftJoin(
        eInvoiceTransmissions,
        and(eq(eInvoiceTransmissions.documentKind, kind), eq(eInvoiceTransmissions.documentId, table.id)),
      )
      .where(isNull(eInvoiceTransmissions.id))
      .orderBy(asc(table.id))
      .limit(ENQUEUE_BATCH);
    return rows.map((row) => ({
      clubId: row.clubId,
      documentKind: kind,
      documentId: row.id,
      fileName: fileNameOf(sellerVatNumber, progressiveOf(kind, row.id)),
    }));
  };
  const rows = [...(await missing('invoice')), ...(await missing('creditNote'))];
  if (rows.length === 0) return 0;
  // Another process may have written some of them meanwhile: the unique index keeps one.
  const written = await db
    .insert(eInvoiceTransmissions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: eInvoiceTransmissions.id });
  return written.length;
};

/**
 * Takes the rows that are due, at most BATCH, in one statement: locked rows are skipped (another
 * process has them), the claimed ones leased for LEASE_MS, so no other round takes them meanwhile.
 */
const claimDue = (db: Database, now: Date): Promise<Transmission[]> => {
  const due = db
    .select({ id: eInvoiceTransmissions.id })
    .from(eInvoiceTransmissions)
    .where(
      and(
        inArray(eInvoiceTransmissions.status, ['waiting', 'sent']),
        or(isNull(eInvoiceTransmissions.nextAttemptAt), lte(eInvoiceTransmissions.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(eInvoiceTransmissions.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(eInvoiceTransmissions)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), updatedAt: now })
    .where(inArray(eInvoiceTransmissions.id, due))
    .returning();
};

/** Writes what became of a claimed row, unless an admin changed it meanwhile (a resend). */
const settle = (db: Database, row: Transmission, changes: Partial<Transmission>, now: Date) =>
  db
    .update(eInvoiceTransmissions)
    .set({ ...changes, updatedAt: now })
    .where(
      and(
        eq(eInvoiceTransmissions.id, row.id),
        eq(eInvoiceTransmissions.status, row.status),
        eq(eInvoiceTransmissions.fileName, row.fileName),
      ),
    );

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** A provider's outcome for a sent file, as the row keeps it. */
const outcomeChanges = (
  outcome: Awaited<ReturnType<SdiProvider['status']>>,
  sentAt: Date | null,
  now: Date,
): Partial<Transmission> =>
  outcome.status === 'sent'
    ? { status: 'sent', nextAttemptAt: new Date(now.getTime() + pollDelayMs(sentAt, now)), attempts: 0 }
    : {
        status: outcome.status,
        reason: outcome.status === 'rejected' ? (outcome.reason ?? 'Rejected without a reason') : null,
        nextAttemptAt: null,
        attempts: 0,
      };

/** The XML of a row's document under the row's file name; null when the document is gone. */
export const transmissionXml = async (
  db: Executor,
  row: Pick<Transmission, 'documentKind' | 'documentId' | 'fileName'>,
) => {
  const loaded = await loadDocument(db, row.documentKind, row.documentId);
  return loaded ? buildFatturaPa(loaded.document, progressiveOfFileName(row.fileName)) : null;
};

const sendWaiting = async (service: EInvoices, row: Transmission, now: Date) => {
  const xml = await transmissionXml(service.db, row);
  if (!xml) {
    await settle(
      service.db,
      row,
      { status: 'rejected', reason: 'The document no longer exists', nextAttemptAt: null },
      now,
    );
    return;
  }
  let providerId: string;
  try {
    ({ providerId } = await service.provider.send({ fileName: row.fileName, xml }));
  } catch (error) {
    if (error instanceof SdiRefusedError) {
      await settle(service.db, row, { status: 'rejected', reason: failure(error), nextAttemptAt: null }, now);
      return;
    }
    const attempts = row.attempts + 1;
    service.log.warn(
      { err: error, fileName: row.fileName, attempts },
      'e-invoice not sent: tried again later',
    );
    await settle(
      service.db,
      row,
      { attempts, reason: failure(error), nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) },
      now,
    );
    return;
  }
  // Handed over: from here on the row is sent, whatever the first question about it answers.
  const sent = { ...row, status: 'sent' as const, providerId, sentAt: now, reason: null, attempts: 0 };
  await settle(
    service.db,
    row,
    { status: 'sent', providerId, sentAt: now, reason: null, attempts: 0, nextAttemptAt: now },
    now,
  );
  await pollSent(service, sent, now);
};

const pollSent = async (service: EInvoices, row: Transmission, now: Date) => {
  if (!row.providerId) {
    await settle(service.db, row, { status: 'waiting', nextAttemptAt: now }, now);
    return;
  }
  try {
    const outcome = await service.provider.status(row.providerId);
    await settle(service.db, row, outcomeChanges(outcome, row.sentAt, now), now);
  } catch (error) {
    const attempts = row.attempts + 1;
    service.log.warn({ err: error, fileName: row.fileName, attempts }, 'e-invoice outcome not known yet');
    await settle(
      service.db,
      row,
      { attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) },
      now,
    );
  }
};

/** One round: rows for new documents, then every due row sent or asked after. */
export const runTransmissions = async (service: EInvoices, now: Date) => {
  await enqueueMissing(service.db, service.seller.vatNumber);
  for (;;) {
    const claimed = await claimDue(service.db, now);
    for (const row of claimed) {
      if (row.status === 'waiting') await sendWaiting(service, row, now);
      else await pollSent(service, row, now);
    }
    if (claimed.length < BATCH) return;
  }
};
