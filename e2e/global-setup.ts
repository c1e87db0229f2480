import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Secret, TOTP } from 'otpauth';

const currentCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const waitForHealth = async (url: string, server: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
};

type FakeDeepl = { url: string; authKey: string; close: () => Promise<void> };

/**
 * The local fake of DeepL's API the API tests use (apps/api/test/fake-deepl.ts), for suggested
 * translations (docs/decisions/0088): imported by its path, since it lives outside this project's files.
 */
const startFakeDeepl = async (): Promise<FakeDeepl> => {
  const file = pathToFileURL(path.join(root, 'apps/api/test/fake-deepl.ts')).href;
  const fake = (await import(file)) as { startFakeDeepl: () => Promise<FakeDeepl> };
  return fake.startFakeDeepl();
};

/** Starts the built product (as `npm start` runs it) on a free port with a fresh embedded database. */
export default async function globalSetup() {
  const port = await freePort();
  const deepl = await startFakeDeepl();
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'carta-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Admins are made with the command-line script only (docs/product.md): make one before the server
  // holds the embedded database.
  const admin = { phone: '393330000777', password: 'Admin7$Carta' };
  const created = spawnSync(
    'npm',
    ['run', 'user:create', '--', '--admin', '--phone', admin.phone, '--password', admin.password],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDirectory, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  const adminSecret = created.stdout.match(/Authenticator secret:\s+([A-Z2-7]+)/)?.[1];
  if (created.status !== 0 || !adminSecret) {
    throw new Error(`Could not create the admin account:\n${created.stdout}\n${created.stderr}`);
  }
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // Every test signs its owner up from this one address: far more than a real address would.
      SIGN_UPS_PER_HOUR: '1000',
      // Suggested translations on, through the SDK, against the local fake: no network.
      DEEPL_API_KEY: deepl.authKey,
      DEEPL_SERVER_URL: deepl.url,
      TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.runtime.json'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForHealth(baseUrl, server, () => output);
  process.env.BASE_URL = baseUrl;
  process.env.CARTA_E2E_DATA_DIR = dataDirectory;
  // One login for the whole run: a code is accepted once, so tests running side by side could not
  // each log the same admin in within one 30-second step.
  const login = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.phone, password: admin.password, totp: currentCode(adminSecret) }),
  });
  if (!login.ok) throw new Error(`The admin could not log in: ${login.status} ${await login.text()}`);
  process.env.CARTA_E2E_ADMIN_TOKEN = ((await login.json()) as { token: string }).token;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await deepl.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  };
}
