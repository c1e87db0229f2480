import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repeatWhileOpen } from '../../../lib/repeat.ts';
import { type SdiProvider, sdiProviderFor } from './sdi-provider.ts';
import { type EInvoices, runTransmissions } from './transmissions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** FatturaPA files on their way to SDI (docs/decisions/0062). */
    eInvoices: EInvoices;
  }
}

/** How often a process sends waiting files and asks after sent ones. */
const TRANSMISSION_INTERVAL_MS = 60 * 1000;

export type EInvoicePluginOptions = {
  /** Replaces the configured provider (tests). */
  provider?: SdiProvider | undefined;
  /** Runs the transmissions every minute (off in tests, which run them by hand with their own clock). */
  isRunningJobs?: boolean;
};

/** The SDI provider and the transmission job, once the server is ready. */
export const eInvoicePlugin = fp(
  async (app: FastifyInstance, { provider, isRunningJobs = true }: EInvoicePluginOptions) => {
    app.decorate('eInvoices', {
      db: app.db,
      provider: provider ?? sdiProviderFor(app.config),
      seller: app.config.seller,
      log: app.log,
    });
    if (!isRunningJobs) return;
    repeatWhileOpen(app, {
      name: 'e-invoices',
      everyMs: TRANSMISSION_INTERVAL_MS,
      task: () => runTransmissions(app.eInvoices, new Date()),
      onError: (error) => app.log.error({ err: error }, 'e-invoice transmissions did not run'),
    });
  },
  { name: 'e-invoices', dependencies: ['services', 'database', 'metrics'] },
);
