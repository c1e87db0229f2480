import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { SellerConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { addresses, charges, clubs, creditNotes, invoices, paymentPlans, refunds } from '../src/db/schema.ts';
import { issueCreditNote } from '../src/features/billing/credit-note-store.ts';
import { issueInvoice } from '../src/features/billing/invoice-store.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import { createLocalStorage } from '../src/lib/storage.ts';
import { openTestDatabase, seedClub, TEST_APP_SECRET, testConfig } from './helpers.ts';

// What the e-invoice tests share: an app whose configuration is known only once fakes are listening,
// clubs billed in a country, invoices issued as the billing service issues them, and credit notes.

export type EInvoiceContext = { app: App; database: DatabaseHandle; dataDirectory: string };

/** A real app on a real database, configured by `environment()` (read once the fakes listen). */
export const useEInvoiceApp = (environment: () => Record<string, string> = () => ({})): EInvoiceContext => {
  const context = {} as EInvoiceContext;
  beforeAll(async () => {
    context.database = await openTestDatabase();
    context.dataDirectory = await mkdtemp(path.join(tmpdir(), 'carta-einvoice-'));
    context.app = await buildApp({
      config: testConfig({ DATA_DIR: context.dataDirectory, ...environment() }),
      database: context.database,
      appSecret: TEST_APP_SECRET,
      mailer: createMemoryMailer(),
      storage: createLocalStorage(path.join(context.dataDirectory, 'files'), TEST_APP_SECRET),
      isRunningJobs: false,
      logger: false,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    if (context.dataDirectory) await rm(context.dataDirectory, { recursive: true, force: true });
  });
  return context;
};

type BillingData = {
  country?: string;
  vatNumber?: string;
  sdiCode?: string | null;
  pec?: string | null;
  fiscalCode?: string | null;
  companyName?: string;
};

/** A club of `ownerId` billed in `country` (an address there), with the given billing data. */
export const seedBillingClub = async (database: DatabaseHandle, ownerId: number, data: BillingData = {}) => {
  const country = data.country ?? 'IT';
  const address = firstOrThrow(
    await database.db
      .insert(addresses)
      .values(
        country === 'IT'
          ? { line1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country, state: 'MI' }
          : { line1: 'Leopoldstraße 12', city: 'München', postalCode: '80802', country, state: 'Bayern' },
      )
      .returning(),
    'address',
  );
  return seedClub(database, ownerId, {
    addressId: address.id,
    companyName: data.companyName ?? `Bar ${randomInt(1e6)} srl`,
    vatNumber: data.vatNumber ?? (country === 'IT' ? 'IT00743110157' : 'DE136695976'),
    sdiCode: data.sdiCode ?? null,
    pec: data.pec ?? null,
    fiscalCode: data.fiscalCode ?? null,
  });
};

/** The invoice of a paid monthly charge of the club's country plan, issued as the billing service does. */
export const issueTestInvoice = async (
  database: DatabaseHandle,
  clubId: number,
  seller: SellerConfig,
  now = new Date('2026-11-26T10:00:00Z'),
) => {
  const [club] = await database.db
    .select({ country: addresses.country })
    .from(clubs)
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .where(eq(clubs.id, clubId));
  const plan = firstOrThrow(
    await database.db
      .select()
      .from(paymentPlans)
      .where(
        and(
          eq(paymentPlans.isoCountryCode, club?.country ?? 'IT'),
          eq(paymentPlans.months, 1),
          eq(paymentPlans.enabled, true),
        ),
      ),
    'plan',
  );
  const charge = firstOrThrow(
    await database.db
      .insert(charges)
      .values({
        clubId,
        paymentPlanId: plan.id,
        amountCents: plan.priceCents + Math.floor((plan.priceCents * plan.vatBasisPoints + 5000) / 10_000),
        currency: plan.currency,
        periodStart: now,
        periodEnd: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
        reason: 'first',
        status: 'succeeded',
      })
      .returning(),
    'charge',
  );
  await database.db.transaction((tx) => issueInvoice(tx, charge, now, seller));
  return firstOrThrow(
    await database.db.select().from(invoices).where(eq(invoices.chargeId, charge.id)),
    'invoice',
  );
};

/**
 * A credit note on `invoice` for `grossCents`, written as the refund feature writes one (its own number
 * series), with the refund it belongs to.
 */
export const issueTestCreditNote = async (
  database: DatabaseHandle,
  invoice: typeof invoices.$inferSelect,
  grossCents: number,
  now = new Date('2026-12-02T10:00:00Z'),
) => {
  const refund = firstOrThrow(
    await database.db
      .insert(refunds)
      .values({
        clubId: invoice.clubId,
        chargeId: invoice.chargeId,
        invoiceId: invoice.id,
        amountCents: grossCents,
        currency: invoice.currency,
        reason: 'admin',
        status: 'succeeded',
      })
      .returning(),
    'refund',
  );
  // Numbered by the refund feature's own code, in its series: the numbers stay gapless for every test.
  await database.db.transaction((tx) => issueCreditNote(tx, { ...refund, invoiceId: invoice.id }, now));
  return firstOrThrow(
    await database.db.select().from(creditNotes).where(eq(creditNotes.refundId, refund.id)),
    'credit note',
  );
};
