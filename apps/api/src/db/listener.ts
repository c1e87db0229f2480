import pg from 'pg';

/** The LISTEN connection is made again after 0.5 s, then 1, 2, 4, 8 and every 10 s. */
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 10_000;
/** How long making a dedicated connection (LISTEN, migrations) may take. */
export const DIRECT_CONNECT_TIMEOUT_MS = 10_000;

type Subscription = { onMessage: (payload: string) => void; onReconnected: (() => void) | undefined };

/**
 * The process's one LISTEN connection, for every channel: made on the first `listen`, made again after
 * losing the server (backoff from 0.5 s to 10 s) with every channel LISTENed again, then each
 * subscriber's `onReconnected` is called. Ended when the last subscriber stops.
 */
export const createListener = (url: string) => {
  const channels = new Map<string, Set<Subscription>>();
  let client: pg.Client | undefined;
  /** Channels LISTENed on `client`. */
  let listened = new Set<string>();
  let connecting: Promise<boolean> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_FIRST_MS;

  const deliver = (message: pg.Notification) => {
    for (const subscription of channels.get(message.channel) ?? [])
      subscription.onMessage(message.payload ?? '');
  };

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = undefined;
    listened = new Set();
    void which.end().catch(() => {});
    if (channels.size > 0) schedule();
  };

  const connect = (): Promise<boolean> => {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: DIRECT_CONNECT_TIMEOUT_MS,
        keepAlive: true,
      });
      // Its socket errors are handled here: a lost server is a reconnection, never an exit.
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      next.on('notification', deliver);
      const names = new Set<string>();
      try {
        await next.connect();
        for (const channel of channels.keys()) {
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          names.add(channel);
        }
      } catch {
        await next.end().catch(() => {});
        return false;
      }
      if (channels.size === 0) {
        // Everyone stopped while it was being made.
        await next.end().catch(() => {});
        return false;
      }
      client = next;
      listened = names;
      delay = LISTEN_RETRY_FIRST_MS;
      return true;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  let lastAttemptAt = 0;
  const attempt = async () => {
    retry = undefined;
    if (client || channels.size === 0) return;
    lastAttemptAt = Date.now();
    if (!(await connect())) return schedule();
    // Signals sent while no connection listened are lost: every subscriber re-reads.
    for (const subscriptions of channels.values())
      for (const subscription of subscriptions) {
        try {
          subscription.onReconnected?.();
        } catch {
          // One subscriber's failure must not keep the others stale.
        }
      }
  };

  const schedule = () => {
    if (retry || channels.size === 0) return;
    const wait = delay;
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
    retry = setTimeout(() => void attempt(), wait);
    retry.unref();
  };

  /**
   * The pool has just made a connection, so the server may be back: try now rather than at the end of
   * a wait that may have grown to 10 s (at most once per 0.5 s).
   */
  const kick = () => {
    if (!retry || client || connecting || Date.now() - lastAttemptAt < LISTEN_RETRY_FIRST_MS) return;
    clearTimeout(retry);
    void attempt();
  };

  const listen = async (
    channel: string,
    onMessage: (payload: string) => void,
    onReconnected?: () => void,
  ): Promise<() => Promise<void>> => {
    const subscription: Subscription = { onMessage, onReconnected };
    const subscriptions = channels.get(channel) ?? new Set();
    subscriptions.add(subscription);
    channels.set(channel, subscriptions);
    if (!client && !retry) {
      // The first connection: when the server does not answer now, it is made again in the background
      // (the caller starts anyway; its `onReconnected` runs once the connection is up).
      if (!(await connect())) schedule();
    } else if (connecting) await connecting;
    const current = client;
    if (current && !listened.has(channel)) {
      listened.add(channel);
      // A failure here is a lost connection: `lost` makes it again, with this channel.
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => lost(current));
    }
    return async () => {
      subscriptions.delete(subscription);
      if (subscriptions.size > 0) return;
      channels.delete(channel);
      const open = client;
      if (channels.size > 0) {
        if (open && listened.delete(channel))
          await open.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => lost(open));
        return;
      }
      await stop();
    };
  };

  const stop = async () => {
    channels.clear();
    clearTimeout(retry);
    retry = undefined;
    const open = client;
    client = undefined;
    listened = new Set();
    await open?.end().catch(() => {});
  };

  const state = (): 'connected' | 'reconnecting' | 'none' => {
    if (channels.size === 0) return 'none';
    return client ? 'connected' : 'reconnecting';
  };

  return { listen, state, stop, kick };
};
