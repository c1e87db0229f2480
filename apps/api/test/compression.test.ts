import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { useWebRoot } from './fixtures.ts';
import {
  openTestDatabase,
  present,
  seedClub,
  seedOwner,
  TEST_APP_SECRET,
  testConfig,
  useTestApp,
} from './helpers.ts';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compression of API answers', () => {
  const context = useTestApp();

  it('compress JSON above 1 KB in the encoding asked for, and leave small answers as they are', async () => {
    const big = await context.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    const plain = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode('br', big.rawPayload).toString()).toBe(plain.body);
    expect(big.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await context.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gzip.rawPayload).toString()).toBe(plain.body);

    const small = await context.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keep streaming waiter calls as server-sent events, never compressed', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id, {
      freeForever: true,
      callWaiterEnabled: true,
    });
    const { tables } = (
      await context.app.inject({
        method: 'PUT',
        url: `/api/v1/clubs/${club.id}/tables`,
        headers: { authorization: owner.authorization },
        payload: { tables: [{ name: 'Tavolo 3' }] },
      })
    ).json();
    const table = present((tables as { id: number }[])[0], 'a table');
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const response = await fetch(`${address}/api/v1/clubs/${club.id}/waiter-calls/events`, {
        headers: { authorization: owner.authorization, 'accept-encoding': 'br, gzip' },
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = present(response.body, 'a body').pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      const until = async (text: string) => {
        while (!received.includes(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          received += value;
        }
      };
      await until('"calls":[]');
      await context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/waiter-call`,
        remoteAddress: '10.9.8.7',
      });
      await until('"tableName":"Tavolo 3"');
    } finally {
      controller.abort();
    }
  });
});

describe('the owner app build, served compressed', () => {
  let app: App;
  let database: DatabaseHandle;
  // Above the 1 KB threshold, as the real index.html is (about 2 KB).
  const indexHtml = `<!doctype html><title>Carta</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`;
  const script = `console.log(${JSON.stringify('carta '.repeat(500))});`;
  const web = useWebRoot({
    'index.html': indexHtml,
    // As the web build writes them: the file and its .br and .gz beside it.
    'assets/index-Ab12Cd34.js': script,
    'assets/index-Ab12Cd34.js.br': brotliCompressSync(script),
    'assets/index-Ab12Cd34.js.gz': gzipSync(script),
  });
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

  it.each(['/', '/login'])('send index.html at %s compressed and never cached', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(decode('br', response.rawPayload).toString()).toBe(indexHtml);
  });

  it('send hashed assets from their precompressed files, cached for a year', async () => {
    for (const [acceptEncoding, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(decode(encoding, response.rawPayload).toString()).toBe(script);
    }
  });
});
