// Over 300 lines and kept one file: the base nearly every API test file imports (the database a run uses, the
// app, seeded owners and clubs, throwaway databases); fixtures.ts builds on it, and moving its exports would
// change every importer.
import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, vi } from 'vitest';
import { DEMO_DINNER } from '../scripts/demo-menu.ts';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { accounts, addresses, clubs, sessions, subscriptions } from '../src/db/schema.ts';
import { generateTotp } from '../src/features/accounts/totp.ts';
import { FOREVER } from '../src/features/billing/subscription-store.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import { createLocalStorage } from '../src/lib/storage.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import { SESSION_ABSOLUTE_MS } from '../src/plugins/auth.ts';

/**
 * Which database the API tests run on: scripts/test.mjs runs them once on PGlite and, when
 * TEST_DATABASE_URL is set, once more with CARTA_TEST_DB=postgres.
 */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.CARTA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Whether this run's pools go through PgBouncer in transaction mode: scripts/test.mjs runs a subset of the
 * API tests a third time with CARTA_TEST_POOLER=pgbouncer when TEST_PGBOUNCER_URL names one (.ci/run
 * starts it; docs/decisions/0058-pgbouncer.md).
 */
export const isThroughPgBouncer = () =>
  testDatabaseKind() === 'postgres' &&
  process.env.CARTA_TEST_POOLER === 'pgbouncer' &&
  Boolean(process.env.TEST_PGBOUNCER_URL);

/**
 * The pool's address for a database at `directUrl`: the same database through PgBouncer (its host,
 * port and user) in the PgBouncer pass, else `directUrl` itself. LISTEN and migrations always take
 * `directUrl` (DATABASE_LISTEN_URL).
 */
export const poolUrlFor = (directUrl: string): string => {
  const pooler = process.env.TEST_PGBOUNCER_URL;
  if (!isThroughPgBouncer() || !pooler) return directUrl;
  const through = new URL(pooler);
  const direct = new URL(directUrl);
  // PgBouncer's port left out (5432) or the server's own: the pass would silently run direct.
  if (through.host === direct.host)
    throw new Error(`TEST_PGBOUNCER_URL (${pooler}) names PostgreSQL itself, not PgBouncer in front of it`);
  through.pathname = direct.pathname;
  return through.toString();
};

export const openTestDatabase = async (): Promise<DatabaseHandle> => {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('CARTA_TEST_DB=postgres needs TEST_DATABASE_URL');
    return openDatabase({ kind: 'postgres', url: poolUrlFor(url), listenUrl: url, poolSize: 4 });
  }
  // global-setup.ts left a migrated cluster to start from: much faster than a fresh initdb.
  const templatePath = process.env.CARTA_PGLITE_TEMPLATE;
  const template = templatePath ? new Blob([await readFile(templatePath)]) : undefined;
  return openDatabase({ kind: 'pglite', ...(template ? { template } : {}) });
};

export const testConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/carta-test-unused', ...overrides });

export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123';

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** Where this file's stored files go (local storage adapter). */
  filesDirectory: string;
};

/** A real app on a real database for the file's tests; closed after them. */
export const useTestApp = (): TestContext => {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await openTestDatabase();
    context.mailer = createMemoryMailer();
    context.filesDirectory = await mkdtemp(path.join(tmpdir(), 'carta-files-'));
    context.app = await buildApp({
      config: testConfig(),
      database: context.database,
      appSecret: TEST_APP_SECRET,
      mailer: context.mailer,
      storage: createLocalStorage(context.filesDirectory, TEST_APP_SECRET),
      // Timed jobs (billing, email retries, sweeps) run when a test says, with its own clock.
      isRunningJobs: false,
      logger: false,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    if (context.filesDirectory) await rm(context.filesDirectory, { recursive: true, force: true });
  });
  return context;
};

/**
 * The value a test relies on being there (a row, a link in an email): a missing one fails the test
 * saying what was missing, instead of a TypeError further on.
 */
export const present = <Value>(value: Value | null | undefined, what: string): Value => {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found ${value}`);
  return value;
};

/**
 * A phone number no other test uses, so tests sharing a PostgreSQL database do not collide: an Italian
 * mobile (a valid number, 0050) written as digits with its country code, `393…`; `canonicalTestPhone`
 * gives its stored form.
 */
export const uniquePhone = () =>
  `393${randomInt(1, 10)}${Date.now().toString().slice(-4)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** A new account's fields as the sign-up form sends them, on a phone and email no other test uses. */
export const newAccountFields = (overrides: Record<string, unknown> = {}) => {
  const phone = uniquePhone();
  return {
    name: 'Lucia',
    lastName: 'Verdi',
    email: `lucia.${phone}@example.com`,
    phone,
    password: 'Tavolo7$Blu',
    passwordTwo: 'Tavolo7$Blu',
    ...overrides,
  };
};

/** How a phone of `uniquePhone` is stored: E.164 with its `+`. */
export const canonicalTestPhone = (phone: string) => `+${phone.replace(/\D/g, '')}`;

/** A network address no other test uses: per-address limits (sign-ups, logins) must not tie tests together. */
export const uniqueAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * Confirms a sign-up's first authenticator code through POST /users/totp/confirm, which sends the emails
 * that waited for it (docs/decisions/0066), as if a minute ago: the test's own codes, from one step back
 * on, still come after it. Not for use inside a test's own fake clock (it ends it).
 */
export const confirmSignUp = async (
  app: App,
  { username, password, secret }: { username: string; password: string; secret: string },
) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 2 * 30_000);
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/users/totp/confirm',
      remoteAddress: uniqueAddress(),
      payload: { username, password, totp: generateTotp(secret) },
    });
    if (response.statusCode !== 200) throw new Error(`The sign-up was not confirmed: ${response.body}`);
  } finally {
    vi.useRealTimers();
  }
};

/** An account with a live session, written straight to the database; answers its bearer token. */
export const seedOwner = async (database: DatabaseHandle, fields: { isAdmin?: boolean } = {}) => {
  const [account] = await database.db
    .insert(accounts)
    .values({
      name: 'Giulia',
      lastName: 'Rossi',
      email: `owner-${randomInt(1e9)}@example.com`,
      phone: canonicalTestPhone(uniquePhone()),
      passwordHash: 'not-used-by-these-tests',
      isAdmin: fields.isAdmin ?? false,
      emailConfirmedAt: new Date(),
    })
    .returning();
  if (!account) throw new Error('seed failed');
  const token = newToken();
  await database.db.insert(sessions).values({
    accountId: account.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return { account, token, authorization: `Bearer ${token}` };
};

/** A club of `ownerId`, written straight to the database (active unless told otherwise). */
export const seedClub = async (
  database: DatabaseHandle,
  ownerId: number,
  fields: Partial<typeof clubs.$inferInsert> = {},
) => {
  const address = firstOrThrow(
    await database.db
      .insert(addresses)
      .values({ line1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country: 'IT', state: 'MI' })
      .returning(),
    'address',
  );
  const [club] = await database.db
    .insert(clubs)
    .values({
      ownerId,
      name: `Bar ${randomInt(1e6)}`,
      seats: 40,
      addressId: address.id,
      timeZone: 'Europe/Rome',
      companyName: 'Bar srl',
      vatNumber: 'IT00743110157',
      status: 'active',
      ...fields,
    })
    .returning();
  if (!club) throw new Error('seed failed');
  // An early adopter is a state of the subscription rules (written as is: the settings stay as given).
  if (club.freeForever)
    await database.db.insert(subscriptions).values({
      clubId: club.id,
      kind: 'paid',
      currentPeriodEnd: new Date(),
      state: { status: 'earlyAdopter' },
      smartUntil: FOREVER,
    });
  return club;
};

/**
 * A new, empty PostgreSQL database made beside TEST_DATABASE_URL's (for tests that need a database of
 * their own: migrations, a server killed mid-write, several server processes): its address for a pool
 * (`url`: through PgBouncer in that pass), its direct address (`listenUrl`, for LISTEN and migrations),
 * and `drop`.
 */
export const createThrowawayPostgres = async (prefix: string) => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Expected TEST_DATABASE_URL: the test runs only when it is set');
  const name = `${prefix}_${Date.now()}_${randomInt(1e6)}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`create database ${name}`);
  const direct = new URL(adminUrl);
  direct.pathname = `/${name}`;
  const listenUrl = direct.toString();
  const drop = () => asAdmin(`drop database if exists ${name} with (force)`);
  return { url: poolUrlFor(listenUrl), listenUrl, drop };
};

/**
 * Runs `use` with the addresses of a throwaway PostgreSQL database (`createThrowawayPostgres`: the pool's,
 * then the direct one), dropped after.
 */
export const withThrowawayPostgres = async (
  prefix: string,
  use: (url: string, listenUrl: string) => Promise<void>,
) => {
  const { url, listenUrl, drop } = await createThrowawayPostgres(prefix);
  try {
    await use(url, listenUrl);
  } finally {
    await drop();
  }
};

/** Reads server-sent events from a fetch response, one `next()` at a time, each under a deadline. */
export const serverSentEvents = (response: Response) => {
  const reader = present(response.body, 'a response body').pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const read = async (): Promise<{ event: string; data: unknown }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        // Comment lines (the heartbeat) and the `retry:` line carry no event.
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) return { event, data: JSON.parse(data) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  const next = async (what: string, timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([read(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { next };
};

/** The demo's 80-dish dinner as the `sections` of a POST /menu body, with its English translations. */
export const demoDinnerSections = () =>
  DEMO_DINNER.map((section) => ({
    name: section.name,
    translations: { en: { translatedName: section.englishName } },
    items: section.dishes.map(
      ([name, englishName, description, englishDescription, price, allergens, flag]) => ({
        name,
        description,
        ...(typeof price === 'number' ? { price } : { priceText: price }),
        allergens,
        bestSeller: flag === 'best',
        suggested: flag === 'suggested',
        outOfStock: flag === 'out',
        translateName: englishName !== null,
        translations: {
          en: {
            translatedName: englishName,
            translatedDescription: englishDescription,
            translatedIngredients: null,
          },
        },
      }),
    ),
  }));

/** A club's own theme as PUT .../themes/custom takes it (Smart plan). */
export const CUSTOM_THEME = {
  name: 'Il nostro',
  font: 'Lora',
  background: '#FFFFFF',
  text: '#111111',
  main: '#0a5c36',
  buttonText: '#ffffff',
  divider: '#dddddd',
  tabBackground: '#0a5c36',
  tabText: '#ffffff',
  bestSellerLabelColor: '#b45309',
  suggestedLabelColor: '#1d4ed8',
  pdfHighlight: '#0a5c36',
  pdfSectionTitle: '#111111',
  pdfText: '#111111',
};
