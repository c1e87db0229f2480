import { ErrorResponseSchema } from '@carta/contract/errors';
import { PublicConfigResponseSchema } from '@carta/contract/public-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/db-errors.ts';

const HealthResponseSchema = z.object({ status: z.literal('ok') });

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; build: string }> = async (
  app,
  { config, build },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch (error) {
        // Whatever the failure, the database is what does not answer (within 2 s: db/client.ts).
        throw new AppError(503, 'DATABASE_UNAVAILABLE', {
          cause: error,
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings the owner app needs before login',
        response: { 200: PublicConfigResponseSchema },
      },
    },
    async () => ({
      build,
      privacyUrl: config.legal.privacyUrl,
      cookieUrl: config.legal.cookieUrl,
      termsUrl: config.legal.termsUrl,
      supportEmail: config.mail.supportEmail,
      payments:
        config.payments.kind === 'stripe'
          ? { provider: 'stripe' as const, publishableKey: config.payments.publishableKey }
          : { provider: 'sandbox' as const, publishableKey: null },
      translationSuggestions: app.translationProvider !== null,
    }),
  );
};
