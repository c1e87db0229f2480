import { guestWaiterPath } from '@carta/contract/guest-paths';
import { TableParamsSchema } from '@carta/contract/tables';
import { chrome } from '@carta/guest/chrome';
import { pickGuestLanguage } from '@carta/guest/messages';
import { renderNoticePage } from '@carta/guest/render';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadCallableTable } from '../features/guest/guest-view.ts';
import { limitWaiterCalls } from '../features/waiter-calls/waiter-call-limit.ts';
import { callWaiter } from '../features/waiter-calls/waiter-call-store.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const WaiterQuery = z.object({ back: z.string().max(200).optional() });

/** The call-waiter form of a guest page read without JavaScript: sent as a form, answered with a page. */
export const serveWaiterForm = (app: App) => {
  // The form's fields are not needed, only accepted.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post(
    guestWaiterPath(':clubId', ':tableId'),
    {
      preHandler: limitWaiterCalls(app),
      schema: { hide: true, params: TableParamsSchema, querystring: WaiterQuery },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      const language = pickGuestLanguage(request.headers['accept-language']);
      // Back to a guest page only, never elsewhere.
      const back = request.query.back?.startsWith('/public/') ? request.query.back : null;
      const link = back ? { href: back, label: chrome[language].backToMenu } : undefined;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!(await loadCallableTable(app.db, clubId, tableId)))
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(renderNoticePage({ language, kind: 'notFound' }));
      const outcome = await callWaiter(app.db, clubId, tableId);
      if (outcome.kind === 'created') await app.waiterCallSignals.changed(clubId);
      const kind =
        outcome.kind === 'coolingDown'
          ? 'waiterTooSoon'
          : outcome.state.status === 'acknowledged'
            ? 'waiterOnTheWay'
            : 'waiterCalled';
      return reply
        .status(outcome.kind === 'coolingDown' ? 429 : 200)
        .type('text/html; charset=utf-8')
        .send(renderNoticePage({ language, kind, ...(link ? { link } : {}) }));
    },
  );
};
