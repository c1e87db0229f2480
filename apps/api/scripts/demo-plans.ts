// npm run demo, second part: one club of the demo owner on each plan state (issue 15), made through the
// real billing code and the sandbox provider, so each has the cards, charges and invoices it would have.
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { addresses, brands, clubs, menus, paymentPlans } from '../src/db/schema.ts';
import type { Billing } from '../src/features/billing/billing-context.ts';
import { createSandboxProvider } from '../src/features/billing/sandbox-provider.ts';
import {
  cancelRenewal,
  choosePlan,
  grantSponsorship,
  saveCard,
  startSetup,
} from '../src/features/billing/subscription-actions.ts';
import { advanceTestClock } from '../src/features/billing/test-clock.ts';
import type { MailMessage } from '../src/lib/mailer.ts';

type PlanClub = {
  name: string;
  menus: string[];
  /** What to do to the new club once it exists. */
  arrange?: (billing: Billing, clubId: number) => Promise<void>;
};

const quietLog = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: console.warn,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quietLog,
} as unknown as FastifyBaseLogger;

const monthlyItaly = async (db: Database) => {
  const [plan] = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(
      and(eq(paymentPlans.isoCountryCode, 'IT'), eq(paymentPlans.months, 1), eq(paymentPlans.enabled, true)),
    );
  if (!plan) throw new Error('No monthly plan for Italy: the plan catalogue migration did not run');
  return plan.id;
};

/** A sandbox card saved the way the owner app saves one (setup, test card form, save). */
const addCard = async (billing: Billing, clubId: number, cardNumber: string) => {
  const setup = await startSetup(billing, clubId);
  if (billing.provider.name !== 'sandbox' || !('confirmSetup' in billing.provider))
    throw new Error('sandbox only');
  const sandbox = billing.provider as ReturnType<typeof createSandboxProvider>;
  await sandbox.confirmSetup(
    setup.setupId,
    {
      clientSecret: setup.clientSecret,
      cardNumber,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 4,
      cvc: '123',
    },
    new Date(),
  );
  await saveCard(billing, clubId, setup.setupId, new Date());
};

const subscribeWith = async (billing: Billing, clubId: number, cardNumber: string) => {
  await addCard(billing, clubId, cardNumber);
  await choosePlan(billing, clubId, await monthlyItaly(billing.db), new Date());
};

/**
 * Seeds the plan clubs for `ownerId`: Free at the menu limit, paid, renewal cancelled, payment failed
 * (the countdown running), partner-offered. Answers their names and states, for the script to print.
 */
export const seedPlanClubs = async (db: Database, config: Config, ownerId: number) => {
  const sent: MailMessage[] = [];
  const billing: Billing = {
    db,
    provider: createSandboxProvider(db),
    mailer: { send: async (message) => void sent.push(message) },
    log: quietLog,
    publicUrl: config.publicUrl,
    seller: config.seller,
  };
  const [brand] = await db
    .insert(brands)
    .values({ name: 'Birra Demo' })
    .onConflictDoNothing()
    .returning({ id: brands.id });
  const brandId =
    brand?.id ??
    (await db.select({ id: brands.id }).from(brands).where(eq(brands.name, 'Birra Demo')))[0]?.id;

  const planClubs: (PlanClub & { state: string })[] = [
    { name: 'Bar Centrale', state: 'Free, at the 2-menu limit', menus: ['Caffetteria', 'Aperitivo'] },
    {
      name: 'Enoteca Smart',
      state: 'Smart, paid monthly with the sandbox card 4242',
      menus: ['Vini', 'Taglieri', 'Dolci'],
      arrange: (billing, clubId) => subscribeWith(billing, clubId, '4242424242424242'),
    },
    {
      name: 'Pizzeria Disdetta',
      state: 'Smart, renewal cancelled',
      menus: ['Pizze', 'Bevande', 'Dolci'],
      arrange: async (billing, clubId) => {
        await subscribeWith(billing, clubId, '4242424242424242');
        await cancelRenewal(billing, clubId, new Date());
      },
    },
    {
      name: 'Trattoria Insoluta',
      state: 'renewal payment failed: 7-day countdown',
      menus: ['Pranzo', 'Cena', 'Vini'],
      arrange: async (billing, clubId) => {
        await subscribeWith(billing, clubId, '4000000000000341');
        await advanceTestClock(billing, clubId, 31, new Date());
      },
    },
    {
      name: 'Birreria Partner',
      state: 'Smart for 12 months, offered by the brand "Birra Demo"',
      menus: ['Birre', 'Panini', 'Fritti'],
      arrange: async (billing, clubId) => {
        if (brandId === undefined) return;
        await billing.db.transaction((tx) =>
          grantSponsorship(tx, clubId, { brandId, months: 12 }, new Date()),
        );
      },
    },
  ];

  for (const planClub of planClubs) {
    const [address] = await db
      .insert(addresses)
      .values({
        line1: 'Corso Buenos Aires 5',
        city: 'Milano',
        state: 'MI',
        postalCode: '20124',
        country: 'IT',
      })
      .returning();
    if (!address) throw new Error('address not written');
    const [club] = await db
      .insert(clubs)
      .values({
        ownerId,
        name: planClub.name,
        seats: 40,
        addressId: address.id,
        timeZone: 'Europe/Rome',
        companyName: `${planClub.name} srl`,
        vatNumber: 'IT00743110157',
        status: 'active',
        activatedAt: new Date(),
      })
      .returning();
    if (!club) throw new Error('club not written');
    await db
      .insert(menus)
      .values(planClub.menus.map((name, position) => ({ clubId: club.id, name, position, enabled: true })));
    await planClub.arrange?.(billing, club.id);
  }
  return planClubs.map(({ name, state }) => ({ name, state }));
};
