import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '@app/contract';
import { parseTrustedProxies } from '@app/server-kit';
import { mailFrom, MailConfigError, parseSmtpEnv, type MailConfig } from './mail/config.js';
import { loadPushConfig, PushConfigError, type PushConfig } from './push/config.js';

export type { MailConfig, PushConfig };
import { parseIdentityProviders, type IdentityProviderConfig } from './auth/provider-config.js';
import { DEFAULT_SESSION_CACHE_MS } from './auth/session-cache.js';
import { defaultPasswordWorkLimits, QUEUE_PER_RUNNING, type PasswordWorkLimits } from './auth/password-work.js';

/** The repository root (api/src/config.ts → ../../). Resolved from this file, never from cwd. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Argon2Params = { memoryCost: number; timeCost: number; parallelism: number };
export const PRODUCTION_ARGON2: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimits = {
  /** Failed logins from one client network, at any account. */
  loginPerIp: RateLimitRule;
  /** Failed logins at one account from one client network: the strict limit on guessing. */
  loginPerEmail: RateLimitRule;
  /** Failed logins at one account from every network together: a ceiling for guesses spread over many. */
  loginPerAccount: RateLimitRule;
  registerPerIp: RateLimitRule;
  registerPerEmail: RateLimitRule;
};
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { limit: 50, windowSeconds: 15 * 60 },
  loginPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  registerPerEmail: { limit: 5, windowSeconds: 60 * 60 },
};

export const DEFAULT_PASSWORD_RESET_LIMITS = {
  perIp: { limit: 20, windowSeconds: 60 * 60 },
  perEmail: { limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Personal API tokens: how many one account may hold live, and how often it may make one (each sends an e-mail). */
export const DEFAULT_TOKEN_LIMITS = {
  live: 50,
  createPerUser: { limit: 20, windowSeconds: 60 * 60 },
} satisfies { live: number; createPerUser: RateLimitRule };

/**
 * Web push: how many devices one account may have (each message fans out to all of them) and how often it may ask
 * for a test notification, so that no account can make this server flood the push services it shares with everyone.
 */
export const DEFAULT_PUSH_LIMITS = {
  devices: 10,
  testPerUser: { limit: 10, windowSeconds: 60 * 60 },
} satisfies { devices: number; testPerUser: RateLimitRule };

export type Config = {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** DATABASE_REPLICA_URLS: streaming replicas of databaseUrl for reads that tolerate lag. */
  databaseReplicaUrls?: string[];
  dataDir: string;
  jwtSecret: string;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); empty: none. */
  trustedProxies: readonly string[];
  /** PROXY_SECRET: a trusted proxy must also send it in X-Proxy-Secret. */
  proxySecret?: string;
  allowedOrigins: string[];
  cookieSecure: 'auto' | 'true' | 'false';
  apiWorkers: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** argon2id cost; production parameters unless a test explicitly lowers them. */
  argon2: Argon2Params;
  rateLimits: RateLimits;
  /** Password hashes and checks at once, and waiting (defaultPasswordWorkLimits when absent). */
  passwordWork?: PasswordWorkLimits;
  /** Maximum JSON body in bytes (1 MiB). */
  jsonBodyLimit: number;
  /** How long a JSON body may take to arrive (default 30 s, middleware/json-body.ts; tests shorten it). */
  jsonBodyDeadlineMs?: number;
  /** Memory for kept answers of weight reads (READ_CACHE_MB, default 32 MiB; 0 keeps none). */
  readCacheBytes: number;
  /** How long a checked session is kept before it is asked again (SESSION_CACHE_MS, default 5 s; 0 keeps none). */
  sessionCacheMs?: number;
  /** Maximum avatar file in bytes (2 MiB). */
  avatarLimit: number;
  /** Where e-mails go; defaults to the console transport (none with NODE_ENV=production). */
  mail?: MailConfig;
  /** Set when mail is off only because MAIL_TRANSPORT was left unset in production: what the start-up prints. */
  mailOff?: string;
  /** The From of every e-mail (MAIL_FROM). */
  mailFrom?: string;
  /** Web push (VAPID keys); absent: push is off, `pushOff` says why. */
  push?: PushConfig;
  pushOff?: string;
  /** REMINDERS=off: this process sends no reminders or reports (another one does, or none should). */
  remindersOff?: boolean;
  /** Origin users open the app at, for links in mails (default http://localhost:3000). */
  publicUrl?: string;
  /** Password-reset requests per IP and per email address. */
  passwordResetLimits?: { perIp: RateLimitRule; perEmail: RateLimitRule };
  /** Live API tokens per account and token creations per account (DEFAULT_TOKEN_LIMITS). */
  tokenLimits?: { live: number; createPerUser: RateLimitRule };
  /** External identity providers (AUTH_PROVIDERS and AUTH_<ID>_*; see auth/provider-config.ts). */
  identityProviders?: IdentityProviderConfig[];
};

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).optional().default('development'),
  // API_PORT is the documented name; PORT is what container platforms set
  API_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v : undefined)),
  // comma-separated connection strings of streaming replicas of DATABASE_URL
  DATABASE_REPLICA_URLS: z.string().optional().default(''),
  DATA_DIR: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  // false (default): nobody; true: loopback, where npm start's shell runs; or a list of addresses and CIDR ranges
  TRUST_PROXY: z.string().optional().default(''),
  PROXY_SECRET: z
    .string()
    .optional()
    .transform((v) => (v && v !== '' ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'PROXY_SECRET must be at least 16 characters'),
  ALLOWED_ORIGINS: z.string().optional().default(''),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  READ_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_SESSION_CACHE_MS),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // attempts per window; raise them for load or browser test runs that log in many times from one address
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS.loginPerIp.limit),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS.loginPerEmail.limit),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS.loginPerAccount.limit),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS.registerPerIp.limit),
  REGISTER_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS.registerPerEmail.limit),
  // unset: console, but none in production, where printed mail (reset links) would land in the logs
  MAIL_TRANSPORT: z.enum(['console', 'none', 'file', 'smtp']).optional(),
  REMINDERS: z.enum(['on', 'off']).default('on'),
  MAIL_FILE: z.string().optional(),
  PUBLIC_URL: z.string().url().optional().default('http://localhost:3000'),
  PASSWORD_RESET_LIMIT_PER_IP: z.coerce.number().int().min(1).default(DEFAULT_PASSWORD_RESET_LIMITS.perIp.limit),
  PASSWORD_RESET_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(DEFAULT_PASSWORD_RESET_LIMITS.perEmail.limit),
});

export class ConfigError extends Error {}

export const MAIL_OFF_IN_PRODUCTION =
  'mail is off: MAIL_TRANSPORT is unset, and with NODE_ENV=production e-mails (password-reset links included) are not ' +
  'printed to the console; set MAIL_TRANSPORT=smtp (or MAIL_TRANSPORT=console to print them anyway)';

/** Parses the environment. May read/write the persisted JWT secret under DATA_DIR (called only by main.ts). */
/** The origin links in e-mails point at, without a trailing slash. */
export const publicBaseUrl = (config: Pick<Config, 'publicUrl'>): string =>
  (config.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR ? resolve(e.DATA_DIR) : join(REPO_ROOT, '.data');
  let jwtSecret = e.JWT_SECRET;
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret, 'utf8') < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 bytes');
  }
  if (!jwtSecret) {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError('JWT_SECRET (at least 32 bytes) is required when NODE_ENV=production');
    }
    jwtSecret = loadOrCreateSecret(dataDir);
  }
  if (e.DATABASE_REPLICA_URLS.trim() && !e.DATABASE_URL)
    throw new ConfigError('DATABASE_REPLICA_URLS needs DATABASE_URL (the primary the replicas stream from)');
  if (e.MAIL_TRANSPORT === 'file' && !e.MAIL_FILE) throw new ConfigError('MAIL_TRANSPORT=file needs MAIL_FILE');
  const mailTransport = e.MAIL_TRANSPORT ?? (e.NODE_ENV === 'production' ? 'none' : 'console');
  let mail: MailConfig;
  let from: string;
  let pushSettings: ReturnType<typeof loadPushConfig>;
  try {
    mail =
      mailTransport === 'file'
        ? { transport: 'file', file: resolve(e.MAIL_FILE!) }
        : mailTransport === 'smtp'
          ? { transport: 'smtp', smtp: parseSmtpEnv(env) }
          : { transport: mailTransport };
    from = mailFrom(env, e.PUBLIC_URL);
    pushSettings = loadPushConfig(env, { dataDir, production: e.NODE_ENV === 'production', publicUrl: e.PUBLIC_URL, mailFrom: from });
  } catch (err) {
    if (err instanceof MailConfigError || err instanceof PushConfigError) throw new ConfigError(err.message);
    throw err;
  }
  const allowedOrigins = e.ALLOWED_ORIGINS.split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter((s) => s !== '' && s !== 'null' && s !== '*');
  return {
    env: e.NODE_ENV,
    port: e.API_PORT ?? e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dataDir,
    jwtSecret,
    trustedProxies: parseTrustProxy(e.TRUST_PROXY),
    proxySecret: e.PROXY_SECRET,
    allowedOrigins,
    cookieSecure: e.COOKIE_SECURE,
    apiWorkers: e.API_WORKERS,
    logLevel: e.LOG_LEVEL,
    argon2: PRODUCTION_ARGON2,
    rateLimits: {
      loginPerIp: { ...DEFAULT_RATE_LIMITS.loginPerIp, limit: e.LOGIN_LIMIT_PER_IP },
      loginPerEmail: { ...DEFAULT_RATE_LIMITS.loginPerEmail, limit: e.LOGIN_LIMIT_PER_EMAIL },
      loginPerAccount: { ...DEFAULT_RATE_LIMITS.loginPerAccount, limit: e.LOGIN_LIMIT_PER_ACCOUNT },
      registerPerIp: { ...DEFAULT_RATE_LIMITS.registerPerIp, limit: e.REGISTER_LIMIT_PER_IP },
      registerPerEmail: { ...DEFAULT_RATE_LIMITS.registerPerEmail, limit: e.REGISTER_LIMIT_PER_EMAIL },
    },
    passwordWork: passwordWorkLimits(env, e.PASSWORD_HASH_CONCURRENCY, e.PASSWORD_HASH_QUEUE),
    jsonBodyLimit: 1024 * 1024,
    readCacheBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
    sessionCacheMs: e.SESSION_CACHE_MS,
    avatarLimit: AVATAR_MAX_BYTES,
    mail,
    mailOff: e.MAIL_TRANSPORT === undefined && mailTransport === 'none' ? MAIL_OFF_IN_PRODUCTION : undefined,
    mailFrom: from,
    push: pushSettings.push,
    pushOff: pushSettings.off,
    remindersOff: e.REMINDERS === 'off',
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    passwordResetLimits: {
      perIp: { ...DEFAULT_PASSWORD_RESET_LIMITS.perIp, limit: e.PASSWORD_RESET_LIMIT_PER_IP },
      perEmail: { ...DEFAULT_PASSWORD_RESET_LIMITS.perEmail, limit: e.PASSWORD_RESET_LIMIT_PER_EMAIL },
    },
    identityProviders: parseIdentityProviders(env),
  };
}

/** PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE over the defaults; the line follows the checks run at once. */
function passwordWorkLimits(env: NodeJS.ProcessEnv, concurrency?: number, queue?: number): PasswordWorkLimits {
  const defaults = defaultPasswordWorkLimits(env);
  const running = concurrency ?? defaults.concurrency;
  return { concurrency: running, queue: queue ?? QUEUE_PER_RUNNING * running };
}

/** TRUST_PROXY: false | true (loopback) | a comma-separated list of addresses and CIDR ranges. */
export function parseTrustProxy(value: string): readonly string[] {
  try {
    return parseTrustedProxies(value, 'TRUST_PROXY');
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(s) >= 32) return s;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const s = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, s + '\n', { mode: 0o600, flag: 'wx' });
    return s;
  } catch {
    // another worker won the race: use its secret
    return readFileSync(file, 'utf8').trim();
  }
}
