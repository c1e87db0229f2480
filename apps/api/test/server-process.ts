import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_APP_SECRET } from './helpers.ts';

/**
 * Real server processes for the tests that need them (crash.test.ts, multi-process.test.ts): started as
 * `npm start` runs the server, on a free port, with the test's environment. Every wait polls a condition
 * under a deadline. A test file calls `stopServers` in its afterAll: it kills every child it started and
 * removes every folder it made.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const children = new Set<ChildProcessWithoutNullStreams>();
const folders = new Set<string>();

/** Kills (SIGKILL) every server still running and removes every temporary folder. */
export const stopServers = async () => {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  const exits = running.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(exits);
  children.clear();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  folders.clear();
};

/** A new empty folder, removed by `stopServers`. */
export const temporaryFolder = async (prefix = 'carta-server-') => {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  folders.add(folder);
  return folder;
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

export type ServerProcess = {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Everything the process wrote so far. */
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * The server as `npm start` runs it (one node process, no tsx wrapper in between to absorb signals), on
 * the embedded database unless `env` names DATABASE_URL, with the tests' APP_SECRET.
 */
export const startServer = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SERVE_WEB: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      APP_SECRET: TEST_APP_SECRET,
      DATABASE_URL: '',
      DATABASE_LISTEN_URL: '',
      TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.runtime.json'),
      ...env,
    },
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
};

/** Polls `condition` every `intervalMs` until it holds; throws naming `what` after `timeoutMs`. */
export const waitFor = async (
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 50,
) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
};

const isHealthy = async (server: ServerProcess) => {
  try {
    const response = await fetch(`${server.origin}/api/v1/health`);
    return response.status === 200;
  } catch {
    return false;
  }
};

/** Healthy, or the process ended first (then the test fails with its output). */
export const waitHealthy = async (server: ServerProcess, timeoutMs = 60_000) => {
  let hasExited = false;
  void server.exited.then(() => {
    hasExited = true;
  });
  await waitFor(
    'the server to answer /health',
    async () => hasExited || (await isHealthy(server)),
    timeoutMs,
  );
  if (hasExited) throw new Error(`The server exited before answering:\n${server.output()}`);
};

export const kill9 = async (server: ServerProcess) => {
  server.child.kill('SIGKILL');
  await server.exited;
};
