import { redactText, scrubValue } from '@carta/contract/error-scrubbing';
import type { Breadcrumb, Event } from '@sentry/browser';

// What the owner app's error reports may carry (docs/decisions/0039): no form values or request bodies
// (the SDK collects neither with the integrations chosen in error-reporting-sdk.ts), no credentials, no
// session token, no address's query (reset and activation links carry their token there: router.tsx's
// password/reset and users/activate). Pure functions: tests run them without the SDK.

/**
 * An address without what may identify someone: no query or fragment, and a path segment that is a
 * number (a club's, a table's) or token-like (20 or more letters, digits, - and _) replaced by its kind.
 */
export const scrubUrl = (url: string): string => {
  const end = url.search(/[?#]/);
  const withoutQuery = end === -1 ? url : url.slice(0, end);
  const [, origin = '', path = ''] = /^([a-z][\w+.-]*:\/\/[^/]*)?(.*)$/i.exec(withoutQuery) ?? [];
  const scrubbedPath = path
    .split('/')
    .map((segment) => {
      if (/^\d+$/.test(segment)) return ':id';
      return /^[\w-]{20,}$/.test(segment) && /\d/.test(segment) ? ':token' : segment;
    })
    .join('/');
  return `${origin}${scrubbedPath}`;
};

/** The breadcrumb data worth keeping: how a request or a navigation went, never what it carried. */
const BREADCRUMB_DATA = new Set(['method', 'status_code', 'url', 'from', 'to']);

/** A breadcrumb with its addresses scrubbed and nothing but its kind, message and allowed data. */
export const scrubBreadcrumb = (breadcrumb: Breadcrumb, sessionToken?: string | null): Breadcrumb | null => {
  // Console lines may print anything the app had at hand.
  if (breadcrumb.category === 'console') return null;
  const data = Object.entries(breadcrumb.data ?? {})
    .filter(([key]) => BREADCRUMB_DATA.has(key))
    .map(([key, value]) => [
      key,
      typeof value === 'string' ? scrubUrl(redactText(value, sessionToken)) : value,
    ]);
  return {
    ...(breadcrumb.type ? { type: breadcrumb.type } : {}),
    ...(breadcrumb.category ? { category: breadcrumb.category } : {}),
    ...(breadcrumb.level ? { level: breadcrumb.level } : {}),
    ...(breadcrumb.timestamp ? { timestamp: breadcrumb.timestamp } : {}),
    ...(breadcrumb.message ? { message: redactText(breadcrumb.message, sessionToken) } : {}),
    ...(data.length > 0 ? { data: Object.fromEntries(data) } : {}),
  };
};

/**
 * An event as it may leave the browser: no user, no request but its scrubbed address, no headers or
 * cookies, every string redacted (the session token included).
 */
export const scrubEvent = <Sent extends Event>(
  event: Sent,
  { sessionToken, pageUrl }: { sessionToken?: string | null; pageUrl?: string } = {},
): Sent => {
  const { sdkProcessingMetadata, request, user: _user, ...sent } = event;
  const url = request?.url ?? pageUrl;
  const scrubbed = scrubValue(
    {
      ...sent,
      ...(url ? { request: { url: scrubUrl(url) } } : {}),
      ...(event.transaction ? { transaction: scrubUrl(event.transaction) } : {}),
    },
    sessionToken,
  ) as Sent;
  return { ...scrubbed, ...(sdkProcessingMetadata ? { sdkProcessingMetadata } : {}) };
};
