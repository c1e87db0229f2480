import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { createSecretBox, type SecretBox } from '../lib/secret-box.ts';
import { createStorage, type Storage } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    mailer: Mailer;
    secretBox: SecretBox;
    storage: Storage;
    /** Signs what the server hands out and checks later (local upload addresses). */
    appSecret: string;
  }
}

export type ServicesOptions = {
  config: Config;
  appSecret: string;
  mailer?: Mailer | undefined;
  storage?: Storage | undefined;
};

/** What features share: configuration, email, encryption of stored secrets, file storage. */
export const servicesPlugin = fp(
  async (app: FastifyInstance, { config, appSecret, mailer, storage }: ServicesOptions) => {
    app.decorate('config', config);
    app.decorate(
      'mailer',
      mailer ??
        createMailer({
          smtpUrl: config.mail.smtpUrl,
          from: config.mail.from,
          outboxDirectory: path.join(config.dataDirectory, 'outbox'),
          log: app.log,
        }),
    );
    app.decorate('secretBox', createSecretBox(appSecret));
    app.decorate('storage', storage ?? createStorage(config, appSecret));
    app.decorate('appSecret', appSecret);
  },
  { name: 'services' },
);
