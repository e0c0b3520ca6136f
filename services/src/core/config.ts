import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_STREAM_QUEUE_DEPTH } from './streamQueue';

/** http(s) and nothing after the host but an optional slash: links append their own paths */
function isSiteOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username
    );
  } catch {
    return false;
  }
}

/** a secret an HTTP client sends as `Authorization: Bearer <token>` */
const bearerToken = z
  .string()
  .min(24, 'at least 24 characters, e.g. from `openssl rand -hex 24`')
  .regex(/^[\x21-\x7e]+$/, 'printable characters without spaces');

const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Configuration from the environment, validated at start-up. A missing engine URL selects the
 * embedded adapter; a malformed value stops the process with a message naming the variable.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Express's "trust proxy": which hops may set X-Forwarded-For (the IP the abuse limits count by) */
  TRUST_PROXY: z.string().default('loopback'),
  DATA_DIR: z.string().default('./data'),
  SEED: booleanText.default(true),
  EVENTSTORE_DURABILITY: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  /** embedded read models (ROLE=all without MONGO_URL): start from a snapshot in DATA_DIR/snapshots, write one on a schedule and at shutdown */
  READ_SNAPSHOTS: booleanText.default(true),
  /** a snapshot after this many events since the last one */
  READ_SNAPSHOT_EVERY_EVENTS: z.coerce.number().int().min(1).default(100_000),
  /** or this many minutes after the last one, when any event came since */
  READ_SNAPSHOT_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** the site's address in e-mail and payment links (never the request's Host header); required in production */
  PUBLIC_URL: z
    .string()
    .url()
    .refine(isSiteOrigin, "expected the site's origin, e.g. https://estate.example")
    .transform((v) => new URL(v).origin)
    .optional(),
  /** production engines: each one absent selects its embedded adapter */
  EVENTSTORE_URL: z
    .string()
    .regex(/^(kurrentdb|esdb)(\+discover)?:\/\/\S+$/, 'expected kurrentdb://host:2113?tls=false')
    .optional(),
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'expected mongodb://host:27017')
    .optional(),
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('estate'),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}(,[A-Za-z0-9.-]+:\d{1,5})*$/, 'expected host:port[,host:port…]')
    .transform((v) => v.split(','))
    .optional(),
  /** commands one process holds on one stream — a chat, a booking, a wallet — taking turns; 429 beyond (issue 40) */
  STREAM_QUEUE_DEPTH: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_STREAM_QUEUE_DEPTH),
  /** which part this process plays: everything, or one of the roles docker compose scales apart */
  ROLE: z.enum(['all', 'api', 'projector', 'worker']).default('all'),
  /** a projector's lease lapses this long after its holder stops renewing it (renewed every third of it) */
  PROJECTOR_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'expected redis://host:6379')
    .optional(),
  /** an internal port of this process answering only GET /metrics (Prometheus text), in every role; absent: none */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** the interface the metrics port listens on */
  METRICS_HOST: z.string().default('0.0.0.0'),
  /** with it, the public app also serves /metrics to `Authorization: Bearer <token>`; absent: /metrics is a 404 there */
  METRICS_TOKEN: bearerToken.optional(),
  /**
   * with it, the metrics port also serves the operator's /admin/ calls (rebuild a read model, replay
   * a reactor: `npm run admin`) to `Authorization: Bearer <token>`; absent: they are a 404
   */
  ADMIN_TOKEN: bearerToken.optional(),

  /** traces (core/tracing.ts): off unless one of the two endpoints is set; spans go there over OTLP/HTTP (JSON) */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'expected the collector, e.g. http://otel-collector:4318')
    .optional(),
  /** the traces endpoint in full (…/v1/traces), in place of the one derived from OTEL_EXPORTER_OTLP_ENDPOINT */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'expected http://otel-collector:4318/v1/traces')
    .optional(),
  /** the service the spans are from; absent: estate-<ROLE> (estate for ROLE=all) */
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  /** the share of requests traced (parent-based: a trace is kept or dropped whole, in every process) */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /** the standard switch: true turns tracing off even with an endpoint set */
  OTEL_SDK_DISABLED: booleanText.default(false),

  /** accounts: phones given the back-office moderator role (development: the demo moderator) */
  MODERATOR_PHONES: z
    .string()
    .regex(/^7\d{10}(,7\d{10})*$/, 'expected 79990000000[,7…]')
    .transform((v) => v.split(','))
    .optional(),
  /** providers: each one absent selects the development outbox (listed at /api/dev/sms and /api/dev/email) */
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SENDER: z.string().max(11).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'expected smtp://user:pass@host:587')
    .optional(),
  MAIL_FROM: z.string().default('Маркетплейс недвижимости <no-reply@estate.local>'),
  /** formerly served the outbox in production; now only read to refuse a production start that still sets it */
  DEV_OUTBOX: booleanText.default(false),
  RECAPTCHA_SECRET: z.string().optional(),
  /** the public key the site and cabinet load reCAPTCHA v3 with (absent: they send a development token) */
  RECAPTCHA_SITE_KEY: z.string().optional(),
  /** the map's tiles (an OpenStreetMap-style {z}/{x}/{y} address) and their attribution */
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s"']+\{z\}[^\s"']*\{x\}[^\s"']*\{y\}/,
      'MAP_TILE_URL: an https address with {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(300).default('© участники OpenStreetMap'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** abuse limits: codes per phone and per IP an hour, code checks per IP in 10 minutes */
  SMS_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(5),
  SMS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  CODE_CHECK_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** daily-rent booking requests: per IP an hour (every call), per guest phone a day and per listing an hour (new requests) */
  BOOKING_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  BOOKING_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(10),
  BOOKING_LIMIT_PER_LISTING: z.coerce.number().int().min(1).default(20),
  /** chat messages one user may send a minute (429 beyond) */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** a chat member away (no socket open) is told of new messages at most once in this many seconds of a streak */
  CHAT_QUIET_SECONDS: z.coerce.number().int().min(1).default(900),
  /** address suggestions and coordinates: DaData when its key is set, else the shipped gazetteer (production: off) */
  DADATA_API_KEY: z.string().optional(),
  DADATA_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'expected https://suggestions.dadata.ru')
    .default('https://suggestions.dadata.ru'),
  /**
   * the visitor's place by IP: a licensed GeoIP2 or GeoLite2 City database file (MaxMind's format,
   * kept current by its owner); absent: the shipped GeoLite2 City of 2019 (development only)
   */
  GEOIP_DATABASE: z
    .string()
    .refine(
      (path) => existsSync(path),
      'no such file: expected the path of a GeoIP2/GeoLite2 City .mmdb file',
    )
    .optional(),
  /** address suggestions and coordinates one IP may ask a minute (429 beyond): each spends the provider's quota */
  ADDRESS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** photos one user may upload an hour (429 beyond) */
  PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /** photos the `images` worker makes sizes of at once (each decodes a photo of up to 100 MP) */
  IMAGE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** SMS jobs: back-off before the first retry (doubling), and how long a send call waits for the provider's answer */
  SMS_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).default(1000),
  SMS_WAIT_MS: z.coerce.number().int().min(0).default(8000),
  /** payments: YooKassa when both are set, otherwise the local sandbox page */
  YOOKASSA_SHOP_ID: z.string().optional(),
  YOOKASSA_SECRET_KEY: z.string().optional(),
  /** how long a top-up call waits for the provider's confirmation URL */
  PAYMENT_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
  /** where invoice requests for bank transfer are e-mailed */
  ACCOUNTING_EMAIL: z.string().default('accounting@estate.local'),
  /** where every new lead of the request forms (`/api/send-request`) is e-mailed */
  LEADS_INBOX: z.email('expected an e-mail address, e.g. leads@estate.example').default('leads@estate.local'),
  /** request forms: per IP an hour, per phone a day (429 beyond) */
  LEADS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  LEADS_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(5),
  /** complaints about listings: per IP an hour, per (confirmed) phone and per listing a day (429 beyond) */
  COMPLAINTS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  COMPLAINTS_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(5),
  COMPLAINTS_LIMIT_PER_LISTING: z.coerce.number().int().min(1).default(10),
  /** the key that signs visitor ids (the `visitor` cookie counted views hang on); required in production, random per start otherwise */
  VISITOR_SECRET: z.string().min(32, 'at least 32 characters, e.g. from `openssl rand -hex 32`').optional(),
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL' | 'VISITOR_SECRET'> & {
  /** always set: the configured key, or a random one for this start outside production */
  VISITOR_SECRET: string;
  dataDir: string;
  MODERATOR_PHONES: string[];
  /** always set: the configured address, or http://localhost:PORT outside production */
  PUBLIC_URL: string;
  /**
   * no PUBLIC_URL was given (development): links a person follows back from a page they opened (a
   * payment's return) lead to the address that page was opened on
   */
  publicUrlFromRequest: boolean;
};

/**
 * What production refuses to start without (or with): each of these would expose codes, let bots
 * through or build links from a forged Host header. Lesser gaps are only warned at start (see
 * productionWarnings). Every problem names its variable.
 */
function productionProblems(config: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (config.DEV_OUTBOX)
    problems.push(
      'DEV_OUTBOX: the development outbox (/api/dev/sms lists every SMS code, login codes included) is never served with NODE_ENV=production; remove DEV_OUTBOX (for a demo stack use docker-compose.demo.yml, which runs in development mode)',
    );
  if (!config.PUBLIC_URL)
    problems.push(
      "PUBLIC_URL: required in production (the site's address for e-mail and payment links; the request's Host header is never trusted), e.g. https://estate.example",
    );
  if (!config.SMS_GATEWAY_URL)
    problems.push(
      'SMS_GATEWAY_URL: required in production (without it codes would only be recorded in the outbox and nobody could sign in)',
    );
  if (!config.RECAPTCHA_SECRET)
    problems.push(
      'RECAPTCHA_SECRET: required in production (without it the bot check lets every request through)',
    );
  if (config.RECAPTCHA_SECRET && !config.RECAPTCHA_SITE_KEY)
    problems.push(
      'RECAPTCHA_SITE_KEY: required with RECAPTCHA_SECRET (the site and the cabinet need it to obtain tokens)',
    );
  if (!config.VISITOR_SECRET)
    problems.push(
      'VISITOR_SECRET: required in production (it signs the visitor ids views are counted by; a random one per start would forget every visitor at each restart and differ between API processes), e.g. `openssl rand -hex 32`',
    );
  return problems;
}

/** Production gaps that do not stop the start: features that are off or degraded, logged as warnings. */
export function productionWarnings(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!config.SMTP_URL)
    warnings.push(
      'SMTP_URL is not set: e-mails are only recorded in the outbox (not served in production), none is delivered',
    );
  if (!config.YOOKASSA_SHOP_ID || !config.YOOKASSA_SECRET_KEY)
    warnings.push('YOOKASSA_SHOP_ID / YOOKASSA_SECRET_KEY are not set: payments are off (errorCode 110)');
  if (!config.DADATA_API_KEY)
    warnings.push(
      'DADATA_API_KEY is not set: address suggestions and coordinates are off (HTTP 503); the development gazetteer is never used in production',
    );
  if (!config.GEOIP_DATABASE)
    warnings.push(
      'GEOIP_DATABASE is not set: visitors are not placed by their IP (every first visit starts at the default place); the shipped 2019 database is never used in production',
    );
  if (config.SEED)
    warnings.push('SEED is true: the demo agencies, users and listings are created on the first start');
  const publicUrl = new URL(config.PUBLIC_URL);
  if (publicUrl.protocol !== 'https:' && !['localhost', '127.0.0.1'].includes(publicUrl.hostname))
    warnings.push('PUBLIC_URL is not https: browsers drop the Secure session cookie over plain http');
  return warnings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable means "not set", as docker compose and shells often pass them
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.ROLE !== 'all' && !parsed.data.MONGO_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: '${parsed.data.ROLE}' needs MONGO_URL (embedded read models live inside one process)`,
    );
  }
  if (parsed.data.METRICS_PORT !== undefined && parsed.data.METRICS_PORT === parsed.data.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (the metrics port is a server of its own)',
    );
  }
  if (parsed.data.NODE_ENV === 'production') {
    const problems = productionProblems(parsed.data);
    if (problems.length > 0)
      throw new ConfigError(
        `Refusing to start with NODE_ENV=production:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
  }
  const moderatorPhones =
    parsed.data.MODERATOR_PHONES ?? (parsed.data.NODE_ENV === 'production' ? [] : ['79990000000']);
  const publicUrl = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  const visitorSecret = parsed.data.VISITOR_SECRET ?? randomBytes(32).toString('hex');
  return {
    ...parsed.data,
    PUBLIC_URL: publicUrl,
    publicUrlFromRequest: !parsed.data.PUBLIC_URL,
    VISITOR_SECRET: visitorSecret,
    MODERATOR_PHONES: moderatorPhones,
    dataDir: resolve(parsed.data.DATA_DIR),
  };
}

export class ConfigError extends Error {}
