import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorReportingConfig } from '../config.ts';
import { isGuestPageAddress, sendGuestNotFound } from '../lib/guest-not-found.ts';
import { sendError } from './errors.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The owner app build the server serves, as written by the web build; 'dev' when there is none. */
export const readWebBuild = (root = WEB_DIST): string => {
  const file = `${root}/build.json`;
  if (!existsSync(file)) return 'dev';
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { build?: unknown };
  return typeof parsed.build === 'string' ? parsed.build : 'dev';
};

/**
 * Addresses that are never the owner app's: the API's, stored files', guest pages', the metrics
 * endpoint's (when it is off, 0060) and any file name (`/backup.sql`, a missing script): answering
 * those with the app's page would tell a client or a scanner "200, here it is".
 */
const isOutsideApp = (url: string) => {
  const path = url.split('?', 1)[0] ?? url;
  return /^\/(api|files|metrics)(\/|$)/.test(path) || /\.[^/]*$/.test(path);
};

export type WebPluginOptions = {
  /** The owner app's build folder, with its index.html. */
  root?: string;
  /** When set, index.html tells the app where to report its errors (docs/decisions/0039). */
  errorReporting?: ErrorReportingConfig | undefined;
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * index.html with the error reporting settings the owner app reads at start (lib/error-reporting.ts) in
 * meta tags; unchanged when reporting is off. The build is the same for every deployment: the DSN is
 * the server's setting, not the build's.
 */
export const withErrorReporting = (html: string, settings: ErrorReportingConfig | undefined) => {
  if (!settings) return html;
  const meta = [
    ['carta-sentry-dsn', settings.dsn],
    ['carta-sentry-traces-sample-rate', String(settings.tracesSampleRate)],
    ['carta-sentry-environment', settings.environment],
  ]
    .map(([name, content = '']) => `<meta name="${name}" content="${escapeAttribute(content)}" />`)
    .join('');
  if (html.includes('</head>')) return html.replace('</head>', `${meta}</head>`);
  // No head written out: right after the doctype (before it, the page would render in quirks mode).
  const doctype = /^<!doctype html>/i.exec(html)?.[0] ?? '';
  return `${doctype}${meta}${html.slice(doctype.length)}`;
};

/**
 * Serves the built owner app at `/`: hashed assets cached for a year, index.html never cached, and
 * every other GET that is one of the app's own addresses answered with index.html so the app's router
 * takes over.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, { root = WEB_DIST, errorReporting }: WebPluginOptions) => {
    if (!existsSync(`${root}/index.html`)) {
      throw new Error(`The owner app is not built (${root}/index.html is missing): run npm run build.`);
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each script and style sheet (vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes('/assets/');
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = () =>
      errorReporting
        ? withErrorReporting(readFileSync(`${root}/index.html`, 'utf8'), errorReporting)
        : readFileSync(`${root}/index.html`);
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isGuestPageAddress(request.url)) return sendGuestNotFound(request, reply);
      if (isOutsideApp(request.url)) return sendError(request, reply, 404, 'ROUTE_NOT_FOUND');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(sendIndex());
    });
  },
  { name: 'web' },
);
