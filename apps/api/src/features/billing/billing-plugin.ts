import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { repeatWhileOpen } from '../../lib/repeat.ts';
import type { Billing } from './billing-context.ts';
import { runDueJobs } from './billing-service.ts';
import type { PaymentProvider } from './provider.ts';
import { resendStaleRefunds } from './refund-retries.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
  }
}

/** How often a process looks for due billing jobs (renewals, reminders, countdowns, expiries). */
const JOB_INTERVAL_MS = 60 * 1000;

/** The configured provider: Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise. */
export const providerFor = (config: Config, db: Database): PaymentProvider =>
  config.payments.kind === 'stripe'
    ? createStripeProvider({
        secretKey: config.payments.secretKey,
        publishableKey: config.payments.publishableKey,
        webhookSecret: config.payments.webhookSecret,
      })
    : createSandboxProvider(db);

export type BillingPluginOptions = {
  /** Replaces the configured provider (tests: Stripe against a local fake). */
  provider?: PaymentProvider | undefined;
  /** Runs due jobs every minute (off in tests, which run them with a driven clock). */
  isRunningJobs?: boolean;
};

/** The billing services, and the job runner once the server is ready. */
export const billingPlugin = fp(
  async (app: FastifyInstance, { provider, isRunningJobs = true }: BillingPluginOptions) => {
    app.decorate('billing', {
      db: app.db,
      provider: provider ?? providerFor(app.config, app.db),
      mailer: app.mailer,
      log: app.log,
      publicUrl: app.config.publicUrl,
      seller: app.config.seller,
    });
    if (!isRunningJobs) return;
    repeatWhileOpen(app, {
      name: 'billing',
      everyMs: JOB_INTERVAL_MS,
      // Then refunds never answered (0063): asked again with their idempotency key.
      task: async () => {
        await runDueJobs(app.billing, new Date());
        await resendStaleRefunds(app.billing, new Date());
      },
      onError: (error) => app.log.error({ err: error }, 'billing jobs did not run'),
    });
  },
  { name: 'billing', dependencies: ['services', 'database', 'metrics'] },
);
