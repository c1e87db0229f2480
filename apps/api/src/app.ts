import { randomUUID } from 'node:crypto';
import { API_BASE_PATH } from '@carta/contract/limits';
import { BUILD_HEADER } from '@carta/contract/public-config';
import Fastify, { type FastifyContextConfig, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { signUpLimitPlugin } from './features/accounts/sign-up-limit.ts';
import { unconfirmedSignUpSweepPlugin } from './features/accounts/unconfirmed-sign-ups.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { bannerRoutes } from './features/banners/routes.ts';
import { billingPlugin } from './features/billing/billing-plugin.ts';
import { billingRoutes } from './features/billing/billing-routes.ts';
import { creditNoteRoutes } from './features/billing/credit-note-routes.ts';
import { eInvoicePlugin } from './features/billing/e-invoice/e-invoice-plugin.ts';
import { eInvoiceOwnerRoutes } from './features/billing/e-invoice/routes.ts';
import type { SdiProvider } from './features/billing/e-invoice/sdi-provider.ts';
import { paymentEventRoutes } from './features/billing/payment-event-routes.ts';
import { paymentRoutes } from './features/billing/plan-routes.ts';
import type { PaymentProvider } from './features/billing/provider.ts';
import { type VatChecker, vatCheckerPlugin } from './features/billing/vies.ts';
import { pageViewRollupPlugin } from './features/clubs/page-view-rollup.ts';
import { clubProfileRoutes } from './features/clubs/profile-routes.ts';
import { clubRoutes } from './features/clubs/routes.ts';
import { clubStatsRoutes } from './features/clubs/stats-routes.ts';
import { geographyRoutes } from './features/geography/routes.ts';
import { guestPreviewRoutes } from './features/guest/preview-routes.ts';
import { guestRoutes } from './features/guest/routes.ts';
import { incomingSweepPlugin } from './features/images/incoming-sweep.ts';
import { clubUploadRoutes, fileRoutes } from './features/images/routes.ts';
import { mailRetryPlugin } from './features/mail/mail-retries.ts';
import { invitationRoutes, memberRoutes } from './features/members/routes.ts';
import { menuCopyRoutes } from './features/menu-copy/routes.ts';
import { menuImportRoutes } from './features/menu-import/routes.ts';
import { guestMenuPdfRoutes, menuPdfPlugin, menuPdfRoutes } from './features/menu-pdf/routes.ts';
import { menuRoutes } from './features/menus/routes.ts';
import { promoteRoutes } from './features/promote/routes.ts';
import { tableRoutes } from './features/tables/routes.ts';
import { themeRoutes } from './features/themes/routes.ts';
import { timePriceRoutes } from './features/time-prices/routes.ts';
import type { TranslationProvider } from './features/translation-suggestions/provider.ts';
import {
  translationProviderPlugin,
  translationSuggestionRoutes,
} from './features/translation-suggestions/routes.ts';
import { waiterCallRoutes } from './features/waiter-calls/routes.ts';
import { waiterCallSignalsPlugin } from './features/waiter-calls/waiter-call-signals.ts';
import { AppError } from './lib/app-error.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Storage } from './lib/storage.ts';
import { authPlugin } from './plugins/auth.ts';
import { clubScope } from './plugins/club-scope.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorReportingPlugin } from './plugins/error-reporting.ts';
import { errorsPlugin, handleFrameworkError } from './plugins/errors.ts';
import { guestCachePlugin } from './plugins/guest-cache.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { pageViewsPlugin } from './plugins/page-views.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { servicesPlugin } from './plugins/services.ts';
import { readWebBuild, WEB_DIST, webPlugin } from './plugins/web.ts';
import { guestPageRoutes } from './routes/guest-pages.ts';
import { systemRoutes } from './routes/system.ts';

/** A route as registered; the tenant-isolation test walks these. */
export type RouteEntry = { method: string; url: string; config: FastifyContextConfig };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Key material for stored secrets (resolveAppSecret in main.ts). */
  appSecret: string;
  /** Replaces the configured mailer: tests read what was sent. */
  mailer?: Mailer;
  /** Replaces the configured file storage (tests). */
  storage?: Storage;
  /** Replaces the configured payment provider (tests: Stripe against a local fake). */
  paymentProvider?: PaymentProvider;
  /** Replaces the configured SDI provider of e-invoices (tests). */
  sdiProvider?: SdiProvider;
  /** Replaces the configured VAT checker, VIES or none (tests). */
  vatChecker?: VatChecker;
  /** Replaces the configured translation provider, DeepL or none (tests: a local fake; null: off). */
  translationProvider?: TranslationProvider | null;
  /**
   * Runs the timed work (default): due billing jobs and queued emails every minute, the hourly sweep of
   * abandoned uploads and unsaved dish photos, the page views written every 10 s and rolled up hourly
   * past 90 days. Tests run them when they say, with their own clock, so that nothing else touches the
   * database while they count statements.
   */
  isRunningJobs?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Where the built owner app is (tests serve a stand-in); the web build's output by default. */
  webRoot?: string;
};

/** The whole server as one Fastify instance; main.ts listens with it, tests call it with inject. */
export const buildApp = async ({
  config,
  database,
  appSecret,
  mailer,
  storage,
  paymentProvider,
  sdiProvider,
  vatChecker,
  translationProvider,
  isRunningJobs = true,
  logger,
  webRoot = WEB_DIST,
}: AppOptions) => {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Requests are logged by the hooks below, at debug: at `info` the log keeps to what an operator reads
    // (start, emails, jobs, errors), one line each.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: config.isTrustingProxy ? 'x-request-id' : false,
    trustProxy: config.isTrustingProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed address or an over-long parameter is refused before any route runs: same shape.
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request) => {
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // config is read when asked: hooks of inner plugins (clubScope) add to it after this one runs.
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          get config() {
            return route.config ?? {};
          },
        });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of the request hooks: an answer refused by a later one still carries the headers.
  await app.register(securityHeadersPlugin, { config });

  const build = config.isServingWeb ? readWebBuild(webRoot) : 'dev';
  // Before the routes: its hooks see every request. Loads nothing without SENTRY_DSN (0039).
  await app.register(errorReportingPlugin, { config: config.errorReporting, release: build });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header(BUILD_HEADER, build);
  });

  // Credentials never travel in an address: it ends up in logs, histories and proxies.
  app.addHook('onRequest', async (request) => {
    const query = request.url.split('?', 2)[1];
    if (query && /(^|&)(password|passwordTwo|totp)=/i.test(query))
      throw new AppError(400, 'PASSWORD_IN_QUERY');
  });

  await app.register(errorsPlugin);
  // Before any route: it hooks every route as it is added.
  await app.register(compressionPlugin);
  await app.register(servicesPlugin, { config, db: database.db, appSecret, mailer, storage });
  await app.register(databasePlugin, { handle: database });
  // Before the routes and the guest cache: its hook times every request, and the cache counts in it.
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(authPlugin);
  await app.register(guestCachePlugin);
  await app.register(menuPdfPlugin);
  await app.register(pageViewsPlugin, { isRunning: isRunningJobs });
  await app.register(incomingSweepPlugin, { isRunning: isRunningJobs });
  await app.register(unconfirmedSignUpSweepPlugin, { isRunning: isRunningJobs });
  await app.register(pageViewRollupPlugin, { isRunning: isRunningJobs });
  await app.register(mailRetryPlugin, { isRunning: isRunningJobs });
  await app.register(waiterCallSignalsPlugin);
  await app.register(billingPlugin, { provider: paymentProvider, isRunningJobs });
  await app.register(eInvoicePlugin, { provider: sdiProvider, isRunningJobs });
  await app.register(vatCheckerPlugin, { checker: vatChecker });
  await app.register(translationProviderPlugin, { provider: translationProvider });
  // Per-address limits are counted in the database, so they hold across processes (0036).
  await app.register(signUpLimitPlugin);
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      await api.register(systemRoutes, { config, build });
      await api.register(accountRoutes);
      await api.register(invitationRoutes);
      await api.register(clubRoutes);
      // Every route under /clubs/{clubId} checks the caller's role in the club against its minRole: add new
      // ones here.
      await api.register(clubScope, {
        prefix: '/clubs/:clubId',
        routes: [
          clubProfileRoutes,
          clubStatsRoutes,
          clubUploadRoutes,
          menuRoutes,
          menuCopyRoutes,
          translationSuggestionRoutes,
          menuImportRoutes,
          menuPdfRoutes,
          promoteRoutes,
          themeRoutes,
          bannerRoutes,
          tableRoutes,
          timePriceRoutes,
          guestRoutes,
          guestPreviewRoutes,
          waiterCallRoutes,
          paymentRoutes,
          billingRoutes,
          eInvoiceOwnerRoutes,
          creditNoteRoutes,
          memberRoutes,
        ],
      });
      await api.register(paymentEventRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(geographyRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE_PATH },
  );

  await app.register(fileRoutes);
  await app.register(guestPageRoutes);
  await app.register(guestMenuPdfRoutes);
  if (config.isServingWeb)
    await app.register(webPlugin, { root: webRoot, errorReporting: config.errorReporting });

  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
