import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** The kinds of answer this process gives, each with its own Content-Security-Policy. */
export type Surface = 'ownerApp' | 'guestPages' | 'apiDocs' | 'api' | 'files';

/** Helmet's options for one answer (what `reply.helmet` takes). */
type HeaderOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;
type Directives = Record<string, string[]>;

/** Which surface an address belongs to; anything not API, files, docs or guest page is the owner app's. */
export const surfaceOf = (url: string): Surface => {
  const path = url.split('?', 1)[0] ?? url;
  if (/^\/api\/docs(\/|$)/.test(path)) return 'apiDocs';
  if (/^\/api(\/|$)/.test(path)) return 'api';
  if (/^\/files(\/|$)/.test(path)) return 'files';
  if (/^\/public(\/|$)/.test(path)) return 'guestPages';
  return 'ownerApp';
};

/** Stripe.js and its Payment Element, allowed only when Stripe takes the payments (0047). */
const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * Origins outside this server that the owner app may use, per directive: storage, error reports and,
 * with Stripe configured, Stripe's (its Payment Element runs in Stripe's frames).
 */
const ownerAppOrigins = (config: Config) => {
  const stripe = config.payments.kind === 'stripe';
  return {
    // With S3 storage the browser PUTs an image straight to the bucket's signed address (upload-image.ts).
    'connect-src': [
      ...(config.storage.kind === 's3' ? [new URL(config.storage.endpoint).origin] : []),
      // Error reports go straight to the reporting endpoint (docs/decisions/0039).
      ...(config.errorReporting ? [new URL(config.errorReporting.dsn).origin] : []),
      ...(stripe ? STRIPE_ORIGINS.connect : []),
    ],
    'script-src': stripe ? STRIPE_ORIGINS.script : [],
    'frame-src': stripe ? STRIPE_ORIGINS.frame : [],
    'img-src': stripe ? STRIPE_ORIGINS.img : [],
  };
};

const SELF = "'self'";
const NONE = "'none'";

/** Powerful features no page of ours uses; a framed or injected script cannot ask for them either. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/** The same, with Stripe's frames allowed the Payment Request API (wallets) when Stripe takes payments. */
export const permissionsPolicyOf = (config: Config) =>
  config.payments.kind === 'stripe'
    ? 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")'
    : PERMISSIONS_POLICY;

const directivesOf = (surface: Surface, config: Config): Directives => {
  /** What every HTML surface shares: nothing from elsewhere, no plugins, never framed. */
  const page: Directives = {
    'default-src': [SELF],
    'script-src': [SELF],
    // Inline styles: emotion (MUI) writes <style> elements at runtime and the guest pages carry the
    // theme in a style attribute; a nonce needs the owner app to read one (docs/decisions/0037).
    'style-src': [SELF, "'unsafe-inline'"],
    'img-src': [SELF, 'data:'],
    'font-src': [SELF],
    'connect-src': [SELF],
    'object-src': [NONE],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': [NONE],
  };
  switch (surface) {
    case 'ownerApp': {
      const origins = ownerAppOrigins(config);
      return {
        ...page,
        'script-src': [SELF, ...origins['script-src']],
        // QR previews and downloads are blob: addresses (get-table-qr.ts, api-client.ts saveBlob).
        'img-src': [SELF, 'data:', 'blob:', ...origins['img-src']],
        'connect-src': [SELF, ...origins['connect-src']],
        ...(origins['frame-src'].length > 0 ? { 'frame-src': [SELF, ...origins['frame-src']] } : {}),
      };
    }
    case 'guestPages':
      // The script is one external file named by its hash, the service worker is /public/sw.js.
      return { ...page, 'worker-src': [SELF], 'manifest-src': [SELF] };
    case 'apiDocs':
      // Swagger UI: its own scripts, styles and data: icons, and the OpenAPI document it fetches.
      return page;
    case 'api':
    case 'files':
      // JSON and images are never a page: nothing may load from them, nothing may frame them.
      return { 'default-src': [NONE], 'frame-ancestors': [NONE] };
  }
};

const SURFACES: Surface[] = ['ownerApp', 'guestPages', 'apiDocs', 'api', 'files'];

const referrerPolicyOf = (surface: Surface) =>
  // Guest pages' addresses hold the club and table: no other site learns them (as before helmet).
  surface === 'ownerApp' || surface === 'apiDocs' ? 'strict-origin-when-cross-origin' : 'no-referrer';

/** One year; no includeSubDomains nor preload: the domain and its other hosts are not ours to pin. */
const HSTS_MAX_AGE = 31_536_000;

const isHttps = (config: Config) => config.publicUrl.startsWith('https:');

/** Every header of one surface, as helmet takes them. */
export const headerOptionsOf = (surface: Surface, config: Config): HeaderOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: directivesOf(surface, config) },
  referrerPolicy: { policy: referrerPolicyOf(surface) },
  // Only a server reached over https may pin browsers to https (a browser ignores it over http, but a
  // development or test server must not claim it).
  strictTransportSecurity: isHttps(config) ? { maxAge: HSTS_MAX_AGE, includeSubDomains: false } : false,
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Stored images are public (guest pages show them): another site may still show one, as before.
  crossOriginResourcePolicy: { policy: surface === 'files' ? 'cross-origin' : 'same-origin' },
});

/**
 * The essential headers of a surface as plain values, for the answers Fastify gives before any hook
 * runs (a malformed address: `handleFrameworkError`). Same CSP text as helmet writes.
 */
const essentialHeadersOf = (surface: Surface, config: Config): Record<string, string> => ({
  'content-security-policy': Object.entries(directivesOf(surface, config))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';'),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': referrerPolicyOf(surface),
  'permissions-policy': permissionsPolicyOf(config),
  ...(isHttps(config) ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE}` } : {}),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The essential security headers for an address, for answers given before the hooks run. */
    securityHeadersOf: (url: string) => Record<string, string>;
  }
}

export type SecurityHeadersOptions = { config: Config };

/**
 * Security headers on every answer, chosen by the surface its address belongs to (owner app, guest
 * pages, API docs, API, stored files): set when the request arrives, so errors and 404s carry them too.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { config }: SecurityHeadersOptions) => {
    const options = Object.fromEntries(
      SURFACES.map((surface) => [surface, headerOptionsOf(surface, config)]),
    ) as Record<Surface, HeaderOptions>;
    const essentials = Object.fromEntries(
      SURFACES.map((surface) => [surface, essentialHeadersOf(surface, config)]),
    ) as Record<Surface, Record<string, string>>;
    app.decorate('securityHeadersOf', (url: string) => essentials[surfaceOf(url)]);
    const permissionsPolicy = permissionsPolicyOf(config);
    // Not global: the hook below picks the options per surface; helmet only decorates the reply.
    await app.register(helmet, { global: false });
    app.addHook('onRequest', async (request, reply) => {
      reply.helmet(options[surfaceOf(request.url)]);
      reply.header('permissions-policy', permissionsPolicy);
    });
  },
  { name: 'security-headers' },
);
