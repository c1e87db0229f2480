import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { useWebRoot } from './fixtures.ts';
import { openTestDatabase, TEST_APP_SECRET, testConfig, useTestApp } from './helpers.ts';
import { english, expectNotFoundPage, hostileClient, TOO_BIG_ID } from './hostile-fixtures.ts';

// Answers an outside fuzzing run found: hostile input must be refused as the caller's mistake (4xx in
// the documented shape), never crash the server (5xx) nor fall through to the owner app's page.
// Here: requests refused before any route's own code runs (a malformed address or body, an address that
// names nothing), and which addresses fall through to the owner app when the server serves it.

describe('hostile input', () => {
  const context = useTestApp();
  const { call } = hostileClient(context);

  describe("the framework's own refusals", () => {
    it('answers a malformed address with 400 in the error shape, translated', async () => {
      const response = await call('GET', '/api/v1/clubs/%E0%A4%A');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The request is not valid',
      });
      const italian = await context.app.inject({ method: 'GET', url: '/public/qrcodemenu/%E0%A4%A/1' });
      expect(italian.json()).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'La richiesta non è valida',
      });
    });

    it('answers a parameter over 100 characters as an address that names nothing', async () => {
      const long = '1'.repeat(101);
      const api = await call('GET', `/api/v1/clubs/${long}`);
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
      expectNotFoundPage(await call('GET', `/public/qrcodemenu/1/${long}`));
    });

    it('answers invalid JSON, a wrong content type and a body too large in the error shape', async () => {
      const login = (payload: string, contentType: string) =>
        call('POST', '/api/v1/login', { payload, headers: { 'content-type': contentType } });
      expect((await login('{"username": ', 'application/json')).json()).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The request is not valid',
      });
      expect((await login('<username/>', 'application/xml')).json()).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This content type is not supported',
      });
      const tooLarge = await login(
        JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
        'application/json',
      );
      expect(tooLarge.json()).toEqual({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request is too large',
      });
    });
  });

  describe('unknown guest addresses', () => {
    it.each(['/public/nope', '/public/qrcodemenu/1/2/3', '/public'])(
      'answers %s with the guest page',
      async (url) => {
        expectNotFoundPage(await call('GET', url));
      },
    );
  });
});

describe('the owner app fallback', () => {
  // A stand-in for the web build: these tests are about which addresses get the app, not the app.
  let app: App;
  let database: DatabaseHandle;
  const indexHtml = '<!doctype html><title>Carta</title>';
  const web = useWebRoot({ 'index.html': indexHtml });
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig({ SERVE_WEB: 'true' }),
      database,
      appSecret: TEST_APP_SECRET,
      logger: false,
      webRoot: web.path,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(['/', '/login', '/clubs/1/menu', '/users/activate?token=abc.def'])(
    'answers the app route %s with the app',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
    },
  );

  it.each(['/backup.sql', '/login.bak', '/assets/missing.js', '/api/v1/nope', '/api'])(
    'answers %s with 404 in the error shape, not the app',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: english });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        status: 404,
        code: 'ROUTE_NOT_FOUND',
        message: 'This address does not exist',
      });
    },
  );

  it.each(['/public/nope', `/public/qrcodemenu/1/${'1'.repeat(101)}`, `/public/qrcodemenu/${TOO_BIG_ID}/1`])(
    'answers the guest address %s with the guest not-found page',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expectNotFoundPage(response);
      expect(response.body).not.toBe(indexHtml);
    },
  );
});
