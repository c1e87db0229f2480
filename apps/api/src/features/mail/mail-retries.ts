import { asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { mailRetries } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { repeatWhileOpen } from '../../lib/repeat.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/**
 * How long after each failed try the next one comes, in minutes: eight tries over about 22 hours, then the
 * message is given up (and logged as an error). A link it carries may have expired by then; the owner can
 * ask for a new one, which is sent at once.
 */
export const MAIL_RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360, 720] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MINUTES.length + 1;
/** How long a process holds the messages it took to send: another process takes them after that. */
const LEASE_MS = 10 * 60 * 1000;
/** Messages sent again per round: a long outage drains over a few minutes, not in one burst. */
const BATCH = 20;
const RETRY_INTERVAL_MS = 60 * 1000;

type LogLine = (details: object, message: string) => void;
type Log = { warn: LogLine; error: LogLine; info: LogLine };

const delayAfter = (attempts: number) =>
  (MAIL_RETRY_DELAYS_MINUTES[Math.min(attempts, MAIL_RETRY_DELAYS_MINUTES.length) - 1] ?? 1) * 60 * 1000;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export type RetryingMailer = Mailer & {
  /** Sends again the queued messages due by `now`; answers what became of them. */
  sendQueued: (now?: Date) => Promise<{ sent: number; failed: number; givenUp: number }>;
};

/**
 * The mailer every feature uses: a message the mail server refuses (or cannot be reached for) is kept,
 * sealed, in `mail_retries` and sent again later instead of being lost; the caller goes on as if it was
 * sent, since what it emailed about is done. Only when even keeping it fails does `send` throw.
 */
export const withRetries = (
  inner: Mailer,
  { db, secretBox, log }: { db: Database; secretBox: SecretBox; log: Log },
): RetryingMailer => ({
  send: async (message) => {
    try {
      await inner.send(message);
    } catch (error) {
      const { to, subject, text, html, link } = message;
      const sealedMessage = secretBox.seal(JSON.stringify({ to, subject, text, html, link }));
      await db.insert(mailRetries).values({
        sealedMessage,
        attempts: 1,
        nextAttemptAt: new Date(Date.now() + delayAfter(1)),
        lastError: reasonOf(error),
      });
      log.warn({ err: error, subject }, 'email not sent: kept to try again');
    }
  },

  sendQueued: async (now = new Date()) => {
    // Taken in one statement: due rows not held by another process, held from now for the lease.
    const taken = await db
      .update(mailRetries)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          mailRetries.id,
          db
            .select({ id: mailRetries.id })
            .from(mailRetries)
            .where(lte(mailRetries.nextAttemptAt, now))
            .orderBy(asc(mailRetries.nextAttemptAt))
            .limit(BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    const outcome = { sent: 0, failed: 0, givenUp: 0 };
    // Each row is settled right after its own send, not in one statement at the end: a process that dies
    // mid-round then sends again at most the message it was on, not the whole round. At most 20 rows.
    for (const row of taken) {
      let message: MailMessage;
      try {
        message = JSON.parse(secretBox.open(row.sealedMessage)) as MailMessage;
      } catch (error) {
        // Sealed under another key (APP_SECRET changed): it can never be read again.
        log.error({ err: error, id: row.id }, 'queued email unreadable: given up');
        await db.delete(mailRetries).where(eq(mailRetries.id, row.id));
        outcome.givenUp += 1;
        continue;
      }
      try {
        await inner.send(message);
        await db.delete(mailRetries).where(eq(mailRetries.id, row.id));
        outcome.sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        if (attempts >= MAIL_MAX_ATTEMPTS) {
          log.error({ err: error, subject: message.subject, attempts }, 'email given up after its last try');
          await db.delete(mailRetries).where(eq(mailRetries.id, row.id));
          outcome.givenUp += 1;
        } else {
          await db
            .update(mailRetries)
            .set({
              attempts,
              nextAttemptAt: new Date(now.getTime() + delayAfter(attempts)),
              lastError: reasonOf(error),
            })
            .where(eq(mailRetries.id, row.id));
          outcome.failed += 1;
        }
      }
    }
    if (outcome.sent + outcome.failed + outcome.givenUp > 0) log.info(outcome, 'queued emails tried again');
    return outcome;
  },
});

/** Sends queued emails again once the server is ready, then every minute until it closes. */
export const mailRetryPlugin = fp(
  async (app: FastifyInstance, { isRunning }: { isRunning: boolean }) => {
    if (!isRunning) return;
    repeatWhileOpen(app, {
      name: 'mail-retries',
      everyMs: RETRY_INTERVAL_MS,
      task: () => app.mailer.sendQueued(),
      onError: (error) => app.log.warn({ err: error }, 'queued emails not tried again'),
    });
  },
  { name: 'mail-retry', dependencies: ['database', 'services', 'metrics'] },
);
