import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { repeatWhileOpen } from '../../lib/repeat.ts';
import { deleteUnconfirmedAccount, findStaleUnconfirmedAccounts } from './account-store.ts';

/**
 * A sign-up whose first authenticator code is not confirmed within a day was given up (0066): its account
 * and club are deleted. A new sign-up with its phone replaces it at any age anyway.
 */
export const UNCONFIRMED_SIGN_UP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Accounts deleted per round: a backlog drains over a few rounds. */
const BATCH = 100;

/**
 * Deletes the sign-ups never confirmed that began more than a day before `now`, each in its own
 * transaction; answers how many went. Several processes may sweep at once: an account another one
 * deleted (or its owner confirmed meanwhile) is simply left.
 */
export const sweepUnconfirmedSignUps = async (db: Database, now = new Date()) => {
  const stale = await findStaleUnconfirmedAccounts(
    db,
    new Date(now.getTime() - UNCONFIRMED_SIGN_UP_MAX_AGE_MS),
    BATCH,
  );
  let removed = 0;
  for (const { id } of stale) {
    if (await db.transaction((tx) => deleteUnconfirmedAccount(tx, id))) removed += 1;
  }
  return removed;
};

/** Sweeps sign-ups never confirmed once the server is ready, then every hour until it closes. */
export const unconfirmedSignUpSweepPlugin = fp(
  async (app: FastifyInstance, { isRunning }: { isRunning: boolean }) => {
    if (!isRunning) return;
    repeatWhileOpen(app, {
      name: 'unconfirmed-sign-ups-sweep',
      everyMs: SWEEP_INTERVAL_MS,
      task: async () => {
        const removed = await sweepUnconfirmedSignUps(app.db);
        if (removed > 0) app.log.info({ removed }, 'sign-ups never confirmed removed');
      },
      // The next sweep tries again.
      onError: (error) => app.log.warn({ err: error }, 'sign-ups never confirmed not swept'),
    });
  },
  { name: 'unconfirmed-sign-up-sweep', dependencies: ['database', 'services', 'metrics'] },
);
