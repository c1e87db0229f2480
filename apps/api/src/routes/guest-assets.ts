import type { ThemeFont } from '@carta/contract/themes';
import { bundleGuestScript, bundleServiceWorker } from '@carta/guest/bundle';
import { LATIN_RANGE, loadThemeFonts } from '@carta/guest/fonts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepBody, sendKeptBody } from '../plugins/guest-answers.ts';

// What a guest page loads besides itself: its script, the service worker that keeps an offline copy,
// and the themes' fonts (also read by the owner app's theme preview).

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Serves the guest pages' assets; answers the addresses the pages link to them by. */
export const serveGuestAssets = async (app: App) => {
  const [script, serviceWorker, fonts] = await Promise.all([
    bundleGuestScript(),
    bundleServiceWorker(),
    loadThemeFonts(),
  ]);
  const fontFiles = new Map([...fonts.values()].map((font) => [font.name, font]));
  /** The address of a theme's font file. */
  const fontUrlOf = (theme: { font: string } | null) => {
    const file = theme ? fonts.get(theme.font as ThemeFont) : undefined;
    return file ? `/public/fonts/${file.name}` : undefined;
  };
  // Every theme font at once, for the owner app's theme preview; a browser downloads only the fonts
  // a page uses. Named "Carta <font>" so the owner app's own text never changes font because of it.
  const fontsCss = [...fonts.values()]
    .map(
      (font) =>
        `@font-face{font-family:"Carta ${font.family}";src:url(/public/fonts/${font.name}) format("woff2");font-weight:100 900;font-display:swap;unicode-range:${LATIN_RANGE}}`,
    )
    .join('\n');
  app.get('/public/fonts.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(fontsCss),
  );
  app.get(
    '/public/fonts/:name',
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const file = fontFiles.get(request.params.name);
      if (!file) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .send(file.body);
    },
  );
  app.get('/public/sw.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(serviceWorker),
  );
  const scriptPath = `/public/assets/${script.name}`;
  const scriptBody = await keepBody(script.body);
  app.get(
    '/public/assets/:name',
    { compress: false, schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      if (request.params.name !== script.name) return reply.status(404).type('text/plain').send('Not found');
      // Named by content hash: cached for a year, never stale.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return sendKeptBody(request, reply, 200, 'text/javascript; charset=utf-8', scriptBody);
    },
  );
  return { script: scriptPath, fontUrlOf };
};
