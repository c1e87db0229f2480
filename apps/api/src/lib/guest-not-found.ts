import { pickGuestLanguage } from '@carta/guest/messages';
import { renderNoticePage } from '@carta/guest/render';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where the guest pages live: a guest who lands on a wrong address there reads a page, not JSON. */
export const isGuestPageAddress = (url: string) => /^\/public([/?]|$)/.test(url);

/** The guest pages' "nothing here" page: what an unknown table answers, in the browser's language. */
export const sendGuestNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(404)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      renderNoticePage({ language: pickGuestLanguage(request.headers['accept-language']), kind: 'notFound' }),
    );
