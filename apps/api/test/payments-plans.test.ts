import { readFileSync } from 'node:fs';
import { EU_COUNTRIES, formatCents, type PaymentPlan, vatOfCents } from '@carta/contract/payments';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentPlans } from '../src/db/schema.ts';
import { billingCountryOf, isReverseCharge } from '../src/features/billing/tax.ts';
import { present, seedOwner, useTestApp } from './helpers.ts';
import { paymentsSetUp } from './payments-fixtures.ts';

// The plan catalogue and its prices: VAT by country, reverse charge, the billing address, the plans a club
// is offered, and the migration that moved the catalogue to cents. What a club's current plan says is in
// payment-state.test.ts.

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

describe('payments plans API', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const setUp = paymentsSetUp(context);

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
