// `npm test`: typecheck, lint, unit and API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL is
// set, then a subset through PgBouncer when TEST_PGBOUNCER_URL is set too), build, the first-load size
// budget, then browser tests against the built app. Stops at the first failing stage and ends with one
// summary line, "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(path.join(tmpdir(), 'carta-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

const finish = (code) => {
  rmSync(reports, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
};

const run = (title, command, args, env = {}) => {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    return false;
  }
  return true;
};

const countVitest = (file) => {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
};

const countPlaywright = (file) => {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
};

if (!existsSync(chromium)) {
  console.error(
    `\nChromium was not found at ${chromium}. The browser tests drive Debian's Chromium:\n` +
      '  apt-get update && apt-get install -y chromium\n' +
      'or set CHROMIUM_PATH to another Chromium or Chrome binary.\n',
  );
  finish(1);
}

const npx = 'npx';
if (!run('Typecheck', npx, ['tsc', '-b'])) finish(1);
if (!run('Lint', npx, ['biome', 'check', '.'])) finish(1);

const vitest = (title, file, env, filter = []) => {
  const ok = run(
    title,
    npx,
    ['vitest', 'run', ...filter, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  countVitest(file);
  return ok;
};

if (
  !vitest('Unit and API tests (embedded PGlite)', path.join(reports, 'pglite.json'), {
    CARTA_TEST_DB: 'pglite',
  })
)
  finish(1);
if (process.env.TEST_DATABASE_URL) {
  const file = path.join(reports, 'postgres.json');
  if (!vitest('API tests (PostgreSQL)', file, { CARTA_TEST_DB: 'postgres' }, ['apps/api'])) finish(1);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests did not run on PostgreSQL.)');
}

// The API tests whose behaviour depends on how connections are pooled, once more with every pool going
// through PgBouncer in transaction mode (TEST_PGBOUNCER_URL, started by .ci/run) and LISTEN and migrations
// on the direct address, as production runs past ~8 processes (docs/decisions/0058-pgbouncer.md). A
// subset, not the whole suite: these are the files with transactions and row locks, advisory locks,
// LISTEN/NOTIFY across processes, migrations, killed and restarted servers, timeouts and lost sessions
// (about a minute and a half on a 2-core machine); the other files send the same kinds of statements, one
// at a time, and would double the PostgreSQL pass for nothing PgBouncer changes.
const PGBOUNCER_SUBSET = [
  'apps/api/test/database-unavailable.test.ts',
  'apps/api/test/postgres-limits.test.ts',
  'apps/api/test/database.test.ts',
  'apps/api/test/multi-process.test.ts',
  'apps/api/test/crash.test.ts',
  'apps/api/test/billing.test.ts',
  'apps/api/test/mail-retries.test.ts',
  'apps/api/test/menu-writes.test.ts',
  'apps/api/test/waiter-calls.test.ts',
  'apps/api/test/accounts-sign-up.test.ts',
  'apps/api/test/accounts-login.test.ts',
  'apps/api/test/accounts-password.test.ts',
  'apps/api/test/accounts-me.test.ts',
  'apps/api/test/brands-and-geography.test.ts',
  'apps/api/test/signals.test.ts',
  'apps/api/test/tables.test.ts',
  // Guest pages kept per club and dropped by NOTIFY sent through the pool (0061).
  'apps/api/test/guest-pages.test.ts',
  'apps/api/test/guest-page-looks.test.ts',
  'apps/api/test/guest-page-delivery.test.ts',
  'apps/api/test/guest-kept-pages.test.ts',
  // E-invoice files claimed with FOR UPDATE SKIP LOCKED by two runners at once (0062).
  'apps/api/test/e-invoice-transmission.test.ts',
];
if (process.env.TEST_DATABASE_URL && process.env.TEST_PGBOUNCER_URL) {
  const file = path.join(reports, 'pgbouncer.json');
  const env = { CARTA_TEST_DB: 'postgres', CARTA_TEST_POOLER: 'pgbouncer' };
  if (!vitest('API tests (PostgreSQL through PgBouncer)', file, env, PGBOUNCER_SUBSET)) finish(1);
} else if (process.env.TEST_DATABASE_URL) {
  console.log('\n(TEST_PGBOUNCER_URL is not set: the API tests did not run through PgBouncer.)');
}

if (!run('Build', 'npm', ['run', 'build', '--silent'])) finish(1);

// Here rather than in vitest: it needs the build just made, and vitest runs before the build. It counts as
// one test, and a route over its budget stops the run like any failing stage.
const sizeOk = run('First-load size budget (scripts/size.mjs)', 'node', ['scripts/size.mjs', '--check']);
totals[sizeOk ? 'passed' : 'failed'] += 1;
if (!sizeOk) finish(1);

const playwrightReport = path.join(reports, 'playwright.json');
const browserOk = run(
  'Browser tests (Playwright, Chromium)',
  npx,
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
  {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);
countPlaywright(playwrightReport);
finish(browserOk ? 0 : 1);
