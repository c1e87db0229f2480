import type { ErrorReportingSettings } from './error-reporting-sdk.ts';
import { whenIdle } from './when-idle.ts';

const metaContent = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="carta-sentry-${name}"]`)?.content;

let reporter: Promise<((error: unknown) => void) | undefined> | undefined;

/**
 * Starts reporting errors when the server names an endpoint; without one it does nothing and loads
 * nothing. The SDK (a chunk of its own) loads once the first screen is up (docs/decisions/0039).
 */
export const startErrorReporting = (): void => {
  const dsn = metaContent('dsn');
  if (!dsn || reporter) return;
  const rate = Number(metaContent('traces-sample-rate'));
  const environment = metaContent('environment');
  const settings: ErrorReportingSettings = {
    dsn,
    tracesSampleRate: Number.isFinite(rate) ? rate : 0,
    ...(environment ? { environment } : {}),
  };
  reporter = new Promise<void>((resolve) => whenIdle(resolve))
    .then(() => import('./error-reporting-sdk.ts'))
    .then(({ initErrorReporting }) => initErrorReporting(settings))
    // Reporting that cannot load is no reason for the app to fail.
    .catch(() => undefined);
};

/** Reports an error an error boundary caught (global errors the SDK catches itself); no-op when off. */
export const reportCaughtError = (error: unknown): void => {
  void reporter?.then((report) => report?.(error));
};
