import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { openTestDatabase, TEST_APP_SECRET, testConfig, useTestApp } from './helpers.ts';

describe('error shape', () => {
  const context = useTestApp();

  it('answers an unknown API route with 404 ROUTE_NOT_FOUND in the caller language', async () => {
    const italian = await context.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(italian.statusCode).toBe(404);
    expect(italian.json()).toEqual({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'Questo indirizzo non esiste',
    });
    const english = await context.app.inject({
      method: 'DELETE',
      url: '/api/v1/no-such-thing',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(english.json()).toEqual({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'This address does not exist',
    });
  });

  it('answers a malformed JSON body with 400 BAD_REQUEST', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'The request is not valid',
    });
  });

  it('answers a missing token with 401 UNAUTHORIZED', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/clubs' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('answers an unknown or forged token with 401', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/clubs',
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('error handler', () => {
  // A throwaway route set on a real app shows how validation failures and crashes are answered.
  const buildWithProbe = async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, appSecret: TEST_APP_SECRET, logger: false });
    app.post(
      '/api/v1/probe',
      {
        schema: {
          body: z.object({ name: z.string().max(3, { error: 'validation.tooLong?max=3' }) }).strict(),
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/api/v1/probe/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    await app.ready();
    const close = async () => {
      await app.close();
      await database.close();
    };
    return { app, close };
  };

  it('lists each invalid field with its message key and translated text', async () => {
    const { app, close } = await buildWithProbe();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      headers: { 'accept-language': 'en' },
      payload: { name: 'too long' },
    });
    await close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Some fields are not valid',
      issues: [{ path: 'body.name', key: 'validation.tooLong?max=3', message: 'At most 3 characters' }],
    });
  });

  it('never sends the internals of a 5xx', async () => {
    const { app, close } = await buildWithProbe();
    const response = await app.inject({ method: 'GET', url: '/api/v1/probe/crash' });
    await close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Si è verificato un errore',
    });
    expect(response.body).not.toContain('secret');
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});
