import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from '../src/db/client.ts';
import { accounts } from '../src/db/schema.ts';
import { withThrowawayPostgres } from './helpers.ts';

const EXPECTED_TABLES = [
  'accounts',
  'addresses',
  'audit_log',
  'banners',
  'brands',
  'club_messages',
  'club_tables',
  'clubs',
  'item_translations',
  'menu_items',
  'menu_sections',
  'menus',
  'one_time_tokens',
  'payment_plans',
  'schedulings',
  'section_translations',
  'sessions',
  'subscriptions',
  'table_zones',
  'themes',
];

const TABLES_QUERY =
  "select table_name from information_schema.tables where table_schema = 'public' order by 1";

/** PGlite and node-postgres both answer `{ rows }`; the shared database type does not say so. */
const rowsOf = async <Row>(result: Promise<unknown>) => ((await result) as { rows: Row[] }).rows;

describe('migrations', () => {
  it('apply on an empty embedded database', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    const rows = await rowsOf<{ table_name: string }>(handle.db.execute(TABLES_QUERY));
    await handle.close();
    expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'apply on an empty PostgreSQL database, once even when started twice',
    async () => {
      await withThrowawayPostgres('carta_migrations', async (url, listenUrl) => {
        // Two processes starting together must not both migrate.
        const [first, second] = await Promise.all([
          openDatabase({ kind: 'postgres', url, listenUrl, poolSize: 2 }),
          openDatabase({ kind: 'postgres', url, listenUrl, poolSize: 2 }),
        ]);
        const rows = await rowsOf<{ table_name: string }>(first.db.execute(TABLES_QUERY));
        expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
        const applied = await rowsOf<{ count: string }>(
          first.db.execute('select count(*)::text as count from drizzle.__drizzle_migrations'),
        );
        // Each migration of the journal once, not twice.
        const journal = JSON.parse(
          readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
        ) as { entries: unknown[] };
        expect(applied[0]?.count).toBe(String(journal.entries.length));
        await first.close();
        await second.close();
      });
    },
  );
});

describe('embedded data folder', () => {
  it('keeps data across a restart', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'carta-data-'));
    try {
      const first = await openDatabase({ kind: 'pglite', directory });
      await first.db.insert(accounts).values({
        name: 'Marco',
        lastName: 'Bianchi',
        email: 'marco@example.com',
        phone: '+393331234567',
        passwordHash: 'x',
      });
      await first.close();
      const second = await openDatabase({ kind: 'pglite', directory });
      const rows = await second.db.select({ phone: accounts.phone }).from(accounts);
      await second.close();
      expect(rows).toEqual([{ phone: '+393331234567' }]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a second opener while the first holds it', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'carta-lock-'));
    const first = await openDatabase({ kind: 'pglite', directory });
    try {
      await expect(openDatabase({ kind: 'pglite', directory })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      await first.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 90_000);

  /** A lock record as a server process writes it beside the folder. */
  const lockRecord = (pid: number) => {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return JSON.stringify({ pid, host: hostname(), bootId, startTime });
  };

  it.runIf(process.platform === 'linux')(
    'takes over at once a lock left by a process that is gone, and refuses one held by a live process',
    async () => {
      const directory = await mkdtemp(path.join(tmpdir(), 'carta-lock-'));
      const folder = path.join(directory, 'pg');
      try {
        // A process that ran and ended: its id names no process any more.
        const gone = spawn(process.execPath, ['-e', '']);
        const goneRecord = await new Promise<string>((resolve) => {
          const record = lockRecord(gone.pid ?? 0);
          gone.on('exit', () => resolve(record));
        });
        await writeFile(`${folder}.lock`, goneRecord);
        // Taken over, not refused (and not made to wait for the lock to age).
        const handle = await openDatabase({ kind: 'pglite', directory: folder });
        expect(JSON.parse(await readFile(`${folder}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
        await handle.close();
        await expect(stat(`${folder}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });

        // A live holder (here the test runner's parent), however long since it last did anything.
        await writeFile(`${folder}.lock`, lockRecord(process.ppid));
        await expect(openDatabase({ kind: 'pglite', directory: folder })).rejects.toBeInstanceOf(
          DatabaseLockedError,
        );
        // The same process id started at another time is another process: its lock is dead.
        const reused = JSON.parse(lockRecord(process.ppid)) as { startTime: string };
        await writeFile(
          `${folder}.lock`,
          JSON.stringify({ ...reused, startTime: String(Number(reused.startTime) + 1) }),
        );
        const again = await openDatabase({ kind: 'pglite', directory: folder });
        await again.close();

        // Another host name (a container since replaced): alive while it keeps touching the lock.
        await writeFile(`${folder}.lock`, JSON.stringify({ ...reused, host: 'another-container' }));
        await expect(openDatabase({ kind: 'pglite', directory: folder })).rejects.toBeInstanceOf(
          DatabaseLockedError,
        );
        const longAgo = new Date(Date.now() - 120_000);
        await utimes(`${folder}.lock`, longAgo, longAgo);
        const afterReplacement = await openDatabase({ kind: 'pglite', directory: folder });
        await afterReplacement.close();
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('makes a second server process on the same folder stop at once with a clear message', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'carta-lock-'));
    const holder = await openDatabase({ kind: 'pglite', directory: path.join(directory, 'pg') });
    try {
      const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
      const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
      const child = spawn(tsx, [main], {
        env: {
          ...process.env,
          DATA_DIR: directory,
          PORT: '0',
          SERVE_WEB: 'false',
          DATABASE_URL: '',
          TSX_TSCONFIG_PATH: fileURLToPath(new URL('../../../tsconfig.runtime.json', import.meta.url)),
        },
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('already in use by another Carta process');
    } finally {
      await holder.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 90_000);
});
