// npm run lighthouse: Lighthouse 12 with Debian's Chromium, mobile settings, three runs each (median) on
// the demo's 80-dish guest page, the owner app's /login, and the demo club's board logged in as its
// owner. Serves the owner app from apps/web/dist: run `npm run build` first when the sources changed.
//   --dist DIR      measure another build of the owner app (e.g. `npx vite build --outDir DIR`); a small
//                   proxy serves DIR in front of the demo server, which keeps answering everything else
//   --pages LIST    only some pages: guest, login, board (comma-separated)
//   --reports DIR   also write every run's full Lighthouse report (JSON) there, to read its diagnostics
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startDemoServer } from './demo-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const option = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const defaultDist = path.join(root, 'apps/web/dist');
const dist = path.resolve(option('--dist') ?? defaultDist);
const pages = new Set((option('--pages') ?? 'guest,login,board').split(','));
const reportsDirectory = option('--reports');
if (reportsDirectory) mkdirSync(reportsDirectory, { recursive: true });

// The guest page alone needs no owner app (`npm run lighthouse:guest`).
const needsOwnerApp = pages.has('login') || pages.has('board');
if (needsOwnerApp && !existsSync(path.join(dist, 'index.html'))) {
  console.error(`The owner app is not built (${dist}/index.html is missing): run npm run build first.`);
  process.exit(1);
}

const demo = await startDemoServer({ extraEnvironment: { SERVE_WEB: String(needsOwnerApp) } });
const { seedOutput } = demo;
let { base, stop } = demo;

const contentTypes = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.html': 'text/html; charset=utf-8',
};

/**
 * Serves another build of the owner app as the server's web plugin would (precompressed files, hashed
 * assets cached, index.html for the app's addresses) and passes everything else to the demo server,
 * with that build's id in x-carta-build so the app does not take itself for outdated.
 */
const serveOtherBuild = async (apiBase) => {
  const build = JSON.parse(readFileSync(path.join(dist, 'build.json'), 'utf8')).build;
  const sendFile = (request, response, file) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const headers = {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
    };
    let body;
    if (accepts.includes('br') && existsSync(`${file}.br`)) {
      body = readFileSync(`${file}.br`);
      headers['content-encoding'] = 'br';
    } else body = readFileSync(file);
    response.writeHead(200, headers).end(body);
  };
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent((request.url ?? '/').split('?', 1)[0]);
    const isServer = /^\/(api|files|public)(\/|$)/.test(pathname);
    if (!isServer && request.method === 'GET') {
      const file = path.join(dist, path.normalize(pathname));
      if (file.startsWith(dist) && existsSync(file) && statSync(file).isFile())
        return sendFile(request, response, file);
      if (!/\.[^/]*$/.test(pathname)) return sendFile(request, response, path.join(dist, 'index.html'));
    }
    const upstream = httpRequest(
      `${apiBase}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        const headers = { ...answer.headers };
        if (headers['x-carta-build']) headers['x-carta-build'] = build;
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
};

if (dist !== defaultDist) {
  const proxy = await serveOtherBuild(base);
  console.log(`Serving the owner app from ${dist}`);
  const stopDemo = stop;
  stop = () => {
    proxy.close();
    stopDemo();
  };
  base = proxy.base;
}

/** The demo owner's session, through the API as the login screen would get it. */
const logIn = async () => {
  const phone = seedOutput.match(/Phone:\s+(\S+)/)?.[1];
  const password = seedOutput.match(/Password:\s+(\S+)/)?.[1];
  const secret = seedOutput.match(/Authenticator secret:\s+(\S+)/)?.[1];
  if (!phone || !password || !secret)
    throw new Error(`The demo seed did not print credentials:\n${seedOutput}`);
  const totp = spawnSync('npm', ['run', 'totp', '--silent', '--', secret], { cwd: root, encoding: 'utf8' });
  if (totp.status !== 0) throw new Error(totp.stderr);
  const response = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: phone, password, totp: totp.stdout.trim() }),
  });
  if (!response.ok) throw new Error(`Login failed: ${response.status} ${await response.text()}`);
  const { token, admin } = await response.json();
  const clubs = await fetch(`${base}/api/v1/clubs`, { headers: { authorization: `Bearer ${token}` } });
  const [club] = clubs.ok ? await clubs.json() : [];
  return { token, admin, clubId: club?.id ?? 1 };
};

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Three Lighthouse runs on one page; `isLoggedIn` keeps the session Lighthouse would otherwise wipe. */
const measure = async (title, url, { isLoggedIn = false } = {}) => {
  console.log(`\n${title}: ${url}`);
  const scores = [];
  for (let run = 1; run <= runs; run += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
      disableStorageReset: isLoggedIn,
    });
    const { categories, audits } = result.lhr;
    if (reportsDirectory)
      writeFileSync(
        path.join(reportsDirectory, `${title.replace(/\W+/g, '-').toLowerCase()}-${run}.json`),
        JSON.stringify(result.lhr),
      );
    const score = {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
    };
    const failed = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    console.log(
      `  run ${run}: performance ${score.performance}, accessibility ${score.accessibility}, best practices ${score.bestPractices}, FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, TBT ${audits['total-blocking-time'].displayValue}${failed.length ? `; not passed: ${failed.join(', ')}` : ''}`,
    );
    if (process.env.LIGHTHOUSE_DETAILS)
      for (const id of failed)
        for (const item of audits[id].details?.items ?? [])
          console.log(`    ${id}: ${item.node?.snippet ?? JSON.stringify(item).slice(0, 160)}`);
    scores.push(score);
  }
  const summary = Object.fromEntries(
    ['performance', 'accessibility', 'bestPractices'].map((key) => [key, median(scores.map((s) => s[key]))]),
  );
  // The goal holds for every run, not only the median: the worst run is printed beside it.
  const worst = Math.min(...scores.map((s) => s.performance));
  console.log(
    `  median of ${runs}: performance ${summary.performance} (worst run ${worst}), accessibility ${summary.accessibility}, best practices ${summary.bestPractices}`,
  );
  return { title, ...summary, worst };
};

const results = [];
try {
  if (pages.has('guest'))
    results.push(await measure('Guest page (80 dishes)', `${base}/public/menu/1/1/1?lang=it`));
  if (pages.has('login')) results.push(await measure('Owner app: login', `${base}/login`));

  const session = pages.has('board') ? await logIn() : undefined;
  // Lighthouse keeps this origin's storage (disableStorageReset), so the board opens logged in as the
  // app would after its own login: the token and the admin flag in localStorage.
  if (session) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${base}/404`);
    await page.evaluate(({ token, admin }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('admin', String(admin));
    }, session);
    await page.close();
    await browser.disconnect();
    results.push(
      await measure('Owner app: club board (logged in)', `${base}/clubs/${session.clubId}/profile`, {
        isLoggedIn: true,
      }),
    );
  }
} finally {
  await chrome.kill();
  stop();
}

console.log('\nMedians (mobile, simulated slow 4G):');
for (const { title, performance, worst, accessibility, bestPractices } of results)
  console.log(
    `  ${title.padEnd(36)} performance ${performance} (worst ${worst}), accessibility ${accessibility}, best practices ${bestPractices}`,
  );
console.log(
  'Goals, on every run: guest page performance at least 95; owner app at least 90; accessibility 100 everywhere.',
);
process.exit(0);
