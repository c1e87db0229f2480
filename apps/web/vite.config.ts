import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_TEXT_GROUPS } from './src/locales/text-groups.ts';

// The API server (apps/api) listens here in development; `npm run dev` starts both.
const API_SERVER = 'http://localhost:3000';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * Writes `dist/build.json` with the build id compiled into the app. The server reads it and sends it
 * back in `x-carta-build` on every API answer, so a browser still running an older build notices.
 */
const buildIdFile = (build: string): Plugin => ({
  name: 'carta-build-id',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ build })}\n` });
  },
});

/**
 * Writes a `.br` and a `.gz` beside every script, style sheet and SVG of the build, once at build time at
 * the best ratio, so the server sends them compressed without compressing on every request.
 */
const precompress = (): Plugin => ({
  name: 'carta-precompress',
  apply: 'build',
  // After writing: only then is every chunk final (Vite fills in its preload lists late in generateBundle).
  writeBundle(options, bundle) {
    const outDir = options.dir ?? '';
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|svg)$/.test(fileName)) continue;
      const source = readFileSync(path.join(outDir, fileName));
      // Small files too: without a compressed copy the server would compress them on every request
      // (as a stream, whose size it cannot know in advance), which costs more than it saves.
      const brotli = brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      });
      const gzipped = gzipSync(source, { level: 9 });
      if (brotli.length < source.length) writeFileSync(path.join(outDir, `${fileName}.br`), brotli);
      if (gzipped.length < source.length) writeFileSync(path.join(outDir, `${fileName}.gz`), gzipped);
    }
  },
});

/**
 * `./it.json?texts=first` is the part of a catalogue a first visit needs (src/locales/text-groups.ts),
 * `?texts=later` the rest, each a JSON module of its own (and so a chunk of its own when imported
 * dynamically).
 */
const TEXTS_QUERY = /^(.*\.json)\?texts=(first|later)$/;
const textGroups = (): Plugin => ({
  name: 'carta-text-groups',
  enforce: 'pre',
  async resolveId(source, importer) {
    const match = TEXTS_QUERY.exec(source);
    if (!match?.[1]) return null;
    const file = await this.resolve(match[1], importer, { skipSelf: true });
    return file ? `${file.id}?texts=${match[2]}` : null;
  },
  load(id) {
    const match = TEXTS_QUERY.exec(id);
    if (!match?.[1]) return null;
    this.addWatchFile(match[1]);
    const isFirst = match[2] === 'first';
    const catalogue = JSON.parse(readFileSync(match[1], 'utf8')) as Record<string, unknown>;
    const first: readonly string[] = FIRST_TEXT_GROUPS;
    const part = Object.entries(catalogue).filter(([group]) => first.includes(group) === isFirst);
    return `export default ${JSON.stringify(Object.fromEntries(part))};`;
  },
});

/**
 * MUI's `createTheme` and `ThemeProvider` carry the CSS-variables and colour-scheme machinery (its
 * provider, the scheme script, the variables' parser: some 6 KB compressed in every first load) for
 * themes that ask for it with `cssVariables` or `colorSchemes`. Ours asks for neither (app/theme.ts, and a
 * test keeps it so), and for such a theme both call their "no variables" halves, which this points MUI's
 * own imports at directly, the default theme's among them.
 */
const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+$/;
const muiWithoutCssVariables = (): Plugin => ({
  name: 'carta-mui-without-css-variables',
  enforce: 'pre',
  apply: 'build',
  async resolveId(source, importer) {
    if (!importer || !MUI_STYLES.test(importer)) return null;
    const replacement = {
      './createTheme.js': './createThemeNoVars.js',
      './ThemeProvider.js': './ThemeProviderNoVars.js',
    }[source];
    return replacement ? this.resolve(replacement, importer, { skipSelf: true }) : null;
  },
});

/**
 * react-router's package sends every bundler to its development build, which differs from the production
 * one only by keeping the development warnings in.
 */
const reactRouterProduction = (file: string) =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
    file,
  );

export default defineConfig(({ command }) => {
  // Time first so ids sort by age when someone reads logs; the random part keeps two builds in the same
  // millisecond apart.
  const build = command === 'build' ? `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}` : 'dev';
  return {
    root,
    plugins: [textGroups(), muiWithoutCssVariables(), react(), buildIdFile(build), precompress()],
    define: { __CARTA_BUILD__: JSON.stringify(build) },
    resolve: {
      alias:
        command === 'build'
          ? [
              { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
              { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            ]
          : [],
    },
    server: {
      proxy: { '/api': API_SERVER, '/public': API_SERVER, '/files': API_SERVER },
    },
    build: {
      outDir: 'dist',
      manifest: true,
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Every route needs React and the router, and they change far less often than the app: in a
          // chunk of their own, a deployment does not make browsers download them again. The rest of
          // what the entry imports statically (MUI's core with emotion, TanStack Query, i18next, the
          // router table, the few components every route shows) is one 'app' chunk: every route loads
          // all of it anyway, and split into some twenty small files it cost a round trip per handful
          // of files over HTTP/1.1's six connections (Lighthouse: /login's first paint 3.0 s, 2.2 s as
          // one chunk). Everything else is split by the bundler along the routes' lazy imports, so a
          // screen's libraries (MUI components, drag and drop, QR codes) load with the screens that use
          // them and no other group drags a whole library into the first load of /login.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
              },
              { name: 'app', tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
  };
});
