import { guestWifiPath } from '@carta/contract/guest-paths';
import { TableParamsSchema } from '@carta/contract/tables';
import { GUEST_LANGUAGES, type GuestLanguage, pickGuestLanguage } from '@carta/guest/messages';
import { renderNoticePage, renderWifiPage } from '@carta/guest/render';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guestWifiAt, limitWifiReveals } from '../features/guest/guest-wifi.ts';
import { AppError } from '../lib/app-error.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const WifiQuery = z.object({ lang: z.string().max(5).optional(), back: z.string().max(200).optional() });

const isGuestLanguage = (language: string | undefined): language is GuestLanguage =>
  (GUEST_LANGUAGES as readonly (string | undefined)[]).includes(language);

/**
 * The club's Wi-Fi on a page of its own, for a guest page read without JavaScript (0087): counted like
 * the script's call, kept by no cache, indexed by no search engine.
 */
export const serveWifiPage = (app: App) => {
  app.get(
    guestWifiPath(':clubId', ':tableId'),
    { schema: { hide: true, params: TableParamsSchema, querystring: WifiQuery } },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      const { lang } = request.query;
      const language = isGuestLanguage(lang) ? lang : pickGuestLanguage(request.headers['accept-language']);
      // Back to a guest page only, never elsewhere.
      const back = request.query.back?.startsWith('/public/') ? request.query.back : null;
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      try {
        await limitWifiReveals(app, request);
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 429) throw error;
        // Asked too often: the page says so (ask the staff), not a raw error.
        return reply
          .status(429)
          .headers(error.headers)
          .send(renderWifiPage({ language, clubName: '', wifi: null, back }));
      }
      const found = await guestWifiAt(app, clubId, tableId);
      if (!found) return reply.status(404).send(renderNoticePage({ language, kind: 'notFound' }));
      return reply.send(renderWifiPage({ language, clubName: found.clubName, wifi: found.wifi, back }));
    },
  );
};
