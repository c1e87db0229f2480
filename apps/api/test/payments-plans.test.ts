import { readFileSync } from 'node:fs';
import { EU_COUNTRIES, formatCents, type PaymentPlan, vatOfCents } from '@carta/contract/payments';
import {
  FREEMIUM,
  PAYMENT_FAILURE_GRACE_DAYS,
  type SubscriptionState,
} from '@carta/contract/subscription-rules';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, brands, clubs, paymentPlans } from '../src/db/schema.ts';
import { type PaymentStateInputs, paymentState } from '../src/features/billing/payment-state.ts';
import { billingCountryOf, isReverseCharge } from '../src/features/billing/tax.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { seedOwnerWithClub } from './fixtures.ts';
import { present, seedOwner, useTestApp } from './helpers.ts';
import { paidUntil, seedSubscription } from './seed-subscription.ts';

const DAY_MS = 86_400_000;
const VALID_DE = 'DE136695976';
const VALID_IT = 'IT00743110157';

/** The standard rates the catalogue was seeded with (2026), in basis points. */
const STANDARD_RATES: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  HR: 2500,
  CY: 1900,
  CZ: 2100,
  DK: 2500,
  EE: 2400,
  FI: 2550,
  FR: 2000,
  DE: 1900,
  GR: 2400,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LV: 2100,
  LT: 2100,
  LU: 1700,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SK: 2300,
  SI: 2200,
  ES: 2100,
  SE: 2500,
};

describe('plan catalogue and VAT rules', () => {
  it('has the 27 EU member states', () => {
    expect(new Set(EU_COUNTRIES).size).toBe(27);
    expect(Object.keys(STANDARD_RATES).sort()).toEqual([...EU_COUNTRIES].sort());
  });

  it('rounds VAT cents half up on integers', () => {
    expect(vatOfCents(1900, 2200)).toBe(418);
    expect(vatOfCents(1900, 2550)).toBe(485); // 484.5
    expect(vatOfCents(11400, 2550)).toBe(2907);
    expect(vatOfCents(1, 4900)).toBe(0);
    expect(vatOfCents(1, 5000)).toBe(1);
    expect(vatOfCents(1900, 0)).toBe(0);
  });

  it('bills the billing address country when there is one, else the club address country', () => {
    expect(billingCountryOf({ address: { country: 'it' }, billingAddress: null })).toBe('IT');
    expect(billingCountryOf({ address: { country: 'IT' }, billingAddress: { country: 'DE' } })).toBe('DE');
  });

  it('reverse charges a valid VAT number of another member state only', () => {
    expect(isReverseCharge('DE', VALID_DE)).toBe(true);
    expect(isReverseCharge('DE', '136695976')).toBe(true);
    expect(isReverseCharge('DE', 'DE123456789')).toBe(false);
    expect(isReverseCharge('IT', VALID_IT)).toBe(false);
    // A number of another state than the billing country's is not valid there.
    expect(isReverseCharge('DE', VALID_IT)).toBe(false);
    expect(isReverseCharge('CH', 'CHE116281710')).toBe(false);
  });

  it('formats cents through the one price format', () => {
    expect(formatCents(2318, { language: 'it' })).toBe('23,18\u00a0€');
    expect(formatCents(2318, { language: 'en' })).toBe('€23.18');
  });
});

describe('payment state at a driven clock', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const plan: PaymentPlan = {
    id: 1,
    isoCountryCode: 'IT',
    months: 1,
    price: 19,
    vat: 22,
    currency: 'EUR',
    netCents: 1900,
    vatBasisPoints: 2200,
    vatCents: 418,
    grossCents: 2318,
    reverseCharge: false,
    saving: null,
  };
  const billing = { id: 1, months: 1, amountCents: 2318 };
  const paid: SubscriptionState = {
    status: 'paid',
    plan: billing,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    reminded: false,
    renewal: null,
  };
  const inputs = (changes: Partial<PaymentStateInputs>): PaymentStateInputs => ({
    clubId: 7,
    brand: null,
    partnerBrand: null,
    state: FREEMIUM,
    plan: null,
    offered: [],
    ...changes,
  });

  it('counts the days before deactivation down from the failure, to zero', () => {
    const failedAt = new Date('2026-03-08T09:00:00Z');
    const failed = inputs({
      state: {
        status: 'paymentFailed',
        plan: billing,
        periodEnd: '2026-03-08T00:00:00.000Z',
        charge: {
          planId: 1,
          amountCents: 2318,
          periodStart: '2026-03-08T00:00:00.000Z',
          periodEnd: '2026-04-08T00:00:00.000Z',
        },
        failedAt: failedAt.toISOString(),
        paymentErrorCode: 'declined',
        retrying: false,
      },
      plan,
    });
    const at = (date: Date) => paymentState(failed, date).daysBeforeDeactivation;
    expect(at(failedAt)).toBe(PAYMENT_FAILURE_GRACE_DAYS);
    expect(at(now)).toBe(5);
    expect(at(new Date(failedAt.getTime() + 7 * DAY_MS - 1))).toBe(1);
    // At zero the club is Free, read as the job would leave it: no countdown left to show.
    expect(at(new Date(failedAt.getTime() + 7 * DAY_MS))).toBeNull();
    expect(at(new Date(failedAt.getTime() + 30 * DAY_MS))).toBeNull();
    // Smart during the countdown, Free after it.
    expect(paymentState(failed, now)).toMatchObject({
      kind: 'paid',
      isSmart: true,
      paymentErrorCode: 'declined',
      nextInvoiceCents: 2318,
    });
    expect(paymentState(failed, new Date(failedAt.getTime() + 7 * DAY_MS))).toMatchObject({
      kind: 'free',
      isSmart: false,
    });
  });

  it('renews at the period end, and a cancelled renewal ends there', () => {
    expect(paymentState(inputs({ state: paid, plan }), now)).toMatchObject({
      kind: 'paid',
      renewalDate: '2026-04-01',
      nextInvoiceCents: 2318,
    });
    const cancelled: SubscriptionState = { ...paid, status: 'renewalCancelled' } as SubscriptionState;
    const state = paymentState(inputs({ state: cancelled, plan }), new Date('2026-04-02T00:00:00Z'));
    expect(state).toMatchObject({
      kind: 'free',
      isSmart: false,
      subscriptionEnabled: false,
      // Read as the expiry job leaves it: Free, nothing running.
      subscriptionExpiration: null,
      status: 'freemium',
      renewalDate: null,
      nextInvoiceCents: null,
    });
  });

  it('never bills an early adopter', () => {
    const state = paymentState(inputs({ state: { status: 'earlyAdopter' }, plan: null }), now);
    expect(state).toMatchObject({
      kind: 'earlyAdopter',
      isSmart: true,
      nextInvoiceCents: null,
      renewalDate: null,
    });
  });
});

describe('payments plans API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  const addressIn = async (country: string) =>
    firstOrThrow(
      await db()
        .insert(addresses)
        .values({ line1: 'Street 1', city: 'City', postalCode: '10000', country })
        .returning(),
      'address',
    ).id;

  /** A club of a new owner; `billing` puts a billing address in that country. */
  const setUp = async (
    fields: { country?: string; billing?: string; vatNumber?: string; freeForever?: boolean } = {},
  ) => {
    const { owner, club } = await seedOwnerWithClub(context, {
      club: {
        ...(fields.country ? { addressId: await addressIn(fields.country) } : {}),
        ...(fields.billing ? { billingAddressId: await addressIn(fields.billing) } : {}),
        ...(fields.vatNumber ? { vatNumber: fields.vatNumber } : {}),
        freeForever: fields.freeForever ?? false,
      },
    });
    const get = (path: string, authorization = owner.authorization) =>
      context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/payments${path}`,
        headers: { authorization },
      });
    return { owner, club, get };
  };

  const planOf = async (country: string, months: number) =>
    present(
      (await db().select().from(paymentPlans).where(eq(paymentPlans.isoCountryCode, country))).find(
        (row) => row.months === months && row.enabled,
      ),
      `${country} ${months}-month plan`,
    );

  it('seeds a monthly and an annual plan for each of the 27 member states at its standard rate', async () => {
    const rows = await db().select().from(paymentPlans).where(eq(paymentPlans.enabled, true));
    for (const country of EU_COUNTRIES) {
      const plans = rows.filter((row) => row.isoCountryCode === country);
      expect(
        plans.map((row) => [row.months, row.priceCents, row.vatBasisPoints, row.currency]).sort(),
      ).toEqual(
        [
          [1, 1900, STANDARD_RATES[country], 'EUR'],
          [12, 11400, STANDARD_RATES[country], 'EUR'],
        ].sort(),
      );
    }
  });

  it('answers the Italian plans with exact cents and the annual saving', async () => {
    const { get } = await setUp();
    const response = await get('/plans');
    expect(response.statusCode).toBe(200);
    const [monthly, annual] = response.json() as PaymentPlan[];
    expect(monthly).toMatchObject({
      isoCountryCode: 'IT',
      months: 1,
      price: 19,
      vat: 22,
      currency: 'EUR',
      netCents: 1900,
      vatBasisPoints: 2200,
      vatCents: 418,
      grossCents: 2318,
      reverseCharge: false,
      saving: null,
    });
    expect(annual).toMatchObject({
      months: 12,
      price: 114,
      netCents: 11400,
      vatCents: 2508,
      grossCents: 13908,
      saving: { cents: 12 * 2318 - 13908, percent: 50 },
    });
  });

  it('prices every country as net + round(net × rate)', async () => {
    for (const country of ['FI', 'DE', 'HU', 'LU']) {
      const { get } = await setUp({ country, vatNumber: 'not a vat number' });
      const plans = (await get('/plans')).json() as PaymentPlan[];
      expect(plans.map((plan) => plan.months)).toEqual([1, 12]);
      for (const plan of plans) {
        const rate = present(STANDARD_RATES[country], country);
        expect(plan.vatBasisPoints).toBe(rate);
        expect(plan.vatCents).toBe(Math.round((plan.netCents * rate) / 10_000));
        expect(plan.grossCents).toBe(plan.netCents + plan.vatCents);
        expect(plan.reverseCharge).toBe(false);
      }
    }
    const finnish = (await (await setUp({ country: 'FI', vatNumber: 'x' })).get('/plans')).json();
    expect(finnish[0]).toMatchObject({ vat: 25.5, vatCents: 485, grossCents: 2385 });
  });

  it('reverse charges a German club with a valid VAT number, charges German VAT with an invalid one', async () => {
    const valid = (await (await setUp({ country: 'DE', vatNumber: VALID_DE })).get('/plans')).json();
    expect(valid).toHaveLength(2);
    for (const plan of valid as PaymentPlan[]) {
      expect(plan).toMatchObject({ isoCountryCode: 'DE', reverseCharge: true, vat: 0, vatCents: 0 });
      expect(plan.grossCents).toBe(plan.netCents);
    }
    expect(valid[1].saving).toEqual({ cents: 11400, percent: 50 });
    const invalid = (await (await setUp({ country: 'DE', vatNumber: 'DE123456789' })).get('/plans')).json();
    expect(invalid[0]).toMatchObject({ reverseCharge: false, vat: 19, vatCents: 361, grossCents: 2261 });
  });

  it('uses the billing address over the club address', async () => {
    const { get } = await setUp({ country: 'IT', billing: 'DE', vatNumber: VALID_DE });
    const plans = (await get('/plans')).json() as PaymentPlan[];
    expect(plans.map((plan) => [plan.isoCountryCode, plan.reverseCharge])).toEqual([
      ['DE', true],
      ['DE', true],
    ]);
  });

  it('charges an Italian club Italian VAT with a valid Italian VAT number', async () => {
    const plans = (await (await setUp({ vatNumber: VALID_IT })).get('/plans')).json() as PaymentPlan[];
    expect(plans.map((plan) => [plan.reverseCharge, plan.vatCents])).toEqual([
      [false, 418],
      [false, 2508],
    ]);
  });

  it('answers no plans for a country without any', async () => {
    const response = await (await setUp({ country: 'CH', vatNumber: 'CHE116281710' })).get('/plans');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("answers 404 for another owner's club", async () => {
    const { get } = await setUp();
    const stranger = await seedOwner(context.database);
    for (const path of ['/plans', '/plans/current']) {
      const response = await get(path, stranger.authorization);
      expect(response.statusCode).toBe(404);
    }
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/v1/clubs/1/payments/plans' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('describes a Free club', async () => {
    const { club, get } = await setUp();
    const response = await get('/plans/current');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: club.id,
      brand: null,
      freeForever: false,
      paymentPending: false,
      paymentErrorCode: null,
      paymentPlan: null,
      subscriptionEnabled: false,
      subscriptionExpiration: null,
      kind: 'free',
      isSmart: false,
      partnerBrand: null,
      renewalDate: null,
      renewalCancelled: false,
      nextInvoiceCents: null,
      currency: null,
      daysBeforeDeactivation: null,
      status: 'freemium',
      cancelUntil: null,
      canReactivate: false,
      paymentScreen: 'subscribe',
      planChoices: [
        expect.objectContaining({ kind: 'subscribe', needsCard: true, label: null, reason: null }),
        expect.objectContaining({ kind: 'subscribe', needsCard: true, label: null, reason: null }),
      ],
    });
  });

  it('describes an early adopter', async () => {
    const { get } = await setUp({ freeForever: true });
    expect((await get('/plans/current')).json()).toMatchObject({
      freeForever: true,
      kind: 'earlyAdopter',
      isSmart: true,
      nextInvoiceCents: null,
      renewalDate: null,
    });
  });

  it('describes a partner subscription with its brand and nothing to pay', async () => {
    const { club, get } = await setUp();
    const brand = firstOrThrow(
      await db()
        .insert(brands)
        .values({ name: `Brand ${club.id}-${Date.now()}` })
        .returning(),
      'brand',
    );
    await db().update(clubs).set({ brandId: brand.id }).where(eq(clubs.id, club.id));
    const end = new Date(Date.now() + 180 * DAY_MS);
    await seedSubscription(db(), club.id, {
      status: 'partner',
      brandId: brand.id,
      periodStart: new Date().toISOString(),
      periodEnd: end.toISOString(),
      reminded: false,
      nextPlan: null,
    });
    const sameBrand = { id: brand.id, name: brand.name, enabled: true };
    expect((await get('/plans/current')).json()).toMatchObject({
      kind: 'partner',
      isSmart: true,
      brand: sameBrand,
      partnerBrand: sameBrand,
      paymentPlan: null,
      subscriptionEnabled: true,
      subscriptionExpiration: end.toISOString().slice(0, 10),
      renewalDate: null,
      nextInvoiceCents: null,
    });
  });

  it('describes a paid annual plan: renewal date and next invoice', async () => {
    const { club, get } = await setUp();
    const annual = await planOf('IT', 12);
    const end = new Date(Date.now() + 200 * DAY_MS);
    await seedSubscription(db(), club.id, paidUntil(end, { id: annual.id, months: 12, amountCents: 13908 }));
    const state = (await get('/plans/current')).json();
    expect(state).toMatchObject({
      kind: 'paid',
      isSmart: true,
      subscriptionEnabled: true,
      renewalDate: end.toISOString().slice(0, 10),
      renewalCancelled: false,
      nextInvoiceCents: 13908,
      currency: 'EUR',
      daysBeforeDeactivation: null,
    });
    expect(state.paymentPlan).toMatchObject({ id: annual.id, months: 12, grossCents: 13908 });
    expect(state.paymentPlan.saving).toEqual({ cents: 13908, percent: 50 });
  });

  it('describes a cancelled renewal: Smart until the end, nothing more to pay', async () => {
    const { club, get } = await setUp();
    const monthly = await planOf('IT', 1);
    const end = new Date(Date.now() + 10 * DAY_MS);
    await seedSubscription(db(), club.id, {
      status: 'renewalCancelled',
      plan: { id: monthly.id, months: 1, amountCents: 2318 },
      periodStart: new Date(end.getTime() - 30 * DAY_MS).toISOString(),
      periodEnd: end.toISOString(),
    });
    expect((await get('/plans/current')).json()).toMatchObject({
      kind: 'paid',
      isSmart: true,
      renewalCancelled: true,
      renewalDate: null,
      nextInvoiceCents: null,
      subscriptionExpiration: end.toISOString().slice(0, 10),
    });
  });

  it('describes a failed payment with its countdown', async () => {
    const { club, get } = await setUp();
    const monthly = await planOf('IT', 1);
    const plan = { id: monthly.id, months: 1, amountCents: 2318 };
    const periodEnd = new Date(Date.now() - 2 * DAY_MS - 60_000).toISOString();
    await seedSubscription(db(), club.id, {
      status: 'paymentFailed',
      plan,
      periodEnd,
      charge: {
        planId: plan.id,
        amountCents: 2318,
        periodStart: periodEnd,
        periodEnd: new Date(Date.now() + 28 * DAY_MS).toISOString(),
      },
      failedAt: periodEnd,
      paymentErrorCode: 'insufficientFunds',
      retrying: false,
    });
    expect((await get('/plans/current')).json()).toMatchObject({
      kind: 'paid',
      paymentErrorCode: 'insufficientFunds',
      daysBeforeDeactivation: 5,
      nextInvoiceCents: 2318,
    });
  });
});

describe('migration 0009 converts existing plans to cents', () => {
  const migration = (tag: string) =>
    readFileSync(new URL(`../drizzle/${tag}.sql`, import.meta.url), 'utf8').split('--> statement-breakpoint');
  const journal = JSON.parse(
    readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };

  it('keeps the amounts, the rate and one enabled plan per country and duration', async () => {
    const pg = new PGlite();
    try {
      const tags = journal.entries.map((entry) => entry.tag);
      const at = tags.indexOf('0009_plan_catalogue_cents');
      for (const tag of tags.slice(0, at)) for (const statement of migration(tag)) await pg.exec(statement);
      await pg.exec(`INSERT INTO payment_plans (iso_country_code, months, price, vat) VALUES
        ('IT', 1, 19.99, 22), ('IT', 1, 21.00, 22), ('FI', 12, 114.5, 25.5)`);
      for (const tag of tags.slice(at)) for (const statement of migration(tag)) await pg.exec(statement);
      const { rows } = await pg.query<{
        iso_country_code: string;
        months: number;
        price_cents: number;
        vat_basis_points: number;
        currency: string;
        enabled: boolean;
      }>(
        'SELECT iso_country_code, months, price_cents, vat_basis_points, currency, enabled FROM payment_plans ORDER BY id',
      );
      expect(rows.slice(0, 3)).toEqual([
        {
          iso_country_code: 'IT',
          months: 1,
          price_cents: 1999,
          vat_basis_points: 2200,
          currency: 'EUR',
          enabled: false,
        },
        {
          iso_country_code: 'IT',
          months: 1,
          price_cents: 2100,
          vat_basis_points: 2200,
          currency: 'EUR',
          enabled: true,
        },
        {
          iso_country_code: 'FI',
          months: 12,
          price_cents: 11450,
          vat_basis_points: 2550,
          currency: 'EUR',
          enabled: true,
        },
      ]);
      // The seed leaves an existing offer alone and fills in the rest.
      expect(rows.filter((row) => row.enabled)).toHaveLength(54);
    } finally {
      await pg.close();
    }
  });
});
