import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { headerOptionsOf, permissionsPolicyOf, surfaceOf } from '../src/plugins/security-headers.ts';
import { useWebRoot } from './fixtures.ts';
import { openTestDatabase, seedClub, seedOwner, TEST_APP_SECRET, testConfig, useTestApp } from './helpers.ts';

type Headers = Record<string, unknown>;

/** The directives of a Content-Security-Policy header, by name. */
const directives = (headers: Headers) =>
  new Map(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

/** What every answer carries, whatever its surface. */
const expectEverywhere = (headers: Headers) => {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(directives(headers).get('frame-ancestors')).toBe("'none'");
};

const API_POLICY = "default-src 'none';frame-ancestors 'none'";

describe('security headers', () => {
  const context = useTestApp();

  it('lock a guest page to its own files: external script, service worker, theme styles inline', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id, { freeForever: true });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      context.app.inject({
        method,
        url: `/api/v1/clubs/${club.id}${url}`,
        headers: { authorization: owner.authorization },
        ...(payload ? { payload } : {}),
      });
    const { tables } = (await call('PUT', '/tables', { tables: [{ name: '7' }] })).json();
    const themes = (await call('GET', '/themes')).json();
    await call('PATCH', '', { themeId: themes[0].id });
    const menu = (await call('POST', '/menu', { name: 'Cena' })).json();
    const response = await context.app.inject({
      method: 'GET',
      url: `/public/menu/${club.id}/${tables[0].id}/${menu.id}`,
    });
    expect(response.statusCode).toBe(200);
    expectEverywhere(response.headers);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(Object.fromEntries(directives(response.headers))).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
      'worker-src': "'self'",
      'manifest-src': "'self'",
    });
    // script-src has no 'unsafe-inline' and no hash: every script of the page must be a file. The
    // structured data (`application/ld+json`, 0087) is a data block browsers never run, so CSP leaves it be.
    const scripts = (response.body.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes('type="application/ld+json"'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/public\/assets\/[^"]+"/);
    expect(response.body).toMatch(/<html [^>]*style="--bg:/);

    const worker = await context.app.inject({ method: 'GET', url: '/public/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(directives(worker.headers).get('connect-src')).toBe("'self'");
    const notFound = await context.app.inject({ method: 'GET', url: '/public/qrcodemenu/999999/1' });
    expect(notFound.statusCode).toBe(404);
    expectEverywhere(notFound.headers);
    expect(notFound.headers['referrer-policy']).toBe('no-referrer');
    // Too long for the router: answered before any hook runs, with the same headers.
    const refused = await context.app.inject({ method: 'GET', url: `/public/menu/${'1'.repeat(200)}/1/1` });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
    expect(refused.headers['referrer-policy']).toBe('no-referrer');
  });

  it('forbid everything to an API answer, a success or an error', async () => {
    const health = await context.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toContain('application/json');
    expect(health.headers['content-security-policy']).toBe(API_POLICY);
    expect(health.headers['referrer-policy']).toBe('no-referrer');
    expect(health.headers['cross-origin-resource-policy']).toBe('same-origin');
    expectEverywhere(health.headers);

    const errors = await Promise.all(
      [
        '/api/v1/clubs', // 401: no session
        '/api/v1/nothing-here', // 404
        '/api/v1/health?password=secret', // 400, refused by an onRequest hook of app.ts
        '/api/v1/clubs/%E0%A4%A', // a malformed address, refused before any hook runs
      ].map((url) => context.app.inject({ method: 'GET', url })),
    );
    expect(errors.map((response) => response.statusCode)).toEqual([401, 404, 400, 400]);
    for (const response of errors) {
      expect(response.headers['content-security-policy']).toBe(API_POLICY);
      expectEverywhere(response.headers);
    }
  });

  it('serve stored images under the API policy, usable by another site as before', async () => {
    const key = `img/${'ab'.repeat(12)}.png`;
    await context.app.storage.put(key, Buffer.from('not really a png'), 'image/png');
    const image = await context.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-security-policy']).toBe(API_POLICY);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expectEverywhere(image.headers);
    const missing = await context.app.inject({ method: 'GET', url: `/files/img/${'cd'.repeat(12)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(API_POLICY);
  });

  it('give the API docs (Swagger UI) a page policy of their own', async () => {
    const docs = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.body).toContain('swagger-initializer.js');
    expect(docs.statusCode).toBe(200);
    expectEverywhere(docs.headers);
    const policy = directives(docs.headers);
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(docs.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('tell surfaces apart by address', () => {
    expect(surfaceOf('/')).toBe('ownerApp');
    expect(surfaceOf('/login?next=/api/v1')).toBe('ownerApp');
    expect(surfaceOf('/apiary')).toBe('ownerApp');
    expect(surfaceOf('/assets/index-abc.js')).toBe('ownerApp');
    expect(surfaceOf('/public/menu/1/2/3?lang=en')).toBe('guestPages');
    expect(surfaceOf('/public/sw.js')).toBe('guestPages');
    expect(surfaceOf('/api/docs')).toBe('apiDocs');
    expect(surfaceOf('/api/docs/static/swagger-ui.css')).toBe('apiDocs');
    expect(surfaceOf('/api/v1/openapi.json')).toBe('api');
    expect(surfaceOf('/files/img/x.png')).toBe('files');
  });

  it('let the owner app reach the S3 bucket it uploads images to, and nothing else', () => {
    const config = testConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'https://bucket-host.example.com/some/path',
      S3_BUCKET: 'carta',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    const policy = headerOptionsOf('ownerApp', config).contentSecurityPolicy;
    expect(policy).toMatchObject({
      directives: { 'connect-src': ["'self'", 'https://bucket-host.example.com'] },
    });
    expect(headerOptionsOf('guestPages', config).contentSecurityPolicy).toMatchObject({
      directives: { 'connect-src': ["'self'"] },
    });
  });

  it('let the owner app send its error reports to the DSN origin, only when SENTRY_DSN is set', () => {
    const config = testConfig({ SENTRY_DSN: 'https://public@o1.ingest.example.com:8443/42' });
    expect(headerOptionsOf('ownerApp', config).contentSecurityPolicy).toMatchObject({
      directives: { 'connect-src': ["'self'", 'https://o1.ingest.example.com:8443'] },
    });
    for (const surface of ['guestPages', 'apiDocs'] as const)
      expect(headerOptionsOf(surface, config).contentSecurityPolicy).toMatchObject({
        directives: { 'connect-src': ["'self'"] },
      });
    expect(headerOptionsOf('ownerApp', testConfig()).contentSecurityPolicy).toMatchObject({
      directives: { 'connect-src': ["'self'"] },
    });
  });
  it("allow Stripe's origins to the owner app only when Stripe takes the payments", () => {
    const stripe = testConfig({
      STRIPE_SECRET_KEY: 'sk_test_carta',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_carta',
      STRIPE_WEBHOOK_SECRET: 'whsec_carta',
    });
    expect(headerOptionsOf('ownerApp', stripe).contentSecurityPolicy).toMatchObject({
      directives: {
        'script-src': ["'self'", 'https://js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
      },
    });
    expect(permissionsPolicyOf(stripe)).toContain('payment=(self "https://js.stripe.com")');
    for (const surface of ['guestPages', 'apiDocs'] as const)
      expect(headerOptionsOf(surface, stripe).contentSecurityPolicy).toMatchObject({
        directives: { 'script-src': ["'self'"], 'connect-src': ["'self'"] },
      });
    const sandbox = headerOptionsOf('ownerApp', testConfig()).contentSecurityPolicy as {
      directives: Record<string, string[]>;
    };
    expect(JSON.stringify(sandbox.directives)).not.toContain('stripe');
    expect(permissionsPolicyOf(testConfig())).toContain('payment=()');
  });

  it('refuse a Stripe key without its publishable key and webhook secret', () => {
    expect(() => testConfig({ STRIPE_SECRET_KEY: 'sk_test_carta' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: required/,
    );
    expect(() =>
      testConfig({ STRIPE_SECRET_KEY: 'sk_test_carta', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
  });
});

describe('security headers of the owner app', () => {
  let database: DatabaseHandle;
  const apps: App[] = [];
  const indexHtml =
    '<!doctype html><title>Carta</title><script type="module" src="/assets/index.js"></script>';
  const web = useWebRoot({ 'index.html': indexHtml });

  const appWith = async (overrides: Record<string, string> = {}) => {
    const app = await buildApp({
      config: testConfig({ SERVE_WEB: 'true', ...overrides }),
      database,
      appSecret: TEST_APP_SECRET,
      logger: false,
      webRoot: web.path,
    });
    apps.push(app);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('never let the owner app be framed, and allow it only its own files, blob: images and emotion styles', async () => {
    const app = await appWith();
    for (const url of ['/', '/login', '/clubs/1/menu']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
      expectEverywhere(response.headers);
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(Object.fromEntries(directives(response.headers))).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob:",
        'font-src': "'self'",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
    }
    // A missing file of the app is a JSON 404, still under the headers.
    const missing = await app.inject({ method: 'GET', url: '/assets/missing-abc.js' });
    expect(missing.statusCode).toBe(404);
    expectEverywhere(missing.headers);
  });

  it('pin browsers to https only when the public address is https', async () => {
    const secure = await appWith({ PUBLIC_URL: 'https://carta.example.com' });
    for (const url of ['/', '/api/v1/health', '/public/qrcodemenu/999999/1']) {
      const response = await secure.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    }
    const plain = await appWith({ PUBLIC_URL: 'http://carta.example.com' });
    for (const url of ['/', '/api/v1/health', '/public/qrcodemenu/999999/1']) {
      const response = await plain.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
