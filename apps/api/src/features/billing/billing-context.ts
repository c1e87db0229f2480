import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Seller } from './invoice-store.ts';
import type { PaymentProvider } from './provider.ts';

// What every step of billing runs with. Its own file so the steps billing-service.ts calls (reminders,
// refunds, emails) take it without importing the service that calls them.

export type Billing = {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  seller: Seller;
};
