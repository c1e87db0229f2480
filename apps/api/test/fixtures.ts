import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MemberRole } from '@carta/contract/members';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { accounts, clubMembers, type clubs, paymentPlans } from '../src/db/schema.ts';
import { createStripeProvider } from '../src/features/billing/stripe-provider.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { openTestDatabase, seedClub, seedOwner, TEST_APP_SECRET, testConfig } from './helpers.ts';

// What most API tests start from: an owner logged in with a club of their own, and the few steps
// (tables, a menu, a saved card, an upload) many of them take before the part they test.

/** The part of a file's app a fixture writes through: `useTestApp()`'s context, or an app built by hand. */
export type Harness = { app: App; database: DatabaseHandle };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request of the club's owner to an address under the club, `/api/v1/clubs/<id>` + `path`. */
export type ClubCall = (method: Method, path: string, payload?: object) => Promise<LightMyRequestResponse>;

/** A club's columns over seedClub's (an active club, no subscription unless freeForever). */
export type ClubFields = Partial<typeof clubs.$inferInsert>;

export type OwnerClubOptions = {
  club?: ClubFields;
  /** Sent as Accept-Language on every call (the language of the answers' messages); none by default. */
  acceptLanguage?: string;
  /** The account's own language (its emails); the column's default when left out. */
  accountLanguage?: NonNullable<(typeof accounts.$inferInsert)['language']>;
};

/** An owner with a live session and a club of theirs, and `call` to send requests as them to the club. */
export const seedOwnerWithClub = async (
  { app, database }: Harness,
  { club: clubFields = {}, acceptLanguage, accountLanguage }: OwnerClubOptions = {},
) => {
  const owner = await seedOwner(database);
  if (accountLanguage)
    await database.db
      .update(accounts)
      .set({ language: accountLanguage })
      .where(eq(accounts.id, owner.account.id));
  const club = await seedClub(database, owner.account.id, clubFields);
  const headers: Record<string, string> = {
    authorization: owner.authorization,
    ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
  };
  const call: ClubCall = (method, path, payload) =>
    app.inject({
      method,
      url: `/api/v1/clubs/${club.id}${path}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  return { owner, club, headers, call };
};

/**
 * A new account with a live session that is a member of the club with `role` (docs/product.md, Staff and
 * roles), and `call` to send requests as them to the club.
 */
export const seedMember = async ({ app, database }: Harness, clubId: number, role: MemberRole) => {
  const member = await seedOwner(database);
  await database.db.insert(clubMembers).values({ clubId, accountId: member.account.id, role });
  const call: ClubCall = (method, path, payload) =>
    app.inject({
      method,
      url: `/api/v1/clubs/${clubId}${path}`,
      headers: { authorization: member.authorization },
      ...(payload ? { payload } : {}),
    });
  return { ...member, call };
};

export type Table = { id: number; name: string };

/** Replaces the club's tables with `tables` (PUT /tables); answers them as saved, in order. */
export const putTables = async (call: ClubCall, tables: object[]): Promise<Table[]> =>
  (await call('PUT', '/tables', { tables })).json().tables;

/** The club's one table ("7" unless told). */
export const addTable = async (call: ClubCall, name = '7'): Promise<Table> =>
  firstOrThrow(await putTables(call, [{ name }]), 'the table');

/** A dinner menu of one dish, enough for a guest page to show something. */
export const ONE_DISH_DINNER = {
  name: 'Cena',
  sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }],
};

/** The address of a guest's menu page at a table. */
export const guestMenuUrl = (clubId: number, tableId: number, menuId: number) =>
  `/public/menu/${clubId}/${tableId}/${menuId}`;

/** A GET a guest's phone sends, in its language (Italian, as most guests', unless told). */
export const guestGet = (app: App, url: string, language = 'it-IT,it;q=0.9') =>
  app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

/**
 * The rest of an upload once its ticket is answered: the file PUT to the ticket's address, then the
 * upload completed. Answers both responses (and the address) for the test to judge.
 */
export const finishUpload = async (
  app: App,
  call: ClubCall,
  ticket: LightMyRequestResponse,
  body: Buffer,
  contentType: string,
) => {
  const { uploadId, uploadUrl } = ticket.json() as { uploadId: string; uploadUrl: string };
  const put = await app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': contentType },
    payload: body,
  });
  const complete = await call('POST', `/uploads/${uploadId}/complete`);
  return { uploadId, uploadUrl, put, complete };
};

/**
 * Saves a card through the sandbox provider as the owner app does: a setup, confirmed as the card form
 * would, then saved as a payment method. Answers both responses for the test to judge.
 */
export const saveSandboxCard = async (
  app: App,
  call: ClubCall,
  { cardNumber = '4242424242424242', expMonth = 12, expYear = 2034 } = {},
) => {
  const setup = (await call('GET', '/payments/setup')).json();
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/v1/payments/sandbox/setups/${setup.setupId}/confirm`,
    payload: { clientSecret: setup.clientSecret, cardNumber, expMonth, expYear, cvc: '123' },
  });
  const saved = await call('POST', '/payment-methods', { setupId: setup.setupId });
  return { setup, confirmed, saved };
};

/** Saves `cardNumber` on Stripe (the fake): Stripe.js would confirm the setup in the browser. */
export const saveStripeCard = async (fake: FakeStripe, call: ClubCall, cardNumber: string) => {
  const setup = (await call('GET', '/payments/setup')).json();
  fake.confirmSetup(setup.setupId, cardNumber);
  const saved = await call('POST', '/payment-methods', { setupId: setup.setupId });
  return { setup, saved };
};

/** The plan most billing tests subscribe to: Italy, monthly. */
export const italianMonthlyPlan = async (database: DatabaseHandle) =>
  firstOrThrow(
    await database.db
      .select()
      .from(paymentPlans)
      .where(
        and(
          eq(paymentPlans.isoCountryCode, 'IT'),
          eq(paymentPlans.months, 1),
          eq(paymentPlans.enabled, true),
        ),
      ),
    'plan',
  );

/**
 * A second server process on the file's database, as behind a load balancer (what one process writes
 * the other must see); the test closes it.
 */
export const startSecondApp = async (database: DatabaseHandle) => {
  const other = await buildApp({
    config: testConfig(),
    database,
    appSecret: TEST_APP_SECRET,
    mailer: createMemoryMailer(),
    logger: false,
  });
  await other.ready();
  return other;
};

export type StripeContext = Harness & { fake: FakeStripe };

/** Like `useTestApp`, with payments on Stripe: the official SDK against the local fake (./fake-stripe.ts). */
export const useStripeApp = (webhookSecret: string, mailer = createMemoryMailer()): StripeContext => {
  const context = {} as StripeContext;
  beforeAll(async () => {
    context.fake = await startFakeStripe();
    context.database = await openTestDatabase();
    context.app = await buildApp({
      config: testConfig(),
      database: context.database,
      appSecret: TEST_APP_SECRET,
      mailer,
      paymentProvider: createStripeProvider({
        secretKey: context.fake.secretKey,
        publishableKey: 'pk_test_carta',
        webhookSecret,
        host: context.fake.host,
        port: context.fake.port,
        protocol: 'http',
      }),
      isRunningJobs: false,
      logger: false,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await context.fake?.close();
  });
  return context;
};

/** Posts `event` to the payments webhook as Stripe would, signed with `secret`. */
export const stripeWebhook = (app: App, event: object, secret: string) => {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

/**
 * A stand-in for the owner app's build, for an app with SERVE_WEB: a temporary folder holding `files`
 * (a path inside it → its content), made before the file's tests and removed after. `path` is set once
 * the folder exists.
 */
export const useWebRoot = (files: Record<string, string | Buffer>) => {
  const root = { path: '' };
  beforeAll(async () => {
    root.path = await mkdtemp(path.join(tmpdir(), 'carta-web-'));
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root.path, name)), { recursive: true });
      await writeFile(path.join(root.path, name), content);
    }
  });
  afterAll(async () => {
    if (root.path) await rm(root.path, { recursive: true, force: true });
  });
  return root;
};
