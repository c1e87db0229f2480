import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { openTestDatabase, TEST_APP_SECRET, testConfig } from './helpers.ts';

// `npm start` logs at info: what an operator reads (one line per email, jobs, errors), not two lines per
// request, which buried the emails' links; at debug each request is logged as it begins and ends.

describe('the server log', () => {
  let database: DatabaseHandle;
  let dataDirectory: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDirectory = await mkdtemp(path.join(tmpdir(), 'carta-log-'));
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  /** The messages the app logged at `level` while it answered a request and sent an email. */
  const messagesAt = async (level: 'info' | 'debug') => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: level, DATA_DIR: dataDirectory }),
      database,
      appSecret: TEST_APP_SECRET,
      isRunningJobs: false,
      logger: { level, stream },
    });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      await app.mailer.send({
        to: 'ada@example.com',
        subject: 'Attiva il tuo account',
        text: 'Ciao',
        html: '<p>Ciao</p>',
        link: 'http://localhost:3000/activate/abc',
      });
    } finally {
      await app.close();
    }
    return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  };

  it('keeps requests out of the info log and each email on one line', async () => {
    const messages = await messagesAt('info');
    expect(messages.filter((message) => /request/.test(message))).toEqual([]);
    expect(messages.filter((message) => message.startsWith('mail to ada@example.com'))).toEqual([
      'mail to ada@example.com: Attiva il tuo account http://localhost:3000/activate/abc',
    ]);
  });

  it('logs each request as it begins and ends at debug', async () => {
    const messages = await messagesAt('debug');
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
  });
});
