import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The owner app build the server serves, as written by the web build; 'dev' when there is none. */
export const readWebBuild = (): string => {
  const file = `${WEB_DIST}/build.json`;
  if (!existsSync(file)) return 'dev';
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { build?: unknown };
  return typeof parsed.build === 'string' ? parsed.build : 'dev';
};

/**
 * Serves the built owner app at `/`: hashed assets cached for a year, index.html never cached, and
 * every other GET that is not the API's answered with index.html so the app's router takes over.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    if (!existsSync(`${WEB_DIST}/index.html`)) {
      throw new Error(`The owner app is not built (${WEB_DIST}/index.html is missing): run npm run build.`);
    }
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each script and style sheet (vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes('/assets/');
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = () => readFileSync(`${WEB_DIST}/index.html`);
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url.startsWith('/files/')) {
        return sendError(request, reply, 404, 'ROUTE_NOT_FOUND');
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(sendIndex());
    });
  },
  { name: 'web' },
);
