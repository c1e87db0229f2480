// Over 300 lines because every variable the server reads is checked here, in one schema (README's table).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads, with its default. README lists them. */
const EnvironmentSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // 0 turns the limit off; at most an hour.
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Carta <no-reply@carta.local>'),
  OPERATIONS_EMAIL: z.email().default('operations@carta.local'),
  SUPPORT_EMAIL: z.email().default('support@carta.local'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('auto'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  INVOICE_SELLER_NAME: z.string().min(1).max(160).default('Carta S.r.l.'),
  INVOICE_SELLER_VAT_NUMBER: z.string().min(1).max(30).default('IT12345678903'),
  INVOICE_SELLER_ADDRESS: z.string().min(1).max(300).default('Via Roma 1 | 20121 Milano MI'),
  // The seller's FatturaPA data (docs/decisions/0062): the address in parts, read from
  // INVOICE_SELLER_ADDRESS ("street | CAP Comune PR") when these are not set.
  INVOICE_SELLER_STREET: z.string().min(1).max(60).optional(),
  INVOICE_SELLER_POSTAL_CODE: z
    .string()
    .regex(/^\d{5}$/, 'must be the 5 digits of an Italian CAP')
    .optional(),
  INVOICE_SELLER_CITY: z.string().min(1).max(60).optional(),
  INVOICE_SELLER_PROVINCE: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be the 2-letter province (MI, RM...)')
    .optional(),
  INVOICE_SELLER_FISCAL_CODE: z
    .string()
    .regex(/^(\d{11}|[A-Z0-9]{16})$/, 'must be 11 digits or 16 characters')
    .optional(),
  INVOICE_SELLER_TAX_REGIME: z
    .string()
    .regex(/^RF(0[1-9]|1[0-9])$/, 'must be a FatturaPA RegimeFiscale code, RF01 to RF19')
    .default('RF01'),
  SDI_PROVIDER_URL: z.url().optional(),
  SDI_PROVIDER_TOKEN: z.string().min(1).optional(),
  VIES_ENABLED: booleanFlag.default(false),
  VIES_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'),
  PRIVACY_URL: z.url().default('https://www.iubenda.com/privacy-policy/carta'),
  COOKIE_URL: z.url().default('https://www.iubenda.com/privacy-policy/carta/cookie-policy'),
  TERMS_URL: z.url().default('https://www.iubenda.com/terms-and-conditions/carta'),
  SERVE_WEB: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SENTRY_DSN: z
    .url()
    .regex(/^https?:\/\/[^/@]+@[^/]+\/(.+\/)?\d+$/, 'must be a Sentry DSN (https://KEY@HOST/PROJECT_ID)')
    .optional(),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  // Suggested translations through DeepL (docs/decisions/0088); unset, the feature is off.
  DEEPL_API_KEY: z.string().min(1).optional(),
  DEEPL_SERVER_URL: z.url().optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    // It travels in an Authorization header: visible ASCII, no spaces.
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});

export type Config = {
  environment: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDirectory: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * A direct PostgreSQL address for LISTEN and the migrations' session lock, when `databaseUrl` points at
   * PgBouncer in transaction mode (docs/decisions/0058-pgbouncer.md); `databaseUrl` otherwise.
   */
  databaseListenUrl: string | undefined;
  /** `statement_timeout` of the pool's sessions, ms (0: none). */
  databaseStatementTimeoutMs: number;
  /** How long a query waits for a pool connection before failing with 503, ms. */
  databasePoolWaitMs: number;
  publicUrl: string;
  logLevel: z.infer<typeof EnvironmentSchema>['LOG_LEVEL'];
  mail: { smtpUrl: string | undefined; from: string; operationsEmail: string; supportEmail: string };
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
  payments:
    | { kind: 'sandbox' }
    | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  /**
   * The seller printed on invoices and written in their FatturaPA files; its country is the seller's
   * (Italy, SELLER_COUNTRY).
   */
  seller: SellerConfig;
  /**
   * Where FatturaPA files go (docs/decisions/0062): an intermediary's HTTP API, or the outbox folder
   * `DATA_DIR/sdi-outbox/` for the accountant.
   */
  sdi: { kind: 'outbox'; directory: string } | { kind: 'http'; url: string; token: string };
  /** The EU's VIES check of VAT numbers; off unless VIES_ENABLED (every check answers "unavailable"). */
  vies: { isEnabled: boolean; url: string };
  legal: { privacyUrl: string; cookieUrl: string; termsUrl: string };
  /** Serve the built owner app and guest pages from this process (production default). */
  isServingWeb: boolean;
  isTrustingProxy: boolean;
  /** Sign-ups (new accounts) one network address may make in an hour. */
  signUpsPerHour: number;
  /** Key material for encrypting stored secrets; from APP_SECRET, else a key file in DATA_DIR made once. */
  appSecret: string | undefined;
  /** Where unexpected errors are reported (docs/decisions/0039); off when SENTRY_DSN is not set. */
  errorReporting: ErrorReportingConfig | undefined;
  /**
   * The bearer token `GET /metrics` asks for (docs/decisions/0060-metrics.md); unset, the route does not
   * exist.
   */
  metricsToken: string | undefined;
  /**
   * The machine-translation provider of suggested translations (docs/decisions/0088): DeepL when
   * DEEPL_API_KEY is set (DEEPL_SERVER_URL: another address, the tests' fake), off otherwise.
   */
  translation: { kind: 'off' } | { kind: 'deepl'; apiKey: string; serverUrl: string | undefined };
};

export type SellerConfig = {
  name: string;
  vatNumber: string;
  addressLines: string[];
  country: string;
  street: string;
  postalCode: string;
  city: string;
  province: string | null;
  fiscalCode: string;
  taxRegime: string;
};

export type ErrorReportingConfig = { dsn: string; tracesSampleRate: number; environment: string };

export class ConfigError extends Error {}

/** The S3 settings, each of them required once STORAGE=s3 (the schema cannot say "required when"). */
const s3Storage = (env: z.infer<typeof EnvironmentSchema>) => {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = env;
  const { S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => !env[name]);
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when STORAGE=s3`);
  }
  return { kind: 's3', endpoint, bucket, region: env.S3_REGION, accessKeyId, secretAccessKey } as const;
};

/**
 * The seller: name, VAT number and printed address lines as before, and the address in the parts
 * FatturaPA asks for, each from its variable or else from INVOICE_SELLER_ADDRESS's last line
 * ("20121 Milano MI"); the codice fiscale defaults to the VAT number's digits (a company's usually are).
 */
const sellerOf = (env: z.infer<typeof EnvironmentSchema>): SellerConfig => {
  const addressLines = env.INVOICE_SELLER_ADDRESS.split('|')
    .map((line) => line.trim())
    .filter(Boolean);
  const place = /^(\d{5})\s+(.+?)(?:\s+([A-Z]{2}))?$/.exec(addressLines.at(-1) ?? '');
  const street = env.INVOICE_SELLER_STREET ?? (addressLines.length > 1 ? addressLines[0] : undefined);
  const postalCode = env.INVOICE_SELLER_POSTAL_CODE ?? place?.[1];
  const city = env.INVOICE_SELLER_CITY ?? place?.[2];
  const missing = [
    ...(street ? [] : ['INVOICE_SELLER_STREET']),
    ...(postalCode ? [] : ['INVOICE_SELLER_POSTAL_CODE']),
    ...(city ? [] : ['INVOICE_SELLER_CITY']),
  ];
  if (!street || !postalCode || !city)
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required when INVOICE_SELLER_ADDRESS does not read ` +
        '"street | CAP Comune PR"',
    );
  const vatDigits = env.INVOICE_SELLER_VAT_NUMBER.replace(/^[A-Za-z]{2}/, '').replace(/\s+/g, '');
  return {
    name: env.INVOICE_SELLER_NAME,
    vatNumber: env.INVOICE_SELLER_VAT_NUMBER,
    addressLines,
    country: 'IT',
    street,
    postalCode,
    city,
    province: env.INVOICE_SELLER_PROVINCE ?? place?.[3] ?? null,
    fiscalCode: env.INVOICE_SELLER_FISCAL_CODE ?? vatDigits,
    taxRegime: env.INVOICE_SELLER_TAX_REGIME,
  };
};

/** A variable that becomes required once another is set. */
const required = (value: string | undefined, name: string, because: string): string => {
  if (!value) throw new ConfigError(`Invalid configuration:\n  ${name}: required when ${because} is set`);
  return value;
};

/** Reads and checks the environment; a wrong value throws naming the variable. */
export const loadConfig = (environment: NodeJS.ProcessEnv = process.env): Config => {
  // Empty strings mean "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = EnvironmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.DATABASE_LISTEN_URL && !env.DATABASE_URL)
    throw new ConfigError('Invalid configuration:\n  DATABASE_LISTEN_URL: only with DATABASE_URL');
  if (env.DEEPL_SERVER_URL && !env.DEEPL_API_KEY)
    throw new ConfigError('Invalid configuration:\n  DEEPL_SERVER_URL: only with DEEPL_API_KEY');
  const storage = env.STORAGE === 's3' ? s3Storage(env) : ({ kind: 'local' } as const);
  return {
    environment: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDirectory: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseListenUrl: env.DATABASE_URL ? (env.DATABASE_LISTEN_URL ?? env.DATABASE_URL) : undefined,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePoolWaitMs: env.DATABASE_POOL_WAIT_MS,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      operationsEmail: env.OPERATIONS_EMAIL,
      supportEmail: env.SUPPORT_EMAIL,
    },
    storage,
    payments: env.STRIPE_SECRET_KEY
      ? {
          kind: 'stripe',
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: required(env.STRIPE_PUBLISHABLE_KEY, 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY'),
          webhookSecret: required(env.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'),
        }
      : { kind: 'sandbox' },
    seller: sellerOf(env),
    sdi: env.SDI_PROVIDER_URL
      ? {
          kind: 'http',
          url: env.SDI_PROVIDER_URL.replace(/\/$/, ''),
          token: required(env.SDI_PROVIDER_TOKEN, 'SDI_PROVIDER_TOKEN', 'SDI_PROVIDER_URL'),
        }
      : { kind: 'outbox', directory: path.join(path.resolve(env.DATA_DIR), 'sdi-outbox') },
    vies: { isEnabled: env.VIES_ENABLED, url: env.VIES_URL },
    legal: { privacyUrl: env.PRIVACY_URL, cookieUrl: env.COOKIE_URL, termsUrl: env.TERMS_URL },
    isServingWeb: env.SERVE_WEB ?? env.NODE_ENV !== 'test',
    isTrustingProxy: env.TRUST_PROXY,
    signUpsPerHour: env.SIGN_UPS_PER_HOUR,
    appSecret: env.APP_SECRET,
    errorReporting: env.SENTRY_DSN
      ? {
          dsn: env.SENTRY_DSN,
          tracesSampleRate: env.SENTRY_TRACES_SAMPLE_RATE,
          environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
        }
      : undefined,
    metricsToken: env.METRICS_TOKEN,
    translation: env.DEEPL_API_KEY
      ? { kind: 'deepl', apiKey: env.DEEPL_API_KEY, serverUrl: env.DEEPL_SERVER_URL?.replace(/\/$/, '') }
      : { kind: 'off' },
  };
};

/**
 * The server secret: APP_SECRET when set (required with several processes), else `DATA_DIR/secret.key`,
 * created with 256 random bits on the first start.
 */
export const resolveAppSecret = (config: Config): string => {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDirectory, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDirectory, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
};
