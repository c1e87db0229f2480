import { scrubValue } from '@carta/contract/error-scrubbing';
import type { Event, Span } from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorReportingConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

type Sdk = typeof import('@sentry/node');

/**
 * How the SDK is loaded: only ever when a DSN is configured, so a server without one never imports it
 * (tests spy on `load`).
 */
export const sentrySdk = { load: (): Promise<Sdk> => import('@sentry/node') };

let loaded: Sdk | undefined;

/** Sends what is queued (tests, shutdown); true at once when reporting is off. */
export const flushErrorReports = async (timeout = 2000) => (loaded ? loaded.flush(timeout) : true);

// --- Scrubbing: what is attached is chosen (method, route template, status, request id), never the
// request; these run over every event anyway, in case an error's message or a library adds more. ---

/**
 * What may leave the server of an event: no request (body, headers, cookies, query, address), no user
 * (no IP address), no breadcrumbs; everything else with its strings redacted.
 */
export const scrubEvent = <Sent extends Event>(event: Sent): Sent => {
  // The SDK's own bookkeeping (scopes, the trace's sampling context) is never sent as it is: left alone.
  const { sdkProcessingMetadata, ...sent } = event;
  const scrubbed = scrubValue({ ...sent, request: undefined, user: undefined, breadcrumbs: undefined });
  return { ...(scrubbed as Sent), sdkProcessingMetadata };
};

// --- The plugin ---

/** `GET /api/v1/clubs/:clubId`: the route as declared, never the address asked (ids, tokens). */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? '<unmatched>'}`;

export type ErrorReportingOptions = {
  config: ErrorReportingConfig | undefined;
  /** The build this server runs (the owner app's build id), sent as the release. */
  release?: string;
};

/**
 * Reports unexpected failures (answered 5xx, and the process's uncaught errors) to a Sentry-compatible
 * endpoint, with a sample of request traces; does nothing, and loads nothing, without SENTRY_DSN
 * (docs/decisions/0039).
 */
export const errorReportingPlugin = fp(
  async (app: FastifyInstance, { config, release }: ErrorReportingOptions) => {
    if (!config) return;
    const Sentry = await sentrySdk.load();
    loaded = Sentry;
    Sentry.init({
      dsn: config.dsn,
      environment: config.environment,
      ...(release && release !== 'dev' ? { release } : {}),
      tracesSampleRate: config.tracesSampleRate,
      // Transactions, not streamed spans: what a self-hosted Sentry or a compatible endpoint takes, and
      // what beforeSendTransaction sees.
      traceLifecycle: 'static',
      // An allowlist, not the defaults: these collect nothing of a request (the Http, RequestData,
      // Console and LocalVariables integrations would collect bodies, headers, addresses, log lines and
      // the values of local variables such as a password).
      defaultIntegrations: false,
      integrations: [
        Sentry.eventFiltersIntegration(),
        Sentry.linkedErrorsIntegration(),
        Sentry.dedupeIntegration(),
        Sentry.contextLinesIntegration(),
        Sentry.nodeContextIntegration(),
        Sentry.onUncaughtExceptionIntegration(),
        // As without a listener: an unhandled rejection ends the process (after being reported).
        Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
      ],
      // What replaced sendDefaultPii: nothing of users, requests or variables is collected.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        databaseQueryData: false,
        queues: false,
        stackFrameVariables: false,
        graphQL: { document: false, variables: false },
        genAI: { inputs: false, outputs: false },
        mcp: { inputs: false, outputs: false },
      },
      maxBreadcrumbs: 0,
      beforeBreadcrumb: () => null,
      beforeSend: (event) => scrubEvent(event),
      beforeSendTransaction: (event) => scrubEvent(event),
    });

    const spans = new WeakMap<FastifyRequest, Span>();
    const failures = new WeakMap<FastifyRequest, unknown>();

    if (config.tracesSampleRate > 0) {
      app.addHook('onRequest', async (request) => {
        const route = request.routeOptions.url ?? '<unmatched>';
        const span = Sentry.startNewTrace(() =>
          Sentry.startInactiveSpan({
            name: routeOf(request),
            op: 'http.server',
            forceTransaction: true,
            attributes: { 'http.request.method': request.method, 'http.route': route },
          }),
        );
        spans.set(request, span);
      });
    }

    // Before the error handler (plugins/errors.ts) decides the answer: kept until the status is known.
    app.addHook('onError', async (request, _reply, error) => {
      // An expected refusal (4xx) is the caller's; a 5xx AppError's cause is the failure.
      if (error instanceof AppError) {
        if (error.status >= 500) failures.set(request, error.cause ?? error);
        return;
      }
      failures.set(request, error);
    });

    app.addHook('onResponse', async (request, reply) => {
      const span = spans.get(request);
      const failure = failures.get(request);
      if (failure !== undefined && reply.statusCode >= 500) {
        Sentry.withActiveSpan(span ?? null, (scope) => {
          scope.setTransactionName(routeOf(request));
          scope.setTag('http.route', request.routeOptions.url ?? '<unmatched>');
          scope.setTag('http.status_code', String(reply.statusCode));
          // The id every log line of the request carries: the way from a report to the server's log.
          scope.setTag('request_id', request.id);
          Sentry.captureException(failure);
        });
      }
      if (span) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        Sentry.setHttpStatus(span, reply.statusCode);
        span.end();
      }
    });

    app.addHook('onClose', async () => {
      await Sentry.close(2000);
      loaded = undefined;
    });
  },
  { name: 'error-reporting' },
);
