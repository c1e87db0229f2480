import { redactText } from '@carta/contract/error-scrubbing';
import type { Breadcrumb, Event } from '@sentry/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportCaughtError, startErrorReporting } from '../src/lib/error-reporting.ts';
import { scrubBreadcrumb, scrubEvent, scrubUrl } from '../src/lib/error-reporting-scrub.ts';

// The SDK itself stays out of these tests: its module is replaced, so what is checked is when it loads.
const initErrorReporting = vi.fn((_settings: unknown) => report);
const report = vi.fn((_error: unknown) => undefined);
vi.mock('../src/lib/error-reporting-sdk.ts', () => ({ initErrorReporting }));

const SESSION_TOKEN = 'sessionTokenFromLocalStorage_0123456789';
const RESET_TOKEN = 'resetToken_ab12cd34ef56gh78';

/** A page whose index.html carries these meta tags (apps/api/src/plugins/web.ts). */
const stubPage = (meta: Record<string, string>) => {
  vi.stubGlobal('window', { requestIdleCallback: (task: () => void) => task() });
  vi.stubGlobal('document', {
    querySelector: (selector: string) => {
      const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1] ?? '';
      return name in meta ? { content: meta[name] } : null;
    },
  });
};

describe('owner app error reporting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does nothing and loads nothing without a DSN in the page', async () => {
    stubPage({});
    startErrorReporting();
    reportCaughtError(new Error('ignored'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(initErrorReporting).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it('loads the SDK with the settings the server wrote, and reports what an error boundary caught', async () => {
    stubPage({
      'carta-sentry-dsn': 'https://public@errors.example.com/7',
      'carta-sentry-traces-sample-rate': '0.1',
      'carta-sentry-environment': 'production',
    });
    startErrorReporting();
    const error = new Error('render failed');
    reportCaughtError(error);
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith(error));
    expect(initErrorReporting).toHaveBeenCalledTimes(1);
    expect(initErrorReporting).toHaveBeenCalledWith({
      dsn: 'https://public@errors.example.com/7',
      tracesSampleRate: 0.1,
      environment: 'production',
    });
  });

  it('sends addresses without their query, ids or tokens', () => {
    expect(scrubUrl(`https://carta.example/password/reset?token=${RESET_TOKEN}`)).toBe(
      'https://carta.example/password/reset',
    );
    expect(scrubUrl(`/users/activate?token=${RESET_TOKEN}#top`)).toBe('/users/activate');
    expect(scrubUrl('/clubs/12/menu/345/sections/6')).toBe('/clubs/:id/menu/:id/sections/:id');
    expect(scrubUrl(`/reset/${RESET_TOKEN}`)).toBe('/reset/:token');
    expect(scrubUrl('/public/qrcodemenu/12/34')).toBe('/public/qrcodemenu/:id/:id');
    expect(scrubUrl('/clubs/new')).toBe('/clubs/new');
  });

  it('sends no password, code, session token, authorization header, form value or body', () => {
    const event: Event = {
      message: `failed: {"password":"Hunter2-secret","totp":"917364"} Bearer ${SESSION_TOKEN}`,
      request: {
        url: `https://carta.example/password/reset?token=${RESET_TOKEN}`,
        headers: { Authorization: `Bearer ${SESSION_TOKEN}`, 'User-Agent': 'Firefox' },
        cookies: { session: 'cookie-secret' },
        data: { password: 'Hunter2-secret' },
        query_string: `token=${RESET_TOKEN}`,
      },
      user: { ip_address: '203.0.113.9', email: 'giulia@example.com' },
      extra: { token: SESSION_TOKEN, note: `stored ${SESSION_TOKEN}`, code: '917364' },
      breadcrumbs: [{ category: 'navigation', data: { to: `/users/activate?token=${RESET_TOKEN}` } }],
      transaction: '/clubs/12/menu',
    };
    const scrubbed = scrubEvent(event, { sessionToken: SESSION_TOKEN });
    const sent = JSON.stringify(scrubbed);
    for (const secret of [
      SESSION_TOKEN,
      RESET_TOKEN,
      'Hunter2-secret',
      '917364',
      'cookie-secret',
      '203.0.113.9',
    ])
      expect(sent).not.toContain(secret);
    expect(sent).not.toMatch(/Firefox|giulia@|ip_address/);
    expect(scrubbed.request).toEqual({ url: 'https://carta.example/password/reset' });
    expect(scrubbed.user).toBeUndefined();
    expect(scrubbed.transaction).toBe('/clubs/:id/menu');
    expect(scrubbed.message).toBe('failed: {"password":"[redacted]","totp":"[redacted]"} Bearer [redacted]');
  });

  it('keeps of a breadcrumb its kind and scrubbed addresses, never console lines or request data', () => {
    const fetch: Breadcrumb = {
      type: 'http',
      category: 'fetch',
      data: {
        method: 'POST',
        url: `/api/v1/password/reset?token=${RESET_TOKEN}`,
        status_code: 500,
        request_body: '{"password":"x"}',
        headers: { authorization: `Bearer ${SESSION_TOKEN}` },
      },
    };
    expect(scrubBreadcrumb(fetch, SESSION_TOKEN)).toEqual({
      type: 'http',
      category: 'fetch',
      data: { method: 'POST', url: '/api/v1/password/reset', status_code: 500 },
    });
    expect(scrubBreadcrumb({ category: 'console', message: `token ${SESSION_TOKEN}` })).toBeNull();
    expect(scrubBreadcrumb({ category: 'ui.click', message: 'input[name="password"]' })).toEqual({
      category: 'ui.click',
      message: 'input[name="password"]',
    });
    expect(redactText(`saved ${SESSION_TOKEN}`, SESSION_TOKEN)).toBe('saved [redacted]');
  });
});
