/** The Shop API's configuration, read once from the environment and checked at start-up. */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseAllowList } from './lib/allow-list.ts';

const envSchema = z.object({
  /** postgres://… for PostgreSQL; otherwise PGlite in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data/pglite'),
  /** Channel served when a request carries no channel id header. */
  DEFAULT_CHANNEL: z.string().default('default'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 30),
  CART_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** PostgreSQL pool size. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** Give up connecting to the database after this long (then answer 503). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /** How long a request waits for a free pooled connection when all are busy (then 503). */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** statement_timeout of every connection: a hung query fails instead of holding a connection. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** idle_in_transaction_session_timeout of every connection. */
  DATABASE_IDLE_IN_TX_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  /** Largest request body read for ordinary calls (bytes); larger bodies get 413 before being read whole. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Largest file in a multipart body (address CSV import, upload-files); the body may be MULTIPART_FRAMING_BYTES more. */
  UPLOAD_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Largest file POST /v1/upload-files keeps (bytes); larger files get 413. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Total bytes of uploads not (yet) attached to an inquiry the shop keeps; a new upload over it is 507. */
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  /** Hours an upload never attached to an inquiry is kept before the retention job deletes it. */
  UPLOAD_RETENTION_HOURS: z.coerce.number().min(1).default(24),
  /** Folder of uploaded files on disk (outside the web root); default `uploads` beside DATA_DIR; unused with S3. */
  UPLOAD_DIR: z.string().optional(),
  /** S3-compatible object storage for uploads (all of endpoint, bucket and keys set): else disk. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().max(63).optional(),
  S3_REGION: z.string().max(50).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(500).optional(),
  /** Proxies (addresses, CIDR ranges, comma-separated) whose X-Forwarded-* headers are believed; none by default. */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .refine((v) => !('error' in parseAllowList(v)), {
      error: (iss) => `TRUSTED_PROXIES: ${(parseAllowList(String(iss.input)) as { error: string }).error}`,
    }),
  /** 1 (or true/on): the shop starts in maintenance, whatever editors set (api/src/services/maintenance). */
  MAINTENANCE: z
    .string()
    .default('0')
    .refine((v) => /^(0|1|true|false|on|off)$/i.test(v), 'MAINTENANCE must be 1 or 0')
    .transform((v) => /^(1|true|on)$/i.test(v)),
  /** Client addresses and CIDR ranges that still reach the shop during maintenance (staff), comma-separated. */
  MAINTENANCE_ALLOW: z
    .string()
    .default('')
    .refine((v) => !('error' in parseAllowList(v)), { error: (iss) => (parseAllowList(String(iss.input)) as { error: string }).error }),
  /** redis://… to share rate limits (and later caches) between processes; PostgreSQL otherwise. */
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key, so several shops (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().max(100).default('shop:'),
  /** Password hashes computed at once (each on its own worker thread); more wait in a short queue. */
  // Default: one core short of all, at most 4, so hashing always leaves a core to the event loop.
  KDF_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  /**
   * smtp://user:pass@host:port (smtps:// for TLS) to deliver the mail outbox; unset: nothing is
   * sent and `npm start` prints each mail's subject and links to the console instead.
   */
  SMTP_URL: z.string().optional(),
  /** From address of every mail ("Shop <shop@example.jp>"); else the channel's MAIL.FROM_* settings. */
  MAIL_FROM: z.string().max(300).optional(),
  /** How often the outbox worker looks for due mail (ms); queueMail also wakes it at once. */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Mails a client can trigger (verification, reminders, restock, acknowledgements) per mailbox per hour; more are dropped (services/mail/cap.ts). */
  MAIL_PER_MAILBOX_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  /** How often pending restock requests are checked against the stock (ms); 0 turns the watcher off. */
  RESTOCK_SCAN_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** Memorial reminder e-mails go this many days before the day (Japan time); 0 turns them off. */
  MEMORIAL_REMINDER_DAYS: z.coerce.number().int().min(0).max(60).default(14),
  /** Recommendation-click events (ecommerce_events) are kept this many days. */
  ECOMMERCE_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** The storefront's public base URL, for links in mails (verification, unlock, reminders). */
  SITE_URL: z.url().default('http://localhost:4321'),
  /** Login attempts per client address in 5 minutes (auth rate limit; raise only for test rigs on one address). */
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(30),
  /** Login attempts per login name in 5 minutes. */
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100000).default(10),
  /** Password hashes allowed to wait for a worker; beyond this a login answers 429 (common.busy) at once. */
  KDF_QUEUE_MAX: z.coerce.number().int().min(0).max(10000).default(16),
  /** Card payment provider (docs/payments.md): `test` is the built-in one that `npm start` runs on its own port. */
  PAYMENT_PROVIDER: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,30}$/)
    .default('test'),
  /** The provider's base URL (its own origin); `npm start` sets it to the test provider it starts. */
  PAYMENT_PROVIDER_URL: z.url().optional(),
  /** The provider's public key, given to the browser's tokenising script. */
  PAYMENT_PROVIDER_PUBLIC_KEY: z.string().min(1).max(200).default('pk_test_storefront'),
  /** The provider's secret key: server-to-server calls and callback signatures. The default is for development: refused in production (lib/production-secrets.ts). */
  PAYMENT_PROVIDER_SECRET: z.string().min(8).max(500).default('sk_test_storefront_secret'),
});

export type ApiEnv = z.infer<typeof envSchema>;

/** Parses the environment, failing with a message that names each bad variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  // Empty variables count as unset (`DATABASE_URL= npm start`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid Shop API configuration:\n${lines}`);
  }
  return parsed.data;
}

/** The database URL the API opens: DATABASE_URL, else the PGlite folder. */
export function databaseUrl(env: ApiEnv): string {
  return env.DATABASE_URL || env.DATA_DIR;
}
