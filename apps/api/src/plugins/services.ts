import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type RetryingMailer, withRetries } from '../features/mail/mail-retries.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { createSecretBox, type SecretBox } from '../lib/secret-box.ts';
import { createStorage, type Storage } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Sends now, or keeps a message the mail server refused and sends it again later (0056). */
    mailer: RetryingMailer;
    secretBox: SecretBox;
    storage: Storage;
    /** Signs what the server hands out and checks later (local upload addresses). */
    appSecret: string;
  }
}

export type ServicesOptions = {
  config: Config;
  /** Where the mailer keeps what it could not send yet. */
  db: Database;
  appSecret: string;
  mailer?: Mailer | undefined;
  storage?: Storage | undefined;
};

/** What features share: configuration, email, encryption of stored secrets, file storage. */
export const servicesPlugin = fp(
  async (app: FastifyInstance, { config, db, appSecret, mailer, storage }: ServicesOptions) => {
    app.decorate('config', config);
    const secretBox = createSecretBox(appSecret);
    const sender =
      mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        outboxDirectory: path.join(config.dataDirectory, 'outbox'),
        log: app.log,
      });
    app.decorate('mailer', withRetries(sender, { db, secretBox, log: app.log }));
    app.decorate('secretBox', secretBox);
    app.decorate('storage', storage ?? createStorage(config, appSecret));
    app.decorate('appSecret', appSecret);
  },
  { name: 'services' },
);
