import { ErrorResponseSchema } from '@carta/contract/errors';
import { TableParamsSchema } from '@carta/contract/tables';
import { WAITER_CALLS_EVENT } from '@carta/contract/waiter-call-rules';
import {
  GuestWaiterCallSchema,
  WaiterCallParamsSchema,
  WaiterCallsResponseSchema,
} from '@carta/contract/waiter-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { NoContent, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { clubIdOf, clubRoleOf } from '../../plugins/club-scope.ts';
import { loadCallableTable } from '../guest/guest-view.ts';
import { limitWaiterCalls } from './waiter-call-limit.ts';
import { answerCall, callWaiter, guestCallState, openCalls } from './waiter-call-store.ts';

/** A comment line now and then keeps proxies and phones from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Call waiter: the guest's public calls (inside clubScope as `isPublic`) and the staff's, which need the
 * owner's token like every other club route. None of them changes what guests read, so none drops the
 * cached guest pages.
 */
export const waiterCallRoutes: FastifyPluginAsyncZod = async (app) => {
  const guestConfig = { isPublic: true, keepsGuestPages: true } as const;

  app.get(
    '/menu/tables/:tableId/waiter-call',
    {
      config: guestConfig,
      schema: {
        tags: ['guest'],
        summary:
          "Public: the table's call for a waiter (none, open or acknowledged) and the wait before calling again",
        params: TableParamsSchema,
        response: { 200: GuestWaiterCallSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      if (!(await loadCallableTable(app.db, clubId, tableId))) throw notFound();
      reply.header('cache-control', 'no-store');
      return guestCallState(app.db, tableId);
    },
  );

  app.post(
    '/menu/tables/:tableId/waiter-call',
    {
      config: guestConfig,
      preHandler: limitWaiterCalls(app),
      schema: {
        tags: ['guest'],
        summary:
          'Public: call a waiter to the table. 201 new call; 200 a call is already open (the same one); 429 the table must wait (cool-down) or this address called too often',
        params: TableParamsSchema,
        response: {
          200: GuestWaiterCallSchema,
          201: GuestWaiterCallSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { clubId, tableId } = request.params;
      if (!(await loadCallableTable(app.db, clubId, tableId))) throw notFound();
      const outcome = await callWaiter(app.db, clubId, tableId);
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'coolingDown')
        throw new AppError(429, 'WAITER_CALL_TOO_SOON', {
          headers: { 'retry-after': String(outcome.state.waitSeconds) },
        });
      if (outcome.kind === 'created') {
        await app.waiterCallSignals.changed(clubId);
        return reply.status(201).send(outcome.state);
      }
      return outcome.state;
    },
  );

  app.get(
    '/waiter-calls',
    {
      config: { keepsGuestPages: true, minRole: 'staff' },
      schema: {
        tags: ['waiter calls'],
        summary: "The club's calls still to handle (open or acknowledged), oldest first",
        security,
        params: z.object({ clubId: WaiterCallParamsSchema.shape.clubId }),
        response: { 200: WaiterCallsResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ calls: await openCalls(app.db, clubIdOf(request)) }),
  );

  app.get(
    '/waiter-calls/events',
    {
      config: { keepsGuestPages: true, minRole: 'staff' },
      schema: {
        tags: ['waiter calls'],
        summary: `Live stream (server-sent events): a "${WAITER_CALLS_EVENT}" event with the club's open calls now and after every change`,
        description:
          "text/event-stream. Each event's data is the JSON of GET /clubs/{clubId}/waiter-calls. Send the bearer token in the Authorization header (fetch-based clients); a comment line every 25 seconds keeps the connection open.",
        security,
        params: z.object({ clubId: WaiterCallParamsSchema.shape.clubId }),
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const clubId = clubIdOf(request);
      const { accountId } = callerOf(request);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      stream.write('retry: 3000\n\n');
      let sending = Promise.resolve();
      let ended = false;
      const send = () => {
        // One query per change, in order: a slow read never overtakes a later one.
        sending = sending.then(async () => {
          if (ended) return;
          // Removed from the club meanwhile (its removal signals every stream): the stream ends now.
          const role = await clubRoleOf(app.db, accountId, clubId).catch(() => 'unknown' as const);
          if (role === null) return end();
          // A failed read skips this event; the next change sends the whole list again.
          const calls = await openCalls(app.db, clubId).catch((error: unknown) => {
            request.log.warn({ err: error, clubId }, 'waiter calls not read for the stream');
            return null;
          });
          if (calls && !ended)
            stream.write(`event: ${WAITER_CALLS_EVENT}\ndata: ${JSON.stringify({ calls })}\n\n`);
        });
      };
      const unsubscribe = app.waiterCallSignals.subscribe(clubId, send);
      const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        forget();
        stream.end();
      };
      const forget = app.waiterCallSignals.onShutdown(end);
      request.raw.on('close', end);
      send();
    },
  );

  for (const action of ['acknowledge', 'close'] as const)
    app.post(
      `/waiter-calls/:callId/${action}`,
      {
        config: { keepsGuestPages: true, minRole: 'staff' },
        schema: {
          tags: ['waiter calls'],
          summary:
            action === 'acknowledge'
              ? "Someone is on the way: the guest's phone says so (idempotent)"
              : 'The call is handled and leaves every screen; the table may call again after the cool-down (idempotent)',
          security,
          params: WaiterCallParamsSchema,
          response: { 204: NoContent, 404: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { clubId, callId } = request.params;
        if (!(await answerCall(app.db, clubId, callId, action))) throw notFound();
        await app.waiterCallSignals.changed(clubId);
        return reply.status(204).send(null);
      },
    );
};
