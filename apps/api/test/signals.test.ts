import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import { openTestDatabase, seedClub, seedOwner, TEST_APP_SECRET, testConfig } from './helpers.ts';

/**
 * The signals to other server processes (PostgreSQL NOTIFY) follow a write that is already saved: when
 * one fails, the write still answers and the failure is in the log as a warning, never swallowed.
 */
describe('a signal the database refuses', () => {
  let app: App;
  let database: DatabaseHandle;
  const warnings: { msg: string; clubId?: number; err?: { message: string } }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    // Every query works as usual; only the NOTIFY, sent through `execute`, fails.
    const refusingNotify: Database = Object.create(database.db);
    Object.defineProperty(refusingNotify, 'execute', {
      value: () => Promise.reject(new Error('notify refused')),
    });
    app = await buildApp({
      config: testConfig(),
      // A `listen` makes the app signal other processes, as it does on PostgreSQL.
      database: { ...database, db: refusingNotify, listen: async () => async () => {} },
      appSecret: TEST_APP_SECRET,
      mailer: createMemoryMailer(),
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void warnings.push(JSON.parse(line)) },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('an owner write answers and the guest cache signal is logged as not sent', async () => {
    const owner = await seedOwner(database);
    const club = await seedClub(database, owner.account.id);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${club.id}/settings`,
      headers: { authorization: owner.authorization },
      payload: { menuLabelEnabled: false },
    });
    expect(response.statusCode).toBe(200);
    // The signal is sent once the answer has gone out.
    await expect
      .poll(() =>
        warnings.find((line) => line.msg === 'guest cache signal not sent' && line.clubId === club.id),
      )
      .toMatchObject({ err: { message: 'notify refused' } });
  });

  it('a waiter call signal that fails is logged and does not fail the call', async () => {
    await expect(app.waiterCallSignals.changed(4242)).resolves.toBeUndefined();
    expect(
      warnings.find((line) => line.msg === 'waiter call signal not sent' && line.clubId === 4242),
    ).toMatchObject({ err: { message: 'notify refused' } });
  });
});
