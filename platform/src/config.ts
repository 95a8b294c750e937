import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, UPLOAD_TRANSFER_LIMIT_MS } from '@cc/contracts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: booleanFlag,
  ADMIN_EMAILS: z.string().default(''),
  /** Password of the administrator accounts created at start for ADMIN_EMAILS addresses that have none. */
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'must be at most 200 characters')
    .optional(),
  /** Sign-ups and sign-ins (together) one client address may make per minute; 0 turns the limit off. */
  AUTH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public address of the app (e.g. https://claims.example.org); https here turns on Secure cookies. */
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z.string().optional(),
  OIDC_ISSUER_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_URI: z.string().url().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  /** Real SMTP for e-mail, e.g. smtps://user:pass@smtp.example.org:465; without it, e-mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  /** The sender of every e-mail. */
  MAIL_FROM: z.string().optional(),
  /** Document analyses run at once by the analysis worker. */
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Events a read-model rebuild applies per transaction; unset: 10,000 for set-based read models, 500 for the others. */
  REBUILD_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).optional(),
  // Billing: Stripe when STRIPE_SECRET_KEY is set, else the offline test-mode provider.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_BASIC_MONTHLY: z.string().optional(),
  STRIPE_PRICE_BASIC_YEARLY: z.string().optional(),
  STRIPE_PRICE_PRO_MONTHLY: z.string().optional(),
  STRIPE_PRICE_PRO_YEARLY: z.string().optional(),
  STRIPE_CHECKOUT: z.enum(['hosted', 'elements']).default('hosted'),
  /** Another server speaking Stripe's API (a local mock); Stripe's own by default. */
  STRIPE_API_URL: z.string().url().optional(),
  BILLING_TEST_COUPONS: z.string().optional(),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** How often the test-mode provider's clock runs (renewals, cancellations at period end). */
  BILLING_CLOCK_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /** The VA Forms API's forms index and its key; both set, the forms are refreshed from it. */
  VA_FORMS_API_URL: z.string().url().optional(),
  VA_API_KEY: z.string().min(1).optional(),
  /** VA's public DBQ page, read by the administrators' DBQ sync. */
  DBQ_SYNC_URL: z.string().url().optional(),
  /** EventStoreDB / KurrentDB (kurrentdb://host:2113?tls=false) as the event store instead of PostgreSQL's `events` table. */
  EVENTSTORE_CONNECTION_STRING: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Kafka brokers (host:port, comma-separated): workers consume through Kafka, fed by the relay. */
  KAFKA_BROKERS: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Prefix of every stream in EventStoreDB, so several environments can share one server (default none). */
  EVENTSTORE_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must be letters, digits, ".", "_" or "-"')
    .optional(),
  /** Prefix of the event topics (`<prefix><stream category>`), so several environments can share one cluster. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,200}$/, 'must be letters, digits, ".", "_" or "-" (Kafka topic characters)')
    .default('cc.events.'),
  /** A request's head (request line and headers) must arrive within this. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A request's body must arrive within this, counted from its start (every route but the uploads). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** An upload's transfer may run this long. */
  UPLOAD_TRANSFER_LIMIT_MS: z.coerce.number().int().min(100).max(3_600_000).default(UPLOAD_TRANSFER_LIMIT_MS),
  /** An upload that brings less than 16 KB in this long has stalled and is cut off. */
  UPLOAD_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
});

const STRIPE_REQUIRED = [
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC_MONTHLY',
  'STRIPE_PRICE_BASIC_YEARLY',
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_YEARLY',
] as const;

/** Payments: Stripe (all of its settings) or the offline test mode (its coupons and grace period). */
export type BillingConfig =
  | { kind: 'test'; coupons: string | undefined; graceDays: number; clockIntervalMs: number }
  | {
      kind: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      prices: { basic: { monthly: string; yearly: string }; pro: { monthly: string; yearly: string } };
      checkoutPage: 'hosted' | 'elements';
      apiUrl: string | undefined;
    };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  adminEmails: string[];
  /** Only ever used to create missing administrator accounts at start; never logged. */
  adminPassword: string | undefined;
  /** Sign-ups and sign-ins per client address and minute; 0 = no limit. */
  authIpLimitPerMinute: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  publicUrl: string | undefined;
  /**
   * Express's `trust proxy`: false (direct connections), the number of proxies in front, or the
   * addresses/subnets of trusted proxies. `TRUST_PROXY=true` means one proxy.
   */
  trustProxy: false | number | string[];
  /** Where uploaded files go: S3 when S3_BUCKET is set (S3_ENDPOINT, S3_REGION, AWS credentials), else DATA_DIR/objects. */
  objectStorage: { kind: 's3'; bucket: string; endpoint: string | undefined } | { kind: 'local'; root: string };
  /** E-mail: SMTP when `smtpUrl` is set, else `.eml` files in DATA_DIR/outbox; `from` is the sender. */
  mail: { smtpUrl: string | undefined; from: string };
  /** The app's address for links in e-mails: PUBLIC_URL, else http://localhost:PORT. */
  appUrl: string;
  /** How many document analyses the worker runs at once (ANALYSIS_CONCURRENCY, 1–64). */
  analysisConcurrency: number;
  /** Events a rebuild applies per transaction (REBUILD_BATCH_SIZE); undefined: the rebuilder's defaults. */
  rebuildBatchSize: number | undefined;
  /** Never logged: it holds Stripe's secret key. */
  billing: BillingConfig;
  /** The VA Forms API (VA_FORMS_API_URL with VA_API_KEY); without it the bundled catalogue is shown. */
  vaFormsApi: { url: string; apiKey: string } | undefined;
  /** VA's public DBQ page (DBQ_SYNC_URL); without it a DBQ sync reads the bundled catalogue. */
  dbqSyncUrl: string | undefined;
  /** Where events are stored (docs/decisions/topology.md): PostgreSQL by default, EventStoreDB with EVENTSTORE_CONNECTION_STRING. */
  eventStore: { kind: 'postgres' } | { kind: 'eventstoredb'; connectionString: string; namespace: string | undefined };
  /** How workers receive events: the event store itself by default, Kafka with KAFKA_BROKERS (fed by the relay). */
  bus: { kind: 'embedded' } | { kind: 'kafka'; brokers: string[]; topicPrefix: string };
  oidc:
    { issuerUrl: string; clientId: string; clientSecret: string | undefined; redirectUri: string | undefined; scopes: string } | undefined;
  /** How long the HTTP server waits for what a client sends (docs/decisions/reliability.md; platform/src/http/server.ts). */
  http: HttpTimeouts;
}

/**
 * The HTTP server's limits on a client, set per kind of route: a request head is short, the body
 * of an ordinary request is short, an upload gets its whole transfer limit but must keep moving.
 */
export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  uploadTransferLimitMs: number;
  uploadStallMs: number;
}

export class ConfigError extends Error {}

/**
 * `true` is one proxy, not "trust every hop": with every hop trusted the client address would be the
 * left-most `X-Forwarded-For` entry, which the client writes itself, and every per-address limit
 * could be dodged by changing it. Behind a chain, give the number of proxies or their subnets.
 */
function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  const text = value?.trim().toLowerCase();
  if (!text || ['false', '0', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const address = /^[0-9a-f.:]+(\/\d{1,3})?$/;
  const bad = entries.find((entry) => !named.has(entry) && !address.test(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: "${bad}" is not true/false, a number of proxies, or a list of addresses/subnets (e.g. loopback, 10.0.0.0/8)`,
    );
  }
  return entries;
}

/**
 * The shape the KurrentDB client accepts (`kurrentdb://`, `kurrent://`, `kdb://`, the older
 * `esdb://`, each also `+discover`; optional
 * `user:password@`, hosts with optional ports, `?key=value` options), checked here so a typo stops
 * the start with a message instead of failing at the first append. The client parses it again when
 * the store is made (and that error is a ConfigError too). The value is never echoed: it may hold a password.
 */
function eventStoreProblem(value: string): string | undefined {
  const match = /^(?:kurrentdb|kurrent|kdb|esdb)(?:\+discover)?:\/\/(?:[^:@/?]+:[^@/?]+@)?([^/?@]*)\/?(?:\?(.*))?$/.exec(value);
  if (!match) return 'must look like kurrentdb://host:2113?tls=false (or kurrentdb+discover://…)';
  const hosts = match[1]!.split(',');
  for (const host of hosts) {
    const hostMatch = /^([A-Za-z0-9._-]+)(?::(\d{1,5}))?$/.exec(host.trim());
    if (!hostMatch) return `names no host, or a host that is not host[:port] (${hosts.length} given)`;
    if (hostMatch[2] !== undefined && (Number(hostMatch[2]) < 1 || Number(hostMatch[2]) > 65535)) return 'has a port outside 1–65535';
  }
  for (const option of match[2] ? match[2].split('&') : []) {
    if (!/^[A-Za-z]+=[^=]+$/.test(option)) return 'has an option that is not key=value after "?"';
  }
  return undefined;
}

/** `host:port` entries, comma-separated; the message says which entry is wrong (brokers hold no secrets). */
function parseBrokers(value: string): string[] | string {
  const brokers = value.split(',').map((entry) => entry.trim());
  for (const broker of brokers) {
    const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9._-]+):(\d{1,5})$/.exec(broker);
    if (!match) return `"${broker}" is not host:port (e.g. kafka:9092; several are separated by commas)`;
    if (Number(match[2]) < 1 || Number(match[2]) > 65535) return `"${broker}" has a port outside 1–65535`;
  }
  return brokers;
}

/** `Claims Copilot <no-reply@host>`, the host from PUBLIC_URL when there is one. */
function defaultSender(publicUrl: string | undefined): string {
  let host = 'claims-copilot.localhost';
  try {
    if (publicUrl) host = new URL(publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL is checked by the schema; keep the default.
  }
  return `Claims Copilot <no-reply@${host}>`;
}

/** Reads and validates the environment once, at start-up; a bad value stops the app with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VA_FORMS_API_URL) !== Boolean(e.VA_API_KEY)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.VA_FORMS_API_URL ? 'VA_API_KEY' : 'VA_FORMS_API_URL'}: required with ${e.VA_FORMS_API_URL ? 'VA_FORMS_API_URL' : 'VA_API_KEY'}`,
    );
  }
  if (e.OIDC_ISSUER_URL && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER_URL is set');
  }
  if (e.STRIPE_SECRET_KEY) {
    const missing = STRIPE_REQUIRED.filter((name) => !e[name]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when STRIPE_SECRET_KEY is set`).join('\n')}`,
      );
  }
  const eventStoreError = e.EVENTSTORE_CONNECTION_STRING === undefined ? undefined : eventStoreProblem(e.EVENTSTORE_CONNECTION_STRING);
  const brokers = e.KAFKA_BROKERS === undefined ? undefined : parseBrokers(e.KAFKA_BROKERS);
  const productionErrors = [
    ...(eventStoreError ? [`  EVENTSTORE_CONNECTION_STRING: ${eventStoreError}`] : []),
    ...(typeof brokers === 'string' ? [`  KAFKA_BROKERS: ${brokers}`] : []),
  ];
  if (productionErrors.length) throw new ConfigError(`Invalid configuration:\n${productionErrors.join('\n')}`);
  const billing: BillingConfig = e.STRIPE_SECRET_KEY
    ? {
        kind: 'stripe',
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
        prices: {
          basic: { monthly: e.STRIPE_PRICE_BASIC_MONTHLY as string, yearly: e.STRIPE_PRICE_BASIC_YEARLY as string },
          pro: { monthly: e.STRIPE_PRICE_PRO_MONTHLY as string, yearly: e.STRIPE_PRICE_PRO_YEARLY as string },
        },
        checkoutPage: e.STRIPE_CHECKOUT,
        apiUrl: e.STRIPE_API_URL,
      }
    : { kind: 'test', coupons: e.BILLING_TEST_COUPONS, graceDays: e.BILLING_GRACE_DAYS, clockIntervalMs: e.BILLING_CLOCK_INTERVAL_MS };
  return {
    billing,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo accounts only ever go into a fresh embedded database, never into a configured server.
    seedDemo: !e.DATABASE_URL && e.SEED_DEMO !== false,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    adminPassword: e.ADMIN_PASSWORD,
    authIpLimitPerMinute: e.AUTH_IP_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    analysisConcurrency: e.ANALYSIS_CONCURRENCY,
    rebuildBatchSize: e.REBUILD_BATCH_SIZE,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? defaultSender(e.PUBLIC_URL) },
    appUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    vaFormsApi: e.VA_FORMS_API_URL && e.VA_API_KEY ? { url: e.VA_FORMS_API_URL, apiKey: e.VA_API_KEY } : undefined,
    dbqSyncUrl: e.DBQ_SYNC_URL,
    eventStore: e.EVENTSTORE_CONNECTION_STRING
      ? { kind: 'eventstoredb', connectionString: e.EVENTSTORE_CONNECTION_STRING, namespace: e.EVENTSTORE_NAMESPACE }
      : { kind: 'postgres' },
    bus: Array.isArray(brokers) ? { kind: 'kafka', brokers, topicPrefix: e.KAFKA_TOPIC_PREFIX } : { kind: 'embedded' },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      uploadTransferLimitMs: e.UPLOAD_TRANSFER_LIMIT_MS,
      uploadStallMs: e.UPLOAD_STALL_MS,
    },
    objectStorage: e.S3_BUCKET
      ? { kind: 's3', bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT }
      : { kind: 'local', root: path.join(path.resolve(e.DATA_DIR), 'objects') },
    oidc: e.OIDC_ISSUER_URL
      ? {
          issuerUrl: e.OIDC_ISSUER_URL,
          clientId: e.OIDC_CLIENT_ID as string,
          clientSecret: e.OIDC_CLIENT_SECRET,
          redirectUri: e.OIDC_REDIRECT_URI,
          scopes: e.OIDC_SCOPES,
        }
      : undefined,
  };
}
