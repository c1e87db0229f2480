import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { useWebRoot } from './fixtures.ts';
import { openTestDatabase, TEST_APP_SECRET, testConfig } from './helpers.ts';
import { waitFor } from './server-process.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('metrics', () => {
  let database: DatabaseHandle;
  const apps: App[] = [];
  const indexHtml = '<!doctype html><title>Carta</title>';
  const web = useWebRoot({ 'index.html': indexHtml });

  /** An app serving a stand-in owner app, as production does, so /metrics must not fall into it. */
  const appWith = async (
    overrides: Record<string, string> = {},
    handle = database,
    isRunningJobs = false,
  ) => {
    const app = await buildApp({
      config: testConfig({ SERVE_WEB: 'true', ...overrides }),
      database: handle,
      appSecret: TEST_APP_SECRET,
      isRunningJobs,
      logger: false,
      webRoot: web.path,
    });
    apps.push(app);
    await app.ready();
    return app;
  };

  const scrape = (app: App, authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('answer 401 in the API error shape to an anonymous caller and to a wrong token', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(app, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ status: 401, code: 'UNAUTHORIZED', message: expect.any(String) });
      expect(response.body).not.toContain('carta_');
    }
  });

  it('answer the token with the Prometheus text format: requests by route pattern, process, pool, queue, cache', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    await app.inject({ method: 'GET', url: '/api/v1/health' });
    await app.inject({ method: 'GET', url: '/api/v1/health' });
    await app.inject({ method: 'GET', url: '/api/v1/clubs/12345/stats/views' });
    await app.inject({ method: 'POST', url: '/no/such/route/4242' });
    app.metrics.guestCache.hits.inc(3);
    app.metrics.guestCache.renderSeconds.observe(0.004);
    app.metrics.jobs.runs.inc({ job: 'billing' });

    const response = await scrape(app, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    for (const name of [
      'carta_http_requests_total',
      'carta_http_request_duration_seconds',
      'carta_job_runs_total',
      'carta_job_failures_total',
      'carta_guest_cache_hits_total',
      'carta_guest_cache_misses_total',
      'carta_guest_cache_renders_total',
      'carta_guest_cache_render_seconds',
      'carta_guest_cache_kept_bytes',
      'carta_guest_cache_stale_served_total',
      'carta_db_pool_connections_in_use',
      'carta_db_pool_connections_idle',
      'carta_db_pool_waiting',
      'carta_db_listener_state',
      'carta_mail_retry_queue',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(body, name).toContain(`# HELP ${name} `);
    expect(body).toContain('carta_http_requests_total{route="/api/v1/health",method="GET",status="200"} 2');
    // The route's pattern, never the address asked for.
    expect(body).toContain(
      'carta_http_requests_total{route="/api/v1/clubs/:clubId/stats/views",method="GET",status="401"} 1',
    );
    // Labels only: a sample's value (an event-loop lag of 0.012345 s) may hold any digits.
    expect(body).not.toMatch(/\{[^}\n]*12345/);
    expect(body).toContain('carta_http_requests_total{route="unknown",method="POST",status="404"} 1');
    expect(body).not.toMatch(/\{[^}\n]*4242/);
    expect(body).toMatch(
      /^carta_http_request_duration_seconds_count\{route="\/api\/v1\/health",method="GET",status="200"\} 2$/m,
    );
    expect(body).toContain('carta_guest_cache_hits_total 3');
    expect(body).toContain('carta_guest_cache_render_seconds_bucket{le="0.005"} 1');
    expect(body).toContain('carta_job_runs_total{job="billing"} 1');
    expect(body).toMatch(/^carta_mail_retry_queue \d+$/m);
    // One state is the current one; the embedded database has no LISTEN connection.
    expect(body.match(/^carta_db_listener_state\{state="\w+"\} 1$/gm)).toHaveLength(1);
    if (database.kind === 'pglite') expect(body).toContain('carta_db_listener_state{state="none"} 1');
  });

  it('count the rounds of every timed job by its name', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN }, database, true);
    const jobs = [
      'billing',
      'mail-retries',
      'uploads-sweep',
      'page-view-rollup',
      'unconfirmed-sign-ups-sweep',
    ];
    // Each job's first round starts when the server is ready.
    await waitFor(
      'a round of every job',
      async () => {
        const body = (await scrape(app, `Bearer ${TOKEN}`)).body;
        return jobs.every((job) =>
          new RegExp(`^carta_job_runs_total\\{job="${job}"\\} [1-9]`, 'm').test(body),
        );
      },
      20_000,
      50,
    );
    const body = (await scrape(app, `Bearer ${TOKEN}`)).body;
    for (const job of jobs)
      expect(body).not.toMatch(new RegExp(`carta_job_failures_total\\{job="${job}"\\} [1-9]`));
  });

  it('read the pool and the LISTEN connection when scraped, and answer even when the queue is not counted', async () => {
    const failingDb = new Proxy(database.db, {
      get: (target, property) => {
        if (property === 'select')
          return () => {
            throw new Error('database unavailable');
          };
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    let poolStats = { total: 7, idle: 3, waiting: 2 };
    const handle = Object.assign({}, database, {
      db: failingDb,
      poolStats: () => poolStats,
      listenerState: () => 'reconnecting' as const,
    }) as DatabaseHandle;
    const app = await appWith({ METRICS_TOKEN: TOKEN }, handle);
    const body = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/^carta_db_pool_connections_in_use 4$/m);
    expect(body).toMatch(/^carta_db_pool_connections_idle 3$/m);
    expect(body).toMatch(/^carta_db_pool_waiting 2$/m);
    expect(body).toContain('carta_db_listener_state{state="reconnecting"} 1');
    expect(body).toContain('carta_db_listener_state{state="connected"} 0');
    // prom-client writes Nan; Prometheus reads NaN in any case.
    expect(body).toMatch(/^carta_mail_retry_queue nan$/im);
    poolStats = { total: 10, idle: 0, waiting: 9 };
    const next = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(next).toMatch(/^carta_db_pool_connections_in_use 10$/m);
    expect(next).toMatch(/^carta_db_pool_waiting 9$/m);
  });

  it('leave /metrics unknown without a token: the JSON 404, never the owner app', async () => {
    const app = await appWith();
    for (const url of ['/metrics', '/metrics/', '/metrics?x=1']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND' });
      expect(response.body).not.toContain('<title>Carta</title>');
    }
    // The owner app is still served at its own addresses, and the counters exist for other code.
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toBe(indexHtml);
    expect(app.metrics.guestCache.hits).toBeDefined();
  });

  it('keep each app its own registry and the endpoint out of the OpenAPI document', async () => {
    const [first, second] = [
      await appWith({ METRICS_TOKEN: TOKEN }),
      await appWith({ METRICS_TOKEN: TOKEN }),
    ];
    expect(first.metrics.registry).not.toBe(second.metrics.registry);
    first.metrics.guestCache.misses.inc();
    expect((await scrape(second, `Bearer ${TOKEN}`)).body).toContain('carta_guest_cache_misses_total 0');
    const document = (await first.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  it('refuse a token shorter than 16 characters or with spaces', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() => testConfig({ METRICS_TOKEN: 'has a space in the middle' })).toThrow(/METRICS_TOKEN/);
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(testConfig().metricsToken).toBeUndefined();
  });
});
