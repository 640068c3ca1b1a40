import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { serverPaths } from '../paths.js';
import { DATA_DIR_FILES } from './data-dir-files.js';
import { checkS3Env, mediaEnv, mediaSettings, type MediaSettings } from './media-settings.js';
import {
  checkPaymentEnv,
  paymentEnv,
  paymentSettings,
  type PaymentSettings,
} from './payment-settings.js';
import { checkVapidEnv, pushEnv, pushSettings, type PushSettings } from './push-settings.js';
import {
  transcriptionEnv,
  transcriptionSettings,
  type TranscriptionSettings,
} from './transcription-settings.js';
import { trustProxySetting, type TrustProxy } from './trust-proxy.js';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => !v || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  REDIS_PREFIX: z.string().trim().min(1).max(100).default('doers:'),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Doers <no-reply@doers.local>'),
  PUBLIC_URL: z.url().optional(),
  FOUNDER_INVITE_CODE: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  FOUNDER_SEATS: z.coerce.number().int().min(0).default(100),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting(),
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).default(1),
  TIMELINE_DEPTH: z.coerce.number().int().min(1).default(500),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  WEB_DIST: z.string().optional(),
  DOERS_TEST_HOLD_EVENTS: z.enum(['true', 'false']).optional(),
  // Long enough that guessing it is hopeless: /metrics answers anyone who holds it.
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => !v || v.length >= 24, { message: 'must be at least 24 characters' }),
  ...mediaEnv,
  ...pushEnv,
  ...paymentEnv,
  ...transcriptionEnv,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Every Redis key starts with it: several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  founderInviteCode: string;
  founderSeats: number;
  jwtSecret: string;
  /** Whose X-Forwarded-For to believe: none, the nearest N hops, or these proxies. */
  trustProxy: TrustProxy;
  rateLimitFactor: number;
  /** Feed entries kept per reader; older pages are read from posts (decision 10). */
  timelineDepth: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * Tests only (the crash test): recorded events stay in the outbox undelivered, as if the
   * process had died after each commit.
   */
  holdEvents: boolean;
  /** Demo people on an empty database: on PGlite unless SEED_DEMO=false; on PostgreSQL only
   *  with SEED_DEMO=true, so a deployment never carries accounts with a published password. */
  seedDemo: boolean;
  webDist: string;
  /** The bearer token /metrics asks for; unset, /metrics answers 404 and nothing is timed. */
  metricsToken: string | undefined;
  /** Media storage (disk or S3), its temp folders, and where ffmpeg is. */
  media: MediaSettings;
  /** Web Push: the VAPID keys (generated once into DATA_DIR when unset), which endpoints to allow. */
  push: PushSettings;
  /** The payment provider (Stripe) when its two secrets are set. */
  payments: PaymentSettings;
  /** The speech-to-text engine voice notes go to (TRANSCRIBE_URL), or null. */
  transcription: TranscriptionSettings;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .superRefine(checkS3Env)
    .superRefine(checkVapidEnv)
    .superRefine(checkPaymentEnv)
    .superRefine(checkSharedDeployment)
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    founderInviteCode:
      e.FOUNDER_INVITE_CODE ??
      persisted(
        dataDir,
        DATA_DIR_FILES.secrets.founderInviteCode,
        () => `FOUNDER-${randomBytes(6).toString('hex').toUpperCase()}`,
      ),
    founderSeats: e.FOUNDER_SEATS,
    jwtSecret:
      e.JWT_SECRET ??
      persisted(dataDir, DATA_DIR_FILES.secrets.jwt, () => randomBytes(48).toString('base64url')),
    trustProxy: e.TRUST_PROXY,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    timelineDepth: e.TIMELINE_DEPTH,
    logLevel: e.LOG_LEVEL,
    holdEvents: e.DOERS_TEST_HOLD_EVENTS === 'true',
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    webDist: resolve(e.WEB_DIST ?? serverPaths.webDist),
    metricsToken: e.METRICS_TOKEN,
    media: mediaSettings(e, dataDir),
    push: pushSettings(e, dataDir),
    payments: paymentSettings(e),
    transcription: transcriptionSettings(e),
  };
}

/**
 * On PostgreSQL, instances may share one database behind a proxy, so what would otherwise be
 * generated into DATA_DIR must be given: each instance would generate its own, and a session or
 * a push subscription made on one would fail on the next. PGlite is one process's and keeps its
 * generated defaults. Every missing variable is named at once, with the reason.
 */
function checkSharedDeployment(e: z.output<typeof envSchema>, ctx: z.RefinementCtx): void {
  if (!e.DATABASE_URL) return;
  const missing = (variable: string, why: string) =>
    ctx.addIssue({
      code: 'custom',
      path: [variable],
      message: `must be set with DATABASE_URL: ${why}`,
    });
  if (!e.JWT_SECRET)
    missing(
      'JWT_SECRET',
      'every instance must sign sessions with the same secret, and a generated one is its own ' +
        '(`openssl rand -base64 48` makes one)',
    );
  if (!e.PUBLIC_URL)
    missing(
      'PUBLIC_URL',
      'links in mails and invites and the way back from the payment pages name it, and the ' +
        'default (http://localhost:PORT) reaches nobody outside this machine',
    );
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY)
    missing(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      'a browser subscribes to pushes with one key pair, and generated ones differ per ' +
        'instance (`npx web-push generate-vapid-keys` makes a pair)',
    );
}

/**
 * Unset secrets (JWT_SECRET, FOUNDER_INVITE_CODE) are generated on first start and kept in
 * DATA_DIR, so sessions and the founder link survive restarts.
 */
function persisted(dataDir: string, name: string, generate: () => string): string {
  const file = join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const value = generate();
    writeFileSync(file, value, { mode: 0o600 });
    return value;
  }
}

/** Where a backup reads from and a restore writes to. */
export type DataConfig = { dataDir: string; databaseUrl: string | undefined; s3: boolean };

/**
 * The part of the configuration that `npm run backup` and `npm run restore` need, checked as
 * loadConfig checks it but without its side effect: loadConfig writes generated secrets into
 * DATA_DIR, which would leave a folder to restore into no longer empty.
 */
export function loadDataConfig(env: NodeJS.ProcessEnv = process.env): DataConfig {
  const parsed = envSchema
    .pick({
      DATA_DIR: true,
      DATABASE_URL: true,
      S3_ENDPOINT: true,
      S3_BUCKET: true,
      S3_ACCESS_KEY_ID: true,
      S3_SECRET_ACCESS_KEY: true,
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    s3: Boolean(e.S3_ENDPOINT && e.S3_BUCKET),
  };
}
