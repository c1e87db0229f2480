import { SESSION_TOKEN_KEY } from '@carta/contract/limits';
import * as Sentry from '@sentry/browser';
import { scrubBreadcrumb, scrubEvent, scrubUrl } from './error-reporting-scrub.ts';

// Loaded only when the server names a reporting endpoint (error-reporting.ts): the SDK is its own chunk,
// never part of the first load.

const sessionToken = () => {
  try {
    return localStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
};

const scrub = <Sent extends Sentry.Event>(event: Sent) =>
  scrubEvent(event, { sessionToken: sessionToken(), pageUrl: window.location.href });

/** What the server writes into index.html when SENTRY_DSN is set (apps/api/src/plugins/web.ts). */
export type ErrorReportingSettings = { dsn: string; tracesSampleRate: number; environment?: string };

/** Sets the SDK up; answers how to report an error caught by an error boundary. */
export const initErrorReporting = ({ dsn, tracesSampleRate, environment }: ErrorReportingSettings) => {
  Sentry.init({
    dsn,
    ...(environment ? { environment } : {}),
    release: __CARTA_BUILD__,
    tracesSampleRate,
    // Transactions, as the server sends them (what a self-hosted or compatible endpoint takes).
    traceLifecycle: 'static',
    // An allowlist, not the defaults: no HttpContext (address, user agent, referrer), no console
    // breadcrumbs, no sessions.
    defaultIntegrations: false,
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.browserApiErrorsIntegration(),
      Sentry.globalHandlersIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.breadcrumbsIntegration({ dom: true, fetch: true, xhr: true, history: true, sentry: false }),
      Sentry.browserTracingIntegration({
        // Screens are named by their path with ids and tokens replaced, never by the address asked.
        beforeStartSpan: (options) => ({ ...options, name: scrubUrl(window.location.pathname) }),
      }),
    ],
    // Our API answers with no trace headers to continue: none are added to its requests.
    tracePropagationTargets: [],
    // What replaced sendDefaultPii: nothing of users, headers, cookies, queries or bodies is collected.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb, sessionToken()),
    beforeSend: scrub,
    beforeSendTransaction: scrub,
  });
  return (error: unknown) => {
    Sentry.captureException(error, { mechanism: { type: 'react.error-boundary', handled: true } });
  };
};
