import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const CHANNEL = 'carta_waiter_calls';

type Listener = () => void;

/**
 * "The calls of club N changed", heard by the owner app's live streams in every server process: here
 * directly, elsewhere through PostgreSQL NOTIFY (the embedded database has one process, so no NOTIFY).
 */
export type WaiterCallSignals = {
  /** Calls `listener` after each change to the club's calls; answers the function that stops it. */
  subscribe: (clubId: number, listener: Listener) => () => void;
  changed: (clubId: number) => Promise<void>;
  /** Ends every open stream (server shutting down). */
  onShutdown: (stop: () => void) => () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    waiterCallSignals: WaiterCallSignals;
  }
}

export const waiterCallSignalsPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners = new Map<number, Set<Listener>>();
    const shutdowns = new Set<() => void>();
    // This process's own signals come back through LISTEN too; its id tells them apart.
    const processId = randomUUID();
    const emit = (clubId: number) => {
      for (const listener of listeners.get(clubId) ?? []) listener();
    };

    const stop = app.database.listen
      ? await app.database.listen(
          CHANNEL,
          (payload) => {
            const [from, clubId] = payload.split(':');
            if (from !== processId && clubId) emit(Number(clubId));
          },
          () => {
            // The LISTEN connection was lost and is back: calls made through other processes meanwhile
            // sent signals nobody heard, so every open stream reads its club's calls again.
            app.log.info({ clubs: listeners.size }, 'waiter call signals heard again: open streams re-read');
            for (const clubId of listeners.keys()) emit(clubId);
          },
        )
      : null;
    app.addHook('preClose', async () => {
      for (const shutdown of shutdowns) shutdown();
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });

    app.decorate('waiterCallSignals', {
      subscribe: (clubId, listener) => {
        const set = listeners.get(clubId) ?? new Set();
        set.add(listener);
        listeners.set(clubId, set);
        return () => {
          set.delete(listener);
          if (set.size === 0) listeners.delete(clubId);
        };
      },
      changed: async (clubId) => {
        emit(clubId);
        // The call is saved and this process's streams have it; other processes' screens catch up at
        // their next change, so a lost signal is logged, not answered as an error.
        if (app.database.listen)
          await app.db
            .execute(sql`select pg_notify(${CHANNEL}, ${`${processId}:${clubId}`})`)
            .catch((error: unknown) => app.log.warn({ err: error, clubId }, 'waiter call signal not sent'));
      },
      onShutdown: (shutdown) => {
        shutdowns.add(shutdown);
        return () => shutdowns.delete(shutdown);
      },
    } satisfies WaiterCallSignals);
  },
  { name: 'waiter-call-signals', dependencies: ['database'] },
);
