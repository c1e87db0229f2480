import { EInvoiceDataSchema, type EInvoiceFields } from '@carta/contract/e-invoice';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { addresses, clubs } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { billingCountryOf, compactVatNumber, isEuBuyer } from '../billing/tax.ts';
import type { VatChecker } from '../billing/vies.ts';
import { isValidVatNumber } from './vat.ts';

// The club's billing data beyond the VAT number's format (docs/decisions/0062): the FatturaPA fields'
// rule for the billing country, and the VIES check recorded when the billing data are saved.

/**
 * Refuses e-invoice fields that break the contract's rule for the billing country (400, each issue on
 * its field under `path`).
 */
export const checkEInvoiceFields = (fields: Partial<EInvoiceFields>, country: string, path: string) => {
  const result = EInvoiceDataSchema.safeParse({ country, ...fields });
  if (result.success) return;
  throw new AppError(400, 'VALIDATION_ERROR', {
    issues: result.error.issues.map((issue) => ({
      path: `${path}.${issue.path.join('.')}`,
      key: issue.message,
    })),
  });
};

const billingAddresses = alias(addresses, 'vat_check_billing_addresses');

/**
 * Asks VIES about the club's VAT number when its billing country is another EU member state, and keeps
 * the answer with its date on the club (`clubs.vat_check`); clears it elsewhere. Never fails because VIES
 * does: the checker answers `unavailable` and the format check stands (tax.ts).
 */
export const recordVatCheck = async (db: Database, checker: VatChecker, clubId: number, now: Date) => {
  const [club] = await db
    .select({
      vatNumber: clubs.vatNumber,
      address: { country: addresses.country },
      billingAddress: { country: billingAddresses.country },
    })
    .from(clubs)
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(billingAddresses, eq(billingAddresses.id, clubs.billingAddressId))
    .where(eq(clubs.id, clubId));
  if (!club) return;
  const country = billingCountryOf(club);
  if (!isEuBuyer(country) || !isValidVatNumber(club.vatNumber, country)) {
    await db.update(clubs).set({ vatCheck: null }).where(eq(clubs.id, clubId));
    return;
  }
  const outcome = await checker.check(country, club.vatNumber);
  await db
    .update(clubs)
    .set({
      vatCheck: {
        vatNumber: compactVatNumber(club.vatNumber),
        status: outcome.status,
        checkedAt: now.toISOString(),
        name: outcome.name ?? null,
      },
    })
    // A save in between changed the number: its own check follows it.
    .where(and(eq(clubs.id, clubId), eq(clubs.vatNumber, club.vatNumber)));
};

/** Whether a change of the club touches what the VAT treatment depends on. */
export const isBillingChange = (changes: {
  vatNumber?: unknown;
  billingAddress?: unknown;
  address?: unknown;
}) =>
  changes.vatNumber !== undefined || changes.billingAddress !== undefined || changes.address !== undefined;
