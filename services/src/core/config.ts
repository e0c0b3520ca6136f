import { resolve } from 'node:path';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  /** production engines: each one absent selects its embedded adapter */
  EVENTSTORE_URL: z.string().regex(/^(kurrentdb|esdb)(\+discover)?:\/\/\S+$/, 'expected kurrentdb://host:2113?tls=false').optional(),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/, 'expected mongodb://host:27017').optional(),
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('estate'),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}(,[A-Za-z0-9.-]+:\d{1,5})*$/, 'expected host:port[,host:port…]')
    .transform((v) => v.split(','))
    .optional(),
  /** which part this process plays: everything, or one of the roles docker compose scales apart */
  ROLE: z.enum(['all', 'api', 'projector', 'worker']).default('all'),
  /** a projector's lease lapses this long after its holder stops renewing it (renewed every third of it) */
  PROJECTOR_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, 'expected redis://host:6379').optional(),

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
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'expected smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.string().default('Маркетплейс недвижимости <no-reply@estate.local>'),
  /** serves the outbox under /api/dev/ even with NODE_ENV=production (a demo stack without providers) */
  DEV_OUTBOX: booleanText.default(false),
  RECAPTCHA_SECRET: z.string().optional(),
  /** the public key the site and cabinet load reCAPTCHA v3 with (absent: they send a development token) */
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** abuse limits: codes per phone and per IP an hour, code checks per IP in 10 minutes */
  SMS_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(5),
  SMS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  CODE_CHECK_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
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
});

export type Config = z.infer<typeof schema> & { dataDir: string; MODERATOR_PHONES: string[] };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable means "not set", as docker compose and shells often pass them
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.ROLE !== 'all' && !parsed.data.MONGO_URL) {
    throw new ConfigError(`Invalid configuration:\n  ROLE: '${parsed.data.ROLE}' needs MONGO_URL (embedded read models live inside one process)`);
  }
  const moderatorPhones = parsed.data.MODERATOR_PHONES ?? (parsed.data.NODE_ENV === 'production' ? [] : ['79990000000']);
  return { ...parsed.data, MODERATOR_PHONES: moderatorPhones, dataDir: resolve(parsed.data.DATA_DIR) };
}

export class ConfigError extends Error {}
