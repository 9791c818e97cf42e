import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', '']).transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** Every environment variable Trackside reads, with its default. README's table mirrors this. */
/** The entries of a comma-separated setting, trimmed, empty ones dropped. */
function listed(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  PUBLIC_URL: optionalUrl,
  REQUEST_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(90_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const value = v.trim().toLowerCase();
      if (['', 'false', '0', 'no', 'off'].includes(value)) return false as const;
      // "true" meant "behind a proxy" before hop counts: one proxy, the common reverse proxy.
      if (['true', 'yes', 'on'].includes(value)) return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const addresses = listed(v);
      if (addresses.every((a) => isIP(a.split('/')[0] ?? '') !== 0)) return addresses;
      ctx.addIssue({
        code: 'custom',
        message: 'the number of proxies in front of Trackside (1 for one reverse proxy), or their addresses or CIDR ranges, comma-separated',
      });
      return z.NEVER;
    }),
  SIGNUP_ENABLED: booleanFromEnv.default(false),
  ADMIN_EMAIL: z.email().default('admin@trackside.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).default(3600),
  RECOVERY_TOKEN_TTL: z.coerce.number().int().min(1).default(3600),
  REFRESH_TOKEN_REUSE_INTERVAL: z.coerce.number().int().min(0).default(10),
  AUTH_REDIRECT_URLS: z
    .string()
    .default('')
    .refine((v) => listed(v).every((u) => URL.canParse(u)), 'each comma-separated entry must be an absolute URL, such as https://app.example.com'),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  /** What deleting an account does to its forum posts: keep them as "Deleted user", or remove them. */
  ACCOUNT_DELETION_FORUM_POSTS: z.enum(['keep', 'remove']).default('keep'),
  RECOVER_RATE_LIMIT_SECONDS: z.coerce.number().int().min(0).default(60),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Trackside <no-reply@trackside.local>'),
  DESIGN_ASSISTANT_URL: optionalUrl,
  KNOWLEDGE_HUB_URL: optionalUrl,
  PODCASTS_URL: optionalUrl,
  CONTACT_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.email().optional()),
  CONTACT_PHONE: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(
      z
        .string()
        .regex(/^[+\d][\d\s()-]{5,24}$/, 'a phone number such as +44 20 7946 0000')
        .optional(),
    ),
  CONTACT_LINKEDIN_URL: optionalUrl,
  CONTACT_FORM_EMBED_URL: optionalUrl,
  DEMO_FORM_EMBED_URL: optionalUrl,
  HERO_VIDEO_URL: optionalUrl,
  STANDARDS_DIR: z.string().default('./standards'),
  STANDARDS_AUTOFETCH: booleanFromEnv.default(true),
  ECFR_BASE_URL: z.url().default('https://www.ecfr.gov'),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  LLM_MODEL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  EMBEDDING_BASE_URL: optionalUrl,
  EMBEDDING_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  EMBEDDING_MODEL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  CHECK_MAX_PAGES: z.coerce.number().int().min(1).default(100),
  CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(1),
  CHECK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * How long a PostgreSQL connection (or a free pooled one) and a statement may take before the
   * request is answered 503: a database that is down or frozen never holds requests longer.
   */
  databaseTimeouts: DatabaseTimeouts;
  /** Where browsers reach this server; used in e-mailed links. */
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * A connection that sends and receives nothing this long is closed (a stalled upload, a client
   * gone quiet); longer than the slowest answer (LLM_TIMEOUT_MS) so that no answer is cut.
   */
  requestIdleTimeoutMs: number;
  /** On SIGTERM, requests still running after this long are cut (uploads aborted, their partial files removed). */
  shutdownTimeoutMs: number;
  /**
   * Which proxies' X-Forwarded-For and X-Forwarded-Proto are believed: false (none), a number of
   * hops, or their addresses and CIDR ranges. Never "any": a client could then pick its own address
   * and escape every per-address limit.
   */
  trustProxy: false | number | string[];
  signupEnabled: boolean;
  initialAdmin: { email: string; password: string | undefined };
  accessTokenTtlSeconds: number;
  recoveryTokenTtlSeconds: number;
  /**
   * Seconds during which a spent refresh token still gives a session (a lost answer retried, two
   * tabs refreshing at once), as GoTrue's reuse interval; presented later, it revokes its session.
   */
  refreshTokenReuseSeconds: number;
  /** Origins that recovery links may redirect to, besides publicUrl's. */
  redirectOrigins: string[];
  rateLimits: { signInPerMinute: number; recoverEverySeconds: number };
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** ACCOUNT_DELETION_FORUM_POSTS: a deleted account's forum posts are kept as "Deleted user" or removed. */
  deletedAccountForumPosts: 'keep' | 'remove';
  externalUrls: { designAssistant: string | null; knowledgeHub: string | null; podcasts: string | null };
  /** The public site's contact details (footer) and optional external form and video addresses. */
  site: {
    contact: { email: string | null; phone: string | null; linkedinUrl: string | null };
    embeds: { contactForm: string | null; demoForm: string | null };
    heroVideoUrl: string | null;
  };
  /** Standards files imported at start, one subfolder per standard (`49-cfr` → `49 CFR`). */
  standardsDir: string;
  /** Download the FRA parts of 49 CFR from the eCFR in the background at start. */
  standardsAutofetch: boolean;
  /** Base URL of the eCFR versioner API (tests point it at a local server). */
  ecfrBaseUrl: string;
  /**
   * The OpenAI-compatible endpoint of the generative answer mode; null (all three of
   * LLM_BASE_URL, LLM_API_KEY and LLM_MODEL not set) keeps the offline extractive mode.
   */
  llm: LlmConfig | null;
  /**
   * The OpenAI-compatible embeddings endpoint: when EMBEDDING_BASE_URL, EMBEDDING_API_KEY and
   * EMBEDDING_MODEL are all set, clauses are embedded and retrieval fuses vector similarity
   * with full-text ranking; null keeps full-text ranking alone.
   */
  embeddings: EmbeddingConfig | null;
  /** The document check's limits and its runner. */
  checks: CheckConfig;
  /**
   * Uploaded files: S3-compatible object storage when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID
   * and S3_SECRET_ACCESS_KEY are all set, else local disk under `DATA_DIR/storage`.
   */
  storage: { s3: S3Config | null };
}

export interface CheckConfig {
  /** The most pages a PDF may have to be checked (the plans' document page limit: Professional, 100). */
  maxPages: number;
  /** Checks run at once in this process, each in a worker thread of its own. */
  concurrency: number;
  /** Longest one check may run before it is stopped and failed. */
  timeoutMs: number;
}

export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Longest a whole generated answer may take before the extractive answer is used. */
  timeoutMs: number;
}

export interface EmbeddingConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** Settings that configure one outside service together: all of them, or none. */
const ALL_OR_NONE = {
  'S3_*': ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  'LLM_*': ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'],
  'EMBEDDING_*': ['EMBEDDING_BASE_URL', 'EMBEDDING_API_KEY', 'EMBEDDING_MODEL'],
} as const satisfies Record<string, (keyof z.infer<typeof envSchema>)[]>;

/** Parses the environment once, failing fast with a readable list of what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A service half configured is a mistake, not a choice: say which settings are missing.
  const incomplete = Object.entries(ALL_OR_NONE).flatMap(([group, names]) => {
    const missing = names.filter((n) => !e[n]);
    return missing.length > 0 && missing.length < names.length ? [`  ${group}: set all of ${names.join(', ')}, or none (missing ${missing.join(', ')})`] : [];
  });
  if (incomplete.length > 0) throw new Error(`Invalid configuration:\n${incomplete.join('\n')}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, queryMs: e.DB_QUERY_TIMEOUT_MS },
    publicUrl,
    logLevel: e.LOG_LEVEL,
    requestIdleTimeoutMs: e.REQUEST_IDLE_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    signupEnabled: e.SIGNUP_ENABLED,
    initialAdmin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    recoveryTokenTtlSeconds: e.RECOVERY_TOKEN_TTL,
    refreshTokenReuseSeconds: e.REFRESH_TOKEN_REUSE_INTERVAL,
    redirectOrigins: listed(e.AUTH_REDIRECT_URLS).map((u) => new URL(u).origin),
    rateLimits: { signInPerMinute: e.SIGNIN_RATE_LIMIT, recoverEverySeconds: e.RECOVER_RATE_LIMIT_SECONDS },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    deletedAccountForumPosts: e.ACCOUNT_DELETION_FORUM_POSTS,
    externalUrls: {
      designAssistant: e.DESIGN_ASSISTANT_URL ?? null,
      knowledgeHub: e.KNOWLEDGE_HUB_URL ?? null,
      podcasts: e.PODCASTS_URL ?? null,
    },
    site: {
      contact: { email: e.CONTACT_EMAIL ?? null, phone: e.CONTACT_PHONE ?? null, linkedinUrl: e.CONTACT_LINKEDIN_URL ?? null },
      embeds: { contactForm: e.CONTACT_FORM_EMBED_URL ?? null, demoForm: e.DEMO_FORM_EMBED_URL ?? null },
      heroVideoUrl: e.HERO_VIDEO_URL ?? null,
    },
    standardsDir: path.resolve(e.STANDARDS_DIR),
    standardsAutofetch: e.STANDARDS_AUTOFETCH,
    ecfrBaseUrl: e.ECFR_BASE_URL.replace(/\/$/, ''),
    llm:
      e.LLM_BASE_URL && e.LLM_API_KEY && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS }
        : null,
    embeddings:
      e.EMBEDDING_BASE_URL && e.EMBEDDING_API_KEY && e.EMBEDDING_MODEL
        ? { baseUrl: e.EMBEDDING_BASE_URL.replace(/\/$/, ''), apiKey: e.EMBEDDING_API_KEY, model: e.EMBEDDING_MODEL }
        : null,
    checks: { maxPages: e.CHECK_MAX_PAGES, concurrency: e.CHECK_CONCURRENCY, timeoutMs: e.CHECK_TIMEOUT_MS },
    storage: {
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              region: e.S3_REGION,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : null,
    },
  };
}
