import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { repeatWhileOpen } from '../../lib/repeat.ts';
import type { Storage } from '../../lib/storage.ts';
import { sweepUnusedPhotos } from './image-store.ts';

/** Where an upload's bytes wait between the signed PUT and `.../complete` (0038). */
export const INCOMING_PREFIX = 'incoming/';
/** An upload still there after a day was abandoned: its address expired 10 minutes after it was made. */
export const INCOMING_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes uploads never completed, older than a day. Several processes may sweep at once: each delete
 * of a file already gone is a no-op, so nothing needs to decide which process sweeps.
 */
export const sweepIncomingUploads = async (storage: Storage, now = new Date()): Promise<number> => {
  const cutoff = now.getTime() - INCOMING_MAX_AGE_MS;
  let removed = 0;
  for await (const object of storage.list(INCOMING_PREFIX)) {
    if (object.modifiedAt.getTime() >= cutoff) continue;
    await storage.delete(object.key);
    removed += 1;
  }
  return removed;
};

const sweepAndLog = async (db: Database, storage: Storage, log: FastifyBaseLogger) => {
  const removed = await sweepIncomingUploads(storage);
  if (removed > 0) log.info({ removed }, 'abandoned uploads removed');
  const photos = await sweepUnusedPhotos(db, storage, log);
  if (photos > 0) log.info({ removed: photos }, 'dish photos never saved removed');
};

/**
 * Sweeps abandoned uploads and dish photos never saved once the server is ready, then every hour until it
 * closes.
 */
export const incomingSweepPlugin = fp(
  async (app: FastifyInstance, { isRunning }: { isRunning: boolean }) => {
    if (!isRunning) return;
    repeatWhileOpen(app, {
      name: 'uploads-sweep',
      everyMs: SWEEP_INTERVAL_MS,
      task: () => sweepAndLog(app.db, app.storage, app.log),
      // The next sweep tries again; a storage hiccup must not stop the server.
      onError: (error) => app.log.warn({ err: error }, 'abandoned uploads not swept'),
    });
  },
  { name: 'incoming-sweep', dependencies: ['database', 'services', 'metrics'] },
);
