import { createHash, timingSafeEqual } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';
import { mailRetries } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

/** What the pool reports (`DatabaseHandle.poolStats`): connections open, idle, and callers waiting for one. */
type PoolStats = { total: number; idle: number; waiting: number };
type ListenerState = 'connected' | 'reconnecting' | 'none';
/**
 * The pool and LISTEN readings of the database handle (db/client.ts). Read as optional so that a handle
 * without them reports zeros instead of failing the scrape.
 */
type DatabaseReadings = { poolStats?: () => PoolStats; listenerState?: () => ListenerState };

/** The counters other code adds to; everything else here is read at scrape time. */
export type Metrics = {
  /** This app's registry: never prom-client's global one (tests build many apps in one process). */
  registry: Registry;
  http: {
    requests: Counter<'route' | 'method' | 'status'>;
    durationSeconds: Histogram<'route' | 'method' | 'status'>;
  };
  /** Timed jobs (lib/repeat.ts): one run per round, one failure per round that threw. */
  jobs: { runs: Counter<'job'>; failures: Counter<'job'> };
  /** The guest pages' in-memory cache (plugins/guest-cache.ts). */
  guestCache: {
    hits: Counter;
    misses: Counter;
    renders: Counter;
    renderSeconds: Histogram;
    /** Bytes of kept pages, set by the cache. */
    keptBytes: Gauge;
    /** Kept pages served while the database was unavailable. */
    staleServed: Counter;
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** A scrape that waits longer than this for the queue count reports it as unknown instead. */
const QUERY_TIMEOUT_MS = 2_000;
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A guest page's render: ~0.1 ms for a small page to tens of ms for a large menu on a busy machine. */
const RENDER_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05];
const LISTENER_STATES: ListenerState[] = ['connected', 'reconnecting', 'none'];

/** The metrics every app has, in `registry`. */
const createMetrics = (registry: Registry): Metrics => {
  const registers = [registry];
  const labelNames = ['route', 'method', 'status'] as const;
  return {
    registry,
    http: {
      requests: new Counter({
        name: 'carta_http_requests_total',
        help: 'HTTP requests answered, by route pattern (unknown: no route), method and status.',
        labelNames,
        registers,
      }),
      durationSeconds: new Histogram({
        name: 'carta_http_request_duration_seconds',
        help: 'Time from a request received to its answer sent, by route pattern, method and status.',
        labelNames,
        buckets: HTTP_BUCKETS,
        registers,
      }),
    },
    jobs: {
      runs: new Counter({
        name: 'carta_job_runs_total',
        help: 'Rounds of a timed job (billing, mail retries, sweeps) started, by job.',
        labelNames: ['job'],
        registers,
      }),
      failures: new Counter({
        name: 'carta_job_failures_total',
        help: 'Rounds of a timed job that failed, by job.',
        labelNames: ['job'],
        registers,
      }),
    },
    guestCache: {
      hits: new Counter({
        name: 'carta_guest_cache_hits_total',
        help: 'Guest pages and answers sent from the in-memory cache.',
        registers,
      }),
      misses: new Counter({
        name: 'carta_guest_cache_misses_total',
        help: 'Guest pages and answers not in the in-memory cache.',
        registers,
      }),
      renders: new Counter({
        name: 'carta_guest_cache_renders_total',
        help: 'Guest pages and answers rendered (read from the database, rendered, compressed).',
        registers,
      }),
      renderSeconds: new Histogram({
        name: 'carta_guest_cache_render_seconds',
        help: 'Time to render a guest page or answer on a cache miss.',
        buckets: RENDER_BUCKETS,
        registers,
      }),
      keptBytes: new Gauge({
        name: 'carta_guest_cache_kept_bytes',
        help: 'Bytes of guest pages and answers kept in memory, every encoding included.',
        registers,
      }),
      staleServed: new Counter({
        name: 'carta_guest_cache_stale_served_total',
        help: 'Kept guest pages served while the database was unavailable.',
        registers,
      }),
    },
  };
};

/** Gauges read when scraped: the database pool, the LISTEN connection and the mail retry queue. */
const addScrapeTimeGauges = (app: FastifyInstance, registry: Registry) => {
  const readings = () => app.database as DatabaseHandle & DatabaseReadings;
  const registers = [registry];
  new Gauge({
    name: 'carta_db_pool_connections_in_use',
    help: 'Database pool connections running a query or a transaction.',
    registers,
    collect() {
      const stats = readings().poolStats?.();
      this.set(stats ? stats.total - stats.idle : 0);
    },
  });
  new Gauge({
    name: 'carta_db_pool_connections_idle',
    help: 'Database pool connections open and idle.',
    registers,
    collect() {
      this.set(readings().poolStats?.().idle ?? 0);
    },
  });
  new Gauge({
    name: 'carta_db_pool_waiting',
    help: 'Queries waiting for a free database pool connection.',
    registers,
    collect() {
      this.set(readings().poolStats?.().waiting ?? 0);
    },
  });
  new Gauge({
    name: 'carta_db_listener_state',
    help: "State of the PostgreSQL LISTEN connection (other processes' signals): 1 for the current one.",
    labelNames: ['state'],
    registers,
    collect() {
      const current = readings().listenerState?.() ?? 'none';
      for (const state of LISTENER_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: 'carta_mail_retry_queue',
    help: 'Emails waiting to be sent again (mail_retries); NaN when the database did not answer.',
    registers,
    async collect() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), QUERY_TIMEOUT_MS);
      });
      try {
        const [row] = await Promise.race([app.db.select({ queued: count() }).from(mailRetries), timeout]);
        this.set(row?.queued ?? 0);
      } catch (error) {
        // The scrape still answers: the other metrics matter most when the database is in trouble.
        app.log.warn({ err: error }, 'mail retry queue not counted');
        this.set(Number.NaN);
      } finally {
        clearTimeout(timer);
      }
    },
  });
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
const isAuthorized = (request: FastifyRequest, expected: Buffer) => {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  // Hashes have one length whatever was sent: timingSafeEqual tells nothing about the token's length.
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
};

/**
 * Prometheus metrics (docs/decisions/0060-metrics.md). `app.metrics` always exists, for other code to
 * count; `GET /metrics` is served only with a token (`METRICS_TOKEN`), to that bearer token only, and is
 * left out of the OpenAPI document. Without a token the address is unknown, as any other.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { token }: { token: string | undefined }) => {
    const registry = new Registry();
    const metrics = createMetrics(registry);
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        route: request.routeOptions.url ?? 'unknown',
        method: request.method,
        status: String(reply.statusCode),
      };
      metrics.http.requests.inc(labels);
      metrics.http.durationSeconds.observe(labels, reply.elapsedTime / 1000);
    });

    if (!token) return;
    // Process metrics start a GC observer and an event-loop monitor that live as long as the process:
    // only where someone reads them.
    collectDefaultMetrics({ register: registry });
    addScrapeTimeGauges(app, registry);
    const expected = digest(token);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!isAuthorized(request, expected))
        throw new AppError(401, 'UNAUTHORIZED', { headers: { 'www-authenticate': 'Bearer' } });
      const body = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
