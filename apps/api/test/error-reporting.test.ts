import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { redactText } from '@carta/contract/error-scrubbing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { flushErrorReports, sentrySdk } from '../src/plugins/error-reporting.ts';
import { useWebRoot } from './fixtures.ts';
import { openTestDatabase, TEST_APP_SECRET, testConfig } from './helpers.ts';

// A local stand-in for Sentry: it keeps the bytes of every envelope it receives.

/** What a request to the failing test route carries: none of it may reach the endpoint. */
const SECRETS = {
  password: 'Hunter2-Very-Secret-Password',
  totp: '917364',
  token: 'tok_BearerSecret_5f1e9c0a7b',
  queryToken: 'QueryTokenSecret8d2c41',
};

type Envelope = { raw: string; items: { header: { type?: string }; payload: Record<string, unknown> }[] };

const parseEnvelope = (raw: string): Envelope => {
  const [, ...lines] = raw.split('\n').filter((line) => line.trim() !== '');
  const items: Envelope['items'] = [];
  for (let index = 0; index + 1 < lines.length; index += 2)
    items.push({ header: JSON.parse(lines[index] ?? '{}'), payload: JSON.parse(lines[index + 1] ?? '{}') });
  return { raw, items };
};

const startEndpoint = async () => {
  const envelopes: Envelope[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const bytes = request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
      envelopes.push(parseEnvelope(bytes.toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { envelopes, port, dsn: `http://public@127.0.0.1:${port}/1`, close: () => server.close() };
};

/** Every item of a type received so far. */
const itemsOf = (envelopes: Envelope[], type: string) =>
  envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === type));

/** Waits (flushing the SDK's queue) until `check` holds, or fails after the deadline. */
const waitFor = async (check: () => boolean, what: string, deadline = Date.now() + 10_000) => {
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await flushErrorReports(500);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const indexHtml = '<!doctype html><html><head><title>Carta</title></head><body></body></html>';

/** A handler that fails while holding the request's secrets, and names them in its message. */
const addFailingRoute = (app: App) => {
  app.post('/api/v1/test-failure/:clubId', async (request) => {
    const { password, totp } = request.body as { password: string; totp: string };
    const authorization = request.headers.authorization;
    throw new Error(`kaboom: ${JSON.stringify({ password, totp })} with ${authorization}`);
  });
};

const failingRequest = (app: App) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/test-failure/42?token=${SECRETS.queryToken}`,
    headers: { authorization: `Bearer ${SECRETS.token}`, cookie: `session=${SECRETS.token}` },
    payload: { password: SECRETS.password, totp: SECRETS.totp },
  });

describe('error reporting', () => {
  let database: DatabaseHandle;
  const web = useWebRoot({ 'index.html': indexHtml });
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
  const apps: App[] = [];

  const appWith = async (overrides: Record<string, string>) => {
    const app = await buildApp({
      config: testConfig({ SERVE_WEB: 'true', ...overrides }),
      database,
      appSecret: TEST_APP_SECRET,
      logger: false,
      webRoot: web.path,
    });
    apps.push(app);
    addFailingRoute(app);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    endpoint = await startEndpoint();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    endpoint?.close();
  });

  // First: once a DSN'd app ran, the SDK is loaded in this process.
  it('is off and silent without SENTRY_DSN: no SDK loaded, nothing sent, index.html and CSP unchanged', async () => {
    const load = vi.spyOn(sentrySdk, 'load');
    const app = await appWith({});
    const failed = await failingRequest(app);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.body).toBe(indexHtml);
    expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
    await app.close();
    expect(load).not.toHaveBeenCalled();
    // No client was ever set up in this process.
    expect((globalThis as { __SENTRY__?: unknown }).__SENTRY__).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(endpoint.envelopes).toEqual([]);
    load.mockRestore();
  });

  it('defaults to a 0.1 trace sample and the server environment once a DSN is set', () => {
    expect(testConfig({ SENTRY_DSN: endpoint.dsn }).errorReporting).toEqual({
      dsn: endpoint.dsn,
      tracesSampleRate: 0.1,
      environment: 'test',
    });
    expect(testConfig().errorReporting).toBeUndefined();
    expect(() => testConfig({ SENTRY_DSN: 'http://127.0.0.1/1' })).toThrow(/SENTRY_DSN/);
    expect(() => testConfig({ SENTRY_DSN: endpoint.dsn, SENTRY_TRACES_SAMPLE_RATE: '2' })).toThrow(
      /SENTRY_TRACES_SAMPLE_RATE/,
    );
  });

  it('sends a 500 to the endpoint with its route and no password, code, token or cookie; not a 4xx', async () => {
    const app = await appWith({
      SENTRY_DSN: endpoint.dsn,
      SENTRY_TRACES_SAMPLE_RATE: '1',
      SENTRY_ENVIRONMENT: 'staging',
    });
    // Expected refusals first: none of them is reported.
    const refused = await Promise.all([
      app.inject({
        method: 'GET',
        url: '/api/v1/clubs',
        headers: { authorization: `Bearer ${SECRETS.token}` },
      }),
      app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      app.inject({ method: 'GET', url: `/api/v1/users/activate?token=${SECRETS.queryToken}` }),
      app.inject({ method: 'GET', url: '/public/qrcodemenu/999999/777777' }),
    ]);
    expect(refused.map((response) => response.statusCode)).toEqual([401, 404, 400, 404]);

    const failed = await failingRequest(app);
    expect(failed.statusCode).toBe(500);
    await waitFor(() => itemsOf(endpoint.envelopes, 'event').length > 0, 'the error event');
    await flushErrorReports();

    const events = itemsOf(endpoint.envelopes, 'event');
    expect(events).toHaveLength(1);
    const event = events[0]?.payload as {
      exception: { values: { type: string; value: string }[] };
      environment: string;
      transaction: string;
      tags: Record<string, string>;
      request?: unknown;
      user?: unknown;
    };
    expect(event.exception.values.at(-1)?.type).toBe('Error');
    expect(event.exception.values.at(-1)?.value).toContain('kaboom');
    expect(event.environment).toBe('staging');
    expect(event.transaction).toBe('POST /api/v1/test-failure/:clubId');
    expect(event.tags).toMatchObject({
      'http.route': '/api/v1/test-failure/:clubId',
      'http.status_code': '500',
    });
    expect(event.tags.request_id).toBe(failed.headers['x-request-id']);
    expect(event.request).toBeUndefined();
    expect(event.user).toBeUndefined();

    // Every request is a transaction at rate 1, named by its route template, never by its address.
    await waitFor(() => itemsOf(endpoint.envelopes, 'transaction').length >= 5, 'the transactions');
    const names = itemsOf(endpoint.envelopes, 'transaction').map((item) => item.payload.transaction);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/v1/clubs',
        'GET /api/v1/users/activate',
        'GET /public/qrcodemenu/:clubId/:tableId',
        'POST /api/v1/test-failure/:clubId',
      ]),
    );

    const everything = endpoint.envelopes.map((envelope) => envelope.raw).join('\n');
    // Nor a guest's table ids, address or browser.
    for (const secret of [...Object.values(SECRETS), '999999', '777777'])
      expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/ip_address|user-agent|lightMyRequest|cookie/i);
    // One SDK client per process: this one goes before the next test sets up its own.
    await app.close();
  });

  it('tells the owner app where to report, and lets it reach only that origin besides its own', async () => {
    const app = await appWith({ SENTRY_DSN: endpoint.dsn });
    const page = await app.inject({ method: 'GET', url: '/clubs/1/menu' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta name="carta-sentry-dsn" content="${endpoint.dsn}" />`);
    expect(page.body).toContain('<meta name="carta-sentry-traces-sample-rate" content="0.1" />');
    expect(page.body).toMatch(/<head><title>Carta<\/title><meta .*<\/head><body><\/body>/);
    expect(page.headers['content-security-policy']).toContain(
      `connect-src 'self' http://127.0.0.1:${endpoint.port};`,
    );
    const guest = await app.inject({ method: 'GET', url: '/public/qrcodemenu/999999/1' });
    expect(guest.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(guest.body).not.toContain('carta-sentry');
  });

  it('redacts credentials and queries from any text it sends', () => {
    expect(redactText('failed with Bearer abc.DEF-123_x and {"password":"p\\"w","code":"123456"}')).toBe(
      'failed with Bearer [redacted] and {"password":"[redacted]","code":"[redacted]"}',
    );
    expect(redactText('GET https://carta.example/password/reset?token=abc#x')).toBe(
      'GET https://carta.example/password/reset#x',
    );
    expect(redactText('totp=123456&name=x')).toBe('totp=[redacted]&name=x');
  });
});
