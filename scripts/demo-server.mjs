// Shared by the measuring scripts: the demo club seeded in a temporary folder and the server started on
// a free port against it (embedded database, or the PostgreSQL database `databaseUrl` names), stopped and
// cleaned up with `stop()`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Seeds `npm run demo` in a fresh folder (or in `databaseUrl`, an empty PostgreSQL database), starts the
 * server, waits until it is healthy. Answers its address, its process id and `stop`.
 */
export const startDemoServer = async ({ extraEnvironment = {}, databaseUrl = '' } = {}) => {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'carta-measure-'));
  const environment = {
    ...process.env,
    DATA_DIR: dataDirectory,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  console.log('Seeding the demo club (80-dish menu)...');
  const seeded = spawnSync('npm', ['run', 'demo', '--silent'], {
    cwd: root,
    env: environment,
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(seeded.stderr);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...environment,
      SERVE_WEB: 'false',
      ...extraEnvironment,
      PORT: String(port),
      HOST: '127.0.0.1',
      TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.runtime.json'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  /** Stops the server; the promise settles once it has exited (its last page-view flush written). */
  const stop = () => {
    server.kill('SIGTERM');
    return Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]).finally(() =>
      rmSync(dataDirectory, { recursive: true, force: true }),
    );
  };
  process.on('exit', () => {
    server.kill('SIGTERM');
    rmSync(dataDirectory, { recursive: true, force: true });
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      // The seed's output names the demo owner's credentials, for scripts that log in.
      if ((await fetch(`${base}/api/v1/health`)).ok)
        return { base, pid: server.pid, stop, seedOutput: seeded.stdout };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('The server did not become healthy within 60 s');
};

/** A throwaway database (`prefix_<pid>`) on the server `url` names, or null when no server answers. */
export const createThrowawayDatabase = async (url, prefix) => {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${process.pid}`;
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  return {
    url: benchUrl.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await admin.end();
    },
  };
};
