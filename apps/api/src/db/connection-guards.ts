// What keeps a PostgreSQL connection from ending the process or hanging a request when its server goes away.
import type pg from 'pg';
import { DatabaseUnavailableError } from '../lib/db-errors.ts';

/**
 * A pg client whose socket errors are handled: node-postgres emits `error` on a client whose server went
 * away (also while a transaction holds it, when the pool's own listener is off), and an `error` event
 * nobody listens to ends the process. The failure still rejects the query in flight, and the pool drops a
 * client that failed when it is released.
 */
export const ignoreSocketErrors = (client: pg.Client | pg.PoolClient) => {
  client.on('error', () => {});
};

/** How long past `statement_timeout` a statement may go unanswered before its connection is given up. */
export const SILENCE_MARGIN_MS = 2_000;

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Gives up a connection whose server says nothing for `ms` after a statement was sent: a server that is
 * alive cancels the statement itself at `statement_timeout`, so silence past it means the server or the
 * network between went away without closing the socket (a partition, a frozen host), which TCP would
 * notice only after minutes. The socket is destroyed as if lost: the statement and any queued behind it
 * fail ("Connection terminated", 503), and the pool drops the connection when it is released.
 */
export const endWhenSilent = (client: pg.PoolClient, ms: number) => {
  const query = client.query.bind(client) as QueryFunction;
  const socket = () =>
    (client as unknown as { connection?: { stream?: { destroy: (error?: Error) => void } } }).connection
      ?.stream;
  const guarded: QueryFunction = (...args) => {
    const timer = setTimeout(() => {
      socket()?.destroy(new Error(`Connection terminated: no answer from the server within ${ms} ms`));
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    const last = args.at(-1);
    if (typeof last === 'function') {
      // The callback form (pg-pool's own `pool.query`).
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as QueryFunction)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  };
  (client as unknown as { query: QueryFunction }).query = guarded;
};

export const withDeadline = async <Value>(work: Promise<Value>, ms: number, what: string): Promise<Value> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};
