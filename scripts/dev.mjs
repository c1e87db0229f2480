// `npm run dev`: development mode. The API restarts on every change to its sources (tsx watch) and the
// owner app is served by Vite's dev server with hot reload, which proxies /api, /public and /files to the
// API. Open the address Vite prints (http://localhost:5173). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';

const children = [];
let isStopping = false;

const stop = (code) => {
  if (isStopping) return;
  isStopping = true;
  // Each child leads its own process group: npx and the shells under it do not pass signals on, so
  // the whole group is signalled.
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  // The API closes its database within 10 s of SIGTERM; do not leave it behind.
  setTimeout(() => process.exit(code), 11_000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() =>
    process.exit(code),
  );
};

const start = (name, command, args, env, directory = '.') => {
  const child = spawn(command, args, {
    cwd: path.join(root, directory),
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  child.once('exit', (code) => {
    if (!isStopping) {
      console.error(`\n${name} stopped (exit ${code}); stopping the other one.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
};

start(
  'API',
  'npx',
  ['tsx', 'watch', '--tsconfig', 'tsconfig.runtime.json', '--clear-screen=false', 'apps/api/src/main.ts'],
  {
    NODE_ENV: 'development',
    PORT: apiPort,
    // Vite serves the owner app; links in emails and QR codes point at it (it proxies /public).
    SERVE_WEB: 'false',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  },
);
start('Vite', 'npx', ['vite', '--port', webPort, '--strictPort'], {}, 'apps/web');

process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
