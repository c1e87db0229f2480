import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

/**
 * A PostgreSQL server of a test's own, which it may stop and start (database-restart.test.ts): a cluster
 * made by Debian's initdb in a temporary folder, listening on 127.0.0.1 on a free port with its socket in
 * that folder. initdb and the server refuse to run as root, so as root they run as the `postgres` user,
 * who owns the folder.
 */

const run = promisify(execFile);

/** Debian's server binaries, newest version first; undefined when none is installed. */
export const postgresBinaries = (): string | undefined => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
};

const isRoot = () => process.getuid?.() === 0;

/** Why a private server cannot be made here, or undefined when it can. */
export const privatePostgresUnavailable = (): string | undefined => {
  if (!postgresBinaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  return undefined;
};

export type PrivatePostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every session is ended at once, the server writes a checkpoint and exits. */
  stop: () => Promise<void>;
  /** `pg_ctl start -w`: resolves once the server accepts connections. */
  start: () => Promise<void>;
  /** The server's own log, for a failing test's message. */
  log: () => Promise<string>;
  /** Stops the server however it is (immediate) and removes the folder; never throws. */
  remove: () => Promise<void>;
};

export const startPrivatePostgres = async (database = 'carta'): Promise<PrivatePostgres> => {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const folder = await mkdtemp(path.join(tmpdir(), 'carta-pg-'));
  const data = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  const asOwner = async (command: string, args: string[]) => {
    const [file, all] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    await run(file, all, { timeout: 60_000 });
  };
  const pgCtl = (args: string[]) => asOwner('pg_ctl', ['-D', data, '-l', logFile, ...args]);
  let isRunning = false;
  const remove = async () => {
    if (isRunning) await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => {});
    isRunning = false;
    await rm(folder, { recursive: true, force: true });
  };
  try {
    if (isRoot()) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: group } = await run('id', ['-g', 'postgres']);
      await chown(folder, Number(stdout.trim()), Number(group.trim()));
    }
    await asOwner('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    const port = await freePort();
    await appendFile(
      path.join(data, 'postgresql.conf'),
      [
        '',
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${folder}'`,
        'max_connections = 50',
        '',
      ].join('\n'),
    );
    const start = async () => {
      await pgCtl(['-w', '-t', '30', 'start']);
      isRunning = true;
    };
    const stop = async () => {
      await pgCtl(['-m', 'fast', '-w', '-t', '30', 'stop']);
      isRunning = false;
    };
    await start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      await admin.query(`create database ${pg.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/${database}`,
      port,
      stop,
      start,
      log: () => readFile(logFile, 'utf8').catch(() => ''),
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
};
