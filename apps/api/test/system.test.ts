import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openTestDatabase, TEST_APP_SECRET, testConfig, useTestApp } from './helpers.ts';

describe('health', () => {
  const context = useTestApp();

  it('answers ok when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 in the error shape when the database does not answer', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, appSecret: TEST_APP_SECRET, logger: false });
    await database.close();
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'accept-language': 'en' },
    });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: 'The service cannot reach its data right now: try again in a few seconds',
    });
  });
});

describe('public config', () => {
  const context = useTestApp();

  it('tells the app its legal links, support address and build', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.privacyUrl).toMatch(/^https:\/\//);
    expect(body.cookieUrl).toMatch(/^https:\/\//);
    expect(body.termsUrl).toMatch(/^https:\/\//);
    expect(body.supportEmail).toContain('@');
    expect(response.headers['x-carta-build']).toBe(body.build);
  });
});

describe('OpenAPI document', () => {
  const context = useTestApp();

  it('is valid OpenAPI 3.1 and describes the API routes', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/health',
        '/api/v1/config',
        '/api/v1/clubs',
        '/api/v1/clubs/activate',
        '/api/v1/login',
        '/api/v1/logout',
        '/api/v1/users',
        '/api/v1/users/activate',
        '/api/v1/users/password/recovery',
        '/api/v1/users/password/reset',
        '/api/v1/users/language',
        '/api/v1/users/me',
        '/api/v1/brands',
        '/api/v1/countries',
        '/api/v1/countries/{countryIsoCode}/states',
        '/api/v1/countries/{countryIsoCode}/cities',
        '/api/v1/countries/{countryIsoCode}/states/{stateIsoCode}/cities',
      ]),
    );
    // Every operation says what its failures look like, with the one error shape.
    const login = document.paths['/api/v1/login'].post;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    // Pages and the document itself are not part of the API's description.
    expect(Object.keys(document.paths).some((path) => path.startsWith('/public'))).toBe(false);
  });

  it('is browsable at /api/docs', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
