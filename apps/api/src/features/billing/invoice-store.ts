import type { Invoice } from '@carta/contract/billing';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  addresses,
  type charges,
  clubs,
  type InvoiceParty,
  invoices,
  paymentPlans,
} from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { day, documentTotals, invoiceNumber } from './fiscal-documents.ts';
import { billingCountryOf, currentVatCheck, taxTreatmentOf } from './tax.ts';

// Invoices (issue 15): one per paid charge, numbered per calendar year without gaps, with the seller's and
// the club's tax data as they were when it was issued, and the gross charged split into net and VAT.

/** The seller printed on every invoice (INVOICE_SELLER_* in the configuration). */
export type Seller = InvoiceParty;

/** An arbitrary constant: the advisory lock that makes invoice numbers one at a time. */
const INVOICE_NUMBER_LOCK = 7_231_905;

const billingAddresses = alias(addresses, 'invoice_billing_addresses');

const toInvoice = (row: typeof invoices.$inferSelect): Invoice => ({
  id: row.id,
  number: invoiceNumber(row.year, row.sequence),
  issuedOn: day(row.issuedAt),
  periodStart: day(row.periodStart),
  periodEnd: day(row.periodEnd),
  months: row.months,
  ...documentTotals(row),
});

/**
 * The gross charged, split at the VAT rate: net = gross / (1 + rate), rounded half up, and VAT the rest,
 * so net + VAT is always exactly what the card paid.
 */
export const splitGross = (grossCents: number, vatBasisPoints: number) => {
  const netCents = Math.floor(
    (grossCents * 10_000 * 2 + (10_000 + vatBasisPoints)) / (2 * (10_000 + vatBasisPoints)),
  );
  return { netCents, vatCents: grossCents - netCents };
};

/**
 * The club as an invoice's buyer, as it is now: company, VAT number, billing address (printed lines and
 * FatturaPA's parts), FatturaPA delivery data, and whether it is reverse charged, with the VIES check that
 * decided it (0062). Null without a club.
 */
export const clubAsBuyer = async (db: Executor, clubId: number) => {
  const [club] = await db
    .select({
      companyName: clubs.companyName,
      vatNumber: clubs.vatNumber,
      sdiCode: clubs.sdiCode,
      pec: clubs.pec,
      fiscalCode: clubs.fiscalCode,
      vatCheck: clubs.vatCheck,
      address: addresses,
      billingAddress: billingAddresses,
    })
    .from(clubs)
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(billingAddresses, eq(billingAddresses.id, clubs.billingAddressId))
    .where(eq(clubs.id, clubId));
  if (!club) return null;
  const address = club.billingAddress ?? club.address;
  const billingCountry = billingCountryOf(club);
  const vatCheck = currentVatCheck(club.vatNumber, club.vatCheck);
  const { reverseCharge } = taxTreatmentOf({ billingCountry, vatNumber: club.vatNumber, vatCheck });
  const buyer: InvoiceParty = {
    name: club.companyName,
    vatNumber: club.vatNumber,
    addressLines: [
      address.line1,
      ...(address.line2 ? [address.line2] : []),
      [address.postalCode, address.city, address.state].filter(Boolean).join(' '),
    ],
    country: address.country,
    street: [address.line1, address.line2].filter(Boolean).join(', '),
    postalCode: address.postalCode,
    city: address.city,
    province: address.state,
    sdiCode: club.sdiCode,
    pec: club.pec,
    fiscalCode: club.fiscalCode,
    // What VIES said of the number behind a reverse charge.
    vatCheck: reverseCharge ? vatCheck : null,
  };
  return { buyer, reverseCharge };
};

/** Writes the invoice of a charge that succeeded (once: a charge has one invoice). */
export const issueInvoice = async (
  tx: Transaction,
  charge: typeof charges.$inferSelect,
  now: Date,
  seller: Seller,
) => {
  const [plan] = await tx
    .select({ months: paymentPlans.months, vatBasisPoints: paymentPlans.vatBasisPoints })
    .from(paymentPlans)
    .where(eq(paymentPlans.id, charge.paymentPlanId));
  const club = plan ? await clubAsBuyer(tx, charge.clubId) : null;
  if (!plan || !club) return;
  const { buyer, reverseCharge } = club;
  const vatBasisPoints = reverseCharge ? 0 : plan.vatBasisPoints;
  const { netCents, vatCents } = splitGross(charge.amountCents, vatBasisPoints);
  const year = now.getUTCFullYear();
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK})`);
  const [last] = await tx
    .select({ sequence: sql<number>`coalesce(max(${invoices.sequence}), 0)`.mapWith(Number) })
    .from(invoices)
    .where(eq(invoices.year, year));
  await tx
    .insert(invoices)
    .values({
      clubId: charge.clubId,
      chargeId: charge.id,
      year,
      sequence: (last?.sequence ?? 0) + 1,
      issuedAt: now,
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      months: plan.months,
      currency: charge.currency,
      netCents,
      vatBasisPoints,
      vatCents,
      grossCents: charge.amountCents,
      reverseCharge,
      seller,
      buyer,
    })
    .onConflictDoNothing({ target: invoices.chargeId });
};

/** The club's invoices, newest first. */
export const listInvoices = async (db: Executor, clubId: number): Promise<Invoice[]> => {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.clubId, clubId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
  return rows.map(toInvoice);
};

/** One invoice of the club with both parties, for its PDF; 404 for another club's. */
export const loadInvoice = async (db: Executor, clubId: number, invoiceId: number) => {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.clubId, clubId)));
  if (!row) throw notFound();
  return { ...toInvoice(row), seller: row.seller, buyer: row.buyer };
};
