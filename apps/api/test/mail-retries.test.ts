import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { mailRetries } from '../src/db/schema.ts';
import {
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_DELAYS_MINUTES,
  withRetries,
} from '../src/features/mail/mail-retries.ts';
import type { MailMessage } from '../src/lib/mailer.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { seedOwner, TEST_APP_SECRET, testConfig, uniqueAddress, useTestApp } from './helpers.ts';

const MINUTE = 60 * 1000;

/** A mail server that refuses while `isDown`, and keeps what it accepted. */
const flakyServer = () => {
  const server = {
    isDown: true,
    accepted: [] as MailMessage[],
    send: async (message: MailMessage) => {
      if (server.isDown) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      server.accepted.push(message);
    },
  };
  return server;
};

const logged = () => {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_details: object, message: string) => void lines.push({ level, message });
  return { lines, warn: at('warn'), error: at('error'), info: at('info') };
};

let counter = 0;
const resetEmail = (): MailMessage => {
  counter += 1;
  const link = `https://carta.example/password/reset?token=secret-token-${counter}-${Date.now()}`;
  return {
    to: `owner${counter}@example.com`,
    subject: 'Reset your Carta password',
    text: `Open ${link}`,
    html: `<a href="${link}">Reset</a>`,
    link,
  };
};

describe('emails the mail server refused are kept and sent again (0056)', () => {
  const context = useTestApp();
  const setUp = () => {
    const server = flakyServer();
    const log = logged();
    const mailer = withRetries(server, {
      db: context.database.db,
      secretBox: createSecretBox('a-test-secret-that-is-long-enough-for-the-box'),
      log,
    });
    return { server, log, mailer };
  };

  it('keeps a refused message sealed, sends it when the server is back, and sends it once', async () => {
    const { server, log, mailer } = setUp();
    const message = resetEmail();
    const before = (await context.database.db.select().from(mailRetries)).length;

    // The caller is not failed: what it emailed about is done, the email follows.
    await expect(mailer.send(message)).resolves.toBeUndefined();
    const rows = await context.database.db.select().from(mailRetries);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1);
    if (!row) throw new Error('no queued email');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('ECONNREFUSED');
    // The reset link's token is not stored in clear.
    expect(row.sealedMessage).not.toContain('secret-token');
    expect(row.sealedMessage).not.toContain(message.to);
    expect(log.lines).toContainEqual({ level: 'warn', message: 'email not sent: kept to try again' });

    // Not due yet: nothing is tried.
    const soon = new Date(row.createdAt.getTime() + 30 * 1000);
    expect((await mailer.sendQueued(soon)).sent).toBe(0);

    // Due, the server still down: tried, kept, the next try later.
    const firstRetry = new Date(Date.now() + MAIL_RETRY_DELAYS_MINUTES[0] * MINUTE + 1000);
    const failed = await mailer.sendQueued(firstRetry);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    const [kept] = await context.database.db.select().from(mailRetries).where(eq(mailRetries.id, row.id));
    expect(kept?.attempts).toBe(2);
    expect(kept?.nextAttemptAt.getTime()).toBe(firstRetry.getTime() + MAIL_RETRY_DELAYS_MINUTES[1] * MINUTE);

    // The server is back: two processes trying at once send it once, and it is gone from the queue.
    server.isDown = false;
    const later = new Date(firstRetry.getTime() + MAIL_RETRY_DELAYS_MINUTES[1] * MINUTE + 1000);
    await Promise.all([mailer.sendQueued(later), mailer.sendQueued(later)]);
    expect(server.accepted.filter((sent) => sent.to === message.to)).toEqual([message]);
    expect(await context.database.db.select().from(mailRetries).where(eq(mailRetries.id, row.id))).toEqual(
      [],
    );
  });

  it('gives a message up after its last try, and says so in the log', async () => {
    const { log, mailer } = setUp();
    await mailer.send(resetEmail());
    const [row] = await context.database.db.select().from(mailRetries).orderBy(desc(mailRetries.id)).limit(1);
    if (!row) throw new Error('no queued email');
    let now = Date.now();
    for (let attempt = 2; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      now += 13 * 60 * MINUTE;
      await mailer.sendQueued(new Date(now));
      const [kept] = await context.database.db.select().from(mailRetries).where(eq(mailRetries.id, row.id));
      expect(kept?.attempts).toBe(attempt);
    }
    now += 13 * 60 * MINUTE;
    expect((await mailer.sendQueued(new Date(now))).givenUp).toBeGreaterThanOrEqual(1);
    expect(await context.database.db.select().from(mailRetries).where(eq(mailRetries.id, row.id))).toEqual(
      [],
    );
    expect(log.lines).toContainEqual({ level: 'error', message: 'email given up after its last try' });
  });

  it('sends at once, keeping nothing, while the mail server answers', async () => {
    const { server, mailer } = setUp();
    server.isDown = false;
    const before = (await context.database.db.select().from(mailRetries)).length;
    const message = resetEmail();
    await mailer.send(message);
    expect(server.accepted).toEqual([message]);
    expect(await context.database.db.select().from(mailRetries)).toHaveLength(before);
  });

  it('answers a password recovery while the mail server is down, and the link arrives once it is back', async () => {
    const server = flakyServer();
    const app = await buildApp({
      config: testConfig(),
      database: context.database,
      appSecret: TEST_APP_SECRET,
      mailer: server,
      isRunningJobs: false,
      logger: false,
    });
    try {
      await app.ready();
      const { account } = await seedOwner(context.database);
      const recovery = await app.inject({
        method: 'POST',
        url: '/api/v1/users/password/recovery',
        remoteAddress: uniqueAddress(),
        payload: { phone: account.phone },
      });
      expect(recovery.statusCode).toBe(200);
      expect(recovery.json()).toEqual({ outcome: 'sent' });
      expect(server.accepted).toEqual([]);

      server.isDown = false;
      await app.mailer.sendQueued(new Date(Date.now() + MAIL_RETRY_DELAYS_MINUTES[0] * MINUTE + 1000));
      const [arrived] = server.accepted.filter((message) => message.to === account.email);
      expect(arrived?.link).toMatch(/\/password\/reset\?token=/);
    } finally {
      await app.close();
    }
  });
});
