import type { Brand } from '@carta/contract/clubs';
import {
  type CataloguePlan,
  type CurrentPaymentState,
  type PaymentPlan,
  planSaving,
  priceCatalogue,
  pricePlan,
} from '@carta/contract/payments';
import { billedPlan, FREEMIUM } from '@carta/contract/subscription-rules';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { brandOfClub, subscriptionOfClub } from '../../db/club-columns.ts';
import { addresses, brands, clubs, paymentPlans, subscriptions } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { paymentState } from './payment-state.ts';
import { billingCountryOf, taxTreatmentOf } from './tax.ts';

const billingAddresses = alias(addresses, 'billing_addresses');
const partnerBrands = alias(brands, 'partner_brands');

const cataloguePlan = {
  id: paymentPlans.id,
  isoCountryCode: paymentPlans.isoCountryCode,
  months: paymentPlans.months,
  priceCents: paymentPlans.priceCents,
  vatBasisPoints: paymentPlans.vatBasisPoints,
  currency: paymentPlans.currency,
};

const brandOf = (row: { id: number; name: string; enabled: boolean } | null): Brand | null =>
  row ? { id: row.id, name: row.name, enabled: row.enabled } : null;

/** The club's billing data, subscription and brands in one read; 404 without a club. */
const loadClubBilling = async (db: Executor, clubId: number) => {
  const [row] = await db
    .select({
      vatNumber: clubs.vatNumber,
      vatCheck: clubs.vatCheck,
      address: { country: addresses.country },
      billingAddress: billingAddresses,
      brand: brands,
      partnerBrand: partnerBrands,
      subscription: subscriptions,
    })
    .from(clubs)
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(billingAddresses, eq(billingAddresses.id, clubs.billingAddressId))
    .leftJoin(brands, brandOfClub)
    .leftJoin(subscriptions, subscriptionOfClub)
    .leftJoin(partnerBrands, eq(partnerBrands.id, subscriptions.sponsorBrandId))
    .where(eq(clubs.id, clubId));
  if (!row) throw notFound();
  return { ...row, billingCountry: billingCountryOf(row) };
};

/** The enabled plans of a country, shortest first. */
const loadCountryPlans = (db: Executor, isoCountryCode: string): Promise<CataloguePlan[]> =>
  db
    .select(cataloguePlan)
    .from(paymentPlans)
    .where(and(eq(paymentPlans.isoCountryCode, isoCountryCode), eq(paymentPlans.enabled, true)))
    .orderBy(asc(paymentPlans.months));

/**
 * GET /clubs/{clubId}/payments/plans: the plans of the club's billing country priced for it (VAT of that
 * country, or reverse charge), the annual one with its saving; a country without plans answers none.
 */
export const listClubPlans = async (db: Executor, clubId: number): Promise<PaymentPlan[]> => {
  const club = await loadClubBilling(db, clubId);
  const plans = await loadCountryPlans(db, club.billingCountry);
  return priceCatalogue(plans, taxTreatmentOf(club));
};

/** GET /clubs/{clubId}/payments/plans/current at `now`. */
export const loadPaymentState = async (
  db: Executor,
  clubId: number,
  now: Date,
): Promise<CurrentPaymentState> => {
  const club = await loadClubBilling(db, clubId);
  const state = club.subscription?.state ?? FREEMIUM;
  const offered = priceCatalogue(await loadCountryPlans(db, club.billingCountry), taxTreatmentOf(club));
  const planId = billedPlan(state)?.id ?? null;
  let plan: PaymentPlan | null = null;
  const [catalogue] =
    planId === null
      ? []
      : await db.select(cataloguePlan).from(paymentPlans).where(eq(paymentPlans.id, planId));
  if (catalogue) {
    const tax = taxTreatmentOf(club);
    const priced = pricePlan(catalogue, tax);
    // The saving is against the monthly plan of the subscribed plan's country, as the catalogue shows it.
    const monthly = (await loadCountryPlans(db, catalogue.isoCountryCode)).find(
      (entry) => entry.months === 1,
    );
    const pricedMonthly = monthly ? pricePlan(monthly, tax) : undefined;
    plan = { ...priced, saving: planSaving(priced, pricedMonthly) };
  }
  return paymentState(
    {
      clubId,
      brand: brandOf(club.brand),
      partnerBrand: brandOf(club.partnerBrand),
      state,
      plan,
      offered,
    },
    now,
  );
};

/**
 * An enabled plan of the club's billing country, priced for it (what subscribing to it costs now); null
 * for a plan that is not offered to the club.
 */
export const priceClubPlan = async (
  db: Executor,
  clubId: number,
  paymentPlanId: number,
): Promise<PaymentPlan | null> => {
  const plans = await listClubPlans(db, clubId);
  return plans.find((plan) => plan.id === paymentPlanId) ?? null;
};
