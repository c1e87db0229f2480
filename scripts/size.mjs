// `npm run size`: what the first visit to each owner-app route downloads, JavaScript and CSS, raw, gzip
// and brotli, read from the Vite manifest of a build. Exits 1 when the login or the board goes over its budget.
//
//   node scripts/size.mjs                builds apps/web/dist, then measures it
//   node scripts/size.mjs --dist DIR     measures an existing build (CARTA_WEB_DIST=DIR does the same)
//   node scripts/size.mjs --check        measures the existing apps/web/dist without building (npm test)
//   add --files to list each route's files with their gzip sizes
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');

// Gzip bytes of JavaScript on a first visit of the login and the club board, the screens owners open
// most. The goal is 200 KB. The login loads zod, the contract's schemas and notistack after its first paint
// now; React with the router (95 KB), MUI's core with emotion (~30 KB), i18next (16 KB) and react-hook-form
// (14 KB) are most of what is left. The board loads no zod up front either: the constants and helpers its
// first load needs come from zod-free contract modules (waiter-call-rules, message-severity), and its
// schemas load with the requests and the live stream. The enforced budgets hold today's figures with a
// little room (a ratchet: lower them as the first load shrinks, never raise them to make a change pass).
const GOAL_GZIP_JS = 200 * 1024;
const BUDGET_GZIP_JS = { '/login': 228 * 1024, board: 260 * 1024 };

// Each route's lazy modules (layouts and screen) as router.tsx declares them, in source paths relative
// to apps/web. A module that is not its own chunk in the manifest is in the entry's graph already.
const ROUTES = [
  {
    path: '/login',
    modules: ['src/app/layouts/centered-card-layout.tsx', 'src/features/auth/login-screen.tsx'],
    budget: BUDGET_GZIP_JS['/login'],
  },
  {
    path: '/signup',
    modules: ['src/app/layouts/centered-card-layout.tsx', 'src/features/signup/signup-screen.tsx'],
  },
  {
    path: '/clubs/:clubId/profile (club board)',
    modules: ['src/app/layouts/app-layout.tsx', 'src/features/clubs/club-board-screen.tsx'],
    budget: BUDGET_GZIP_JS.board,
  },
  {
    path: '/clubs/:clubId/menu (menus)',
    modules: ['src/app/layouts/app-layout.tsx', 'src/features/menus/menu-list-screen.tsx'],
  },
  {
    path: '/clubs/:clubId/menu/:menuId/sections/:sectionId (items)',
    modules: ['src/app/layouts/app-layout.tsx', 'src/features/menus/items-screen.tsx'],
  },
  {
    path: '/clubs/:clubId/qrcode (QR codes)',
    modules: ['src/app/layouts/app-layout.tsx', 'src/features/tables/qr-codes-screen.tsx'],
  },
  {
    path: '/clubs/new',
    modules: ['src/app/layouts/focus-layout.tsx', 'src/features/clubs/new-club-screen.tsx'],
  },
  { path: '/admin', modules: ['src/features/admin/admin-screen.tsx'] },
];

const options = process.argv.slice(2);
const option = (name) => {
  const index = options.indexOf(name);
  return index === -1 ? undefined : options[index + 1];
};
const isCheck = options.includes('--check');
const isListingFiles = options.includes('--files');
const givenDist = option('--dist') ?? process.env.CARTA_WEB_DIST;
const dist = path.resolve(givenDist ?? path.join(webRoot, 'dist'));

if (!givenDist && !isCheck) {
  console.log('Building the owner app...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `${manifestFile} is missing: build the owner app first (npm run build), with build.manifest on.`,
  );
  process.exit(1);
}
/** @type {Record<string, {file: string, imports?: string[], css?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const sizes = new Map();
const sizeOf = (file) => {
  if (!sizes.has(file)) {
    const content = readFileSync(path.join(dist, file));
    sizes.set(file, {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }).length,
    });
  }
  return sizes.get(file);
};

/** A chunk and everything it imports statically: what Vite loads (or preloads) with it. */
const collect = (key, files, seen = new Set()) => {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files, seen);
};

// The HTML's own script and preload links count too: a plugin could add one the manifest doesn't show.
const entryFiles = new Set();
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) entryFiles.add(file);
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles);

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [];
let isOverBudget = false;
for (const route of ROUTES) {
  const files = new Set(entryFiles);
  for (const module of route.modules) {
    if (!existsSync(path.join(webRoot, module))) throw new Error(`${route.path}: ${module} does not exist`);
    if (manifest[module]) collect(module, files);
  }
  const total = {
    js: { raw: 0, gzip: 0, brotli: 0, count: 0 },
    css: { raw: 0, gzip: 0, brotli: 0, count: 0 },
  };
  for (const file of files) {
    const kind = file.endsWith('.css') ? total.css : total.js;
    const size = sizeOf(file);
    kind.raw += size.raw;
    kind.gzip += size.gzip;
    kind.brotli += size.brotli;
    kind.count += 1;
  }
  if (isListingFiles) {
    const listed = [...files].map((file) => [file, sizeOf(file).gzip]).sort((a, b) => b[1] - a[1]);
    console.log(
      `${route.path}\n${listed.map(([file, gzip]) => `  ${kilobytes(gzip).padStart(9)}  ${file}`).join('\n')}`,
    );
  }
  const isOver = route.budget !== undefined && total.js.gzip > route.budget;
  isOverBudget ||= isOver;
  rows.push([
    route.path,
    String(total.js.count),
    kilobytes(total.js.raw),
    kilobytes(total.js.gzip),
    kilobytes(total.js.brotli),
    total.css.count ? `${kilobytes(total.css.raw)} / ${kilobytes(total.css.gzip)}` : '-',
    route.budget === undefined
      ? ''
      : `${isOver ? 'OVER' : 'ok'} (${kilobytes(route.budget)}; goal ${kilobytes(GOAL_GZIP_JS)}${total.js.gzip > GOAL_GZIP_JS ? ' not met' : ' met'})`,
  ]);
}

const header = ['route (first load)', 'files', 'JS raw', 'JS gzip', 'JS brotli', 'CSS raw / gzip', 'budget'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column].length)),
);
const line = (cells) =>
  cells
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column])))
    .join('  ');
console.log(`Owner app build: ${path.relative(root, dist) || dist}`);
console.log(line(header));
for (const row of rows) console.log(line(row));

if (isOverBudget) {
  console.error(
    '\nOver budget: the first load of /login or of the club board grew past its budget of gzip JavaScript.',
  );
  process.exit(1);
}
