// The only reader of process.env: one schema, parsed once at start, errors name the bad variable.
import path from "node:path";
import { z } from "zod";
import { type FilesConfig, filesConfig, filesEnvSchema } from "./files-config";
import { type TrustProxy, trustProxyFrom } from "./trust-proxy";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** How the PostgreSQL pool waits and how long statements may run (decision 107). */
export type DatabaseLimits = { poolMax: number; acquireTimeoutMs: number; statementTimeoutMs: number };

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  poolMax: 10,
  acquireTimeoutMs: 5000,
  statementTimeoutMs: 10_000,
};

/** How the background jobs run (decisions 124 and 126); the defaults are production's. */
export type JobSettings = {
  concurrency: number;
  pollSeconds: number;
  matchExpireSeconds: number;
  maintenanceSeconds: number;
  retryDelaySeconds: number;
  cronCheckSeconds: number;
  testHoldMatchTitle: string | null;
};

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  concurrency: 4,
  pollSeconds: 2,
  // A match takes well under a second even with 100k providers (decision 051).
  matchExpireSeconds: 60,
  maintenanceSeconds: 30,
  retryDelaySeconds: 30,
  cronCheckSeconds: 30,
  testHoldMatchTitle: null,
};

/**
 * How long the HTTP server waits on a client, and how many connections it keeps (decision 144). A
 * client slower than these is disconnected, so that slow or flooding clients cannot hold the process's
 * connections and file handles.
 */
export type HttpLimits = {
  /** From the connection (or the previous request) to the end of the request's headers. */
  headersTimeoutMs: number;
  /** From the connection (or the previous request) to the end of the request's body: the whole request. */
  requestTimeoutMs: number;
  /** Nothing sent either way for this long while a request is open (a stalled body, a client not reading). */
  idleTimeoutMs: number;
  /** A kept-alive connection with no request. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; a new one past it closes the oldest that has no request in progress. */
  maxConnections: number;
  /** After SIGTERM: readiness says 503 at once, and requests are still served this long before closing. */
  drainMs: number;
};

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Above the live stream's 25 s heartbeat, so that an open stream is never taken for a stalled one.
  idleTimeoutMs: 60_000,
  // Above the 60 s that load balancers keep an idle connection (AWS ALB, nginx's default 75 s is a
  // client's keep-alive): the proxy closes first, and never reuses a connection this side has closed.
  keepAliveTimeoutMs: 65_000,
  // Well under the usual 65,536 file handles, and under this machine's 20,000, leaving room for the
  // database, the data folder and the logs.
  maxConnections: 10_000,
  drainMs: 5000,
};

const ms = (name: keyof HttpLimits, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(DEFAULT_HTTP_LIMITS[name]);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default("0.0.0.0"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    /** The embedded database is not ready below this much free space on DATA_DIR's disk (decision 143). */
    DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(1).max(1_000_000).default(64),
    /**
     * The data folder's lock (decision 108): a lock its holder has not refreshed for this long is taken to
     * be a dead process's, and a newcomer that finds it fresh waits this long before refusing.
     */
    DATA_DIR_LOCK_STALE_MS: z.coerce.number().int().min(2000).max(600_000).default(10_000),
    /** PostgreSQL only (decision 107): connections per process, and how long a request may wait for one. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DATABASE_LIMITS.poolMax),
    DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(600_000)
      .default(DEFAULT_DATABASE_LIMITS.acquireTimeoutMs),
    /** PostgreSQL only: the server cancels a statement that runs longer (0: never). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3_600_000)
      .default(DEFAULT_DATABASE_LIMITS.statementTimeoutMs),
    /** Background jobs (decisions 124 and 126): match jobs one process works at once (4; 1 on PGlite). */
    HTTP_HEADERS_TIMEOUT_MS: ms("headersTimeoutMs", 100, 600_000),
    HTTP_REQUEST_TIMEOUT_MS: ms("requestTimeoutMs", 100, 3_600_000),
    HTTP_IDLE_TIMEOUT_MS: ms("idleTimeoutMs", 100, 3_600_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: ms("keepAliveTimeoutMs", 100, 600_000),
    HTTP_MAX_CONNECTIONS: ms("maxConnections", 10, 1_000_000),
    SHUTDOWN_DRAIN_MS: ms("drainMs", 0, 120_000),
    /** Multiplies every write allowance (decision 144): 1 in production; raised by load tests. */
    WRITE_LIMIT_FACTOR: z.coerce.number().min(1).max(1_000_000).default(1),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** How often an idle worker looks for jobs when no notification woke it (pg-boss allows 0.5 s at least). */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(DEFAULT_JOB_SETTINGS.pollSeconds),
    /** A match job still running after this long is taken for lost (its process died) and retried. */
    JOB_MATCH_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_JOB_SETTINGS.matchExpireSeconds),
    /** How often one of the processes fails expired jobs into their retries (pg-boss's maintenance). */
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_JOB_SETTINGS.maintenanceSeconds),
    /** The first retry's delay of a failed job; each further retry waits about twice as long. */
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_JOB_SETTINGS.retryDelaySeconds),
    /** How often the processes check whether a scheduled job is due (one of them sends it, once a minute). */
    JOB_CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(DEFAULT_JOB_SETTINGS.cronCheckSeconds),
    /**
     * Tests only (the several-processes test): the first attempt of a match job for a request of this
     * title waits, its job active, until the process is killed or the job expires.
     */
    TEST_HOLD_MATCH_TITLE: z.string().min(1).optional(),
    /** Demo accounts and data: on by default for the embedded database, never for DATABASE_URL. */
    DEMO_DATA: bool.optional(),
    /** The proxies in front: how many hops, or their addresses (decision 106); unset: none. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parsed = trustProxyFrom(v);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** A session unused this long ends, whatever its absolute lifetime (decision 117). */
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .default(72),
    /** scrypt cost; OWASP asks for N=2^17 (r=8, p=1). Only tests lower it, to keep them fast. */
    PASSWORD_SCRYPT_N: z.coerce
      .number()
      .int()
      .refine((n) => n >= 1024 && (n & (n - 1)) === 0, "must be a power of two, at least 1024")
      .default(131072),
    /** Embedded in an iframe on /schedule: web addresses only, never javascript: or data: URLs. */
    BOOKING_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /** How many providers receive each request (DESIGN.md: the best 3, a setting of 2 or 3). */
    MATCH_LEADS_PER_REQUEST: z.coerce.number().int().min(2, "must be 2 or 3").max(3, "must be 2 or 3").default(3),
    /** The address people reach the product at, for links in emails (http://localhost:PORT when unset). */
    PUBLIC_URL: z.url().optional(),
    CONTACT_EMAIL: z.email().default("hello@automatch.io"),
    CONTACT_PHONE: z.string().min(3).default("+1 (415) 555-0100"),
    /**
     * Outgoing mail: an smtp:// or smtps:// URL (credentials in it). Unset outside production, every email
     * goes to the local mailbox at /dev/mailbox (decision 159); in production it is required.
     */
    SMTP_URL: z
      .url()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    /**
     * GET /metrics for Prometheus (decision 161): with this token it answers on the app's port to a bearer
     * of it. Without it, it answers openly outside production and not at all on the app's port in production.
     */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** A port of its own for GET /metrics, one the public does not reach (then off the app's port unless METRICS_TOKEN). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * Webhooks to loopback, private, link-local and other non-public addresses, and over plain http://
     * (decision 173): off unless set, so that a provider's endpoint cannot reach inside the network. For a
     * local n8n on the same machine, and for the tests' local receivers.
     */
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: bool.default(false),
    /** No email at all: kept in the admin's outbox, never sent, no local mailbox. */
    MAIL_DISABLED: bool.default(false),
    /** The sender's address of every email. */
    MAIL_FROM: z.email("must be an email address").default("no-reply@automatch.io"),
    /** Stripe: all three keys, or none for the built-in demo billing provider. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_... or rk_...)")
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "must be a Stripe publishable key (pk_...)").optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_...)")
      .optional(),
    /** The $99/month price; unset: found (or created) by its lookup key on first use. */
    STRIPE_PRICE_ID: z
      .string()
      .regex(/^price_/, "must be a Stripe price id (price_...)")
      .optional(),
    /** Tests only: point the Stripe SDK at a local stand-in server. */
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  })
  .extend(filesEnvSchema.shape);

const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceId: string | null;
  /** Where the SDK sends its calls; null: Stripe's own API. */
  api: { host: string; port: number | null; protocol: "http" | "https" } | null;
};

/** Which billing provider runs: Stripe when its keys are set, else the built-in demo provider. */
export type BillingConfig = { provider: "demo" } | { provider: "stripe"; stripe: StripeConfig };

/**
 * Outgoing mail (decision 159): `smtp` sends through the URL's server; `mailbox` (outside production,
 * without SMTP) keeps each email readable at the local mailbox page; `off` (MAIL_DISABLED) keeps every
 * email in the admin's outbox, unsent.
 */
export type MailConfig = { delivery: "smtp" | "mailbox" | "off"; smtpUrl: string | null; from: string };

/** Where the local mailbox answers, when mail goes there. */
export const MAILBOX_PATH = "/dev/mailbox";

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  database:
    | { kind: "postgres"; url: string }
    // loadDataDir: an in-memory database (no dataDir) starts from this dump of one made earlier (PGlite's
    // dumpDataDir); the API tests start each file from one migrated database instead of running initdb.
    | { kind: "pglite"; dataDir: string | null; loadDataDir?: Blob; minFreeBytes?: number; lockStaleMs?: number };
  databaseLimits: DatabaseLimits;
  http: HttpLimits;
  writeLimitFactor: number;
  jobs: JobSettings;
  demoData: boolean;
  trustProxy: TrustProxy;
  sessionTtlMs: number;
  sessionIdleMs: number;
  passwordScryptN: number;
  bookingUrl: string | null;
  leadsPerRequest: number;
  publicUrl: string;
  contactEmail: string;
  contactPhone: string;
  billing: BillingConfig;
  mail: MailConfig;
  metrics: MetricsConfig;
  webhooks: { allowPrivateNetworks: boolean };
  files: FilesConfig;
};

/** Where GET /metrics answers (decision 161): see METRICS_TOKEN and METRICS_PORT. */
export type MetricsConfig = { token: string | null; port: number | null };

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.TEST_HOLD_MATCH_TITLE !== undefined && e.NODE_ENV !== "test") {
    // A client could otherwise tie up a worker with a request of that title.
    throw new ConfigError("Invalid configuration:\n  TEST_HOLD_MATCH_TITLE: is for the tests only (NODE_ENV=test)");
  }
  const mail = mailConfig(e);
  const billing = billingConfig(e);
  const database: Config["database"] = e.DATABASE_URL
    ? { kind: "postgres", url: e.DATABASE_URL }
    : {
        kind: "pglite",
        dataDir: path.resolve(e.DATA_DIR),
        minFreeBytes: e.DATA_DIR_MIN_FREE_MB * 1024 * 1024,
        lockStaleMs: e.DATA_DIR_LOCK_STALE_MS,
      };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database,
    databaseLimits: {
      poolMax: e.DATABASE_POOL_MAX,
      acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      // The whole request takes at least as long as its headers.
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      drainMs: e.SHUTDOWN_DRAIN_MS,
    },
    writeLimitFactor: e.WRITE_LIMIT_FACTOR,
    jobs: {
      // PGlite runs one statement at a time: more matches at once would only queue behind each other.
      concurrency: e.JOB_CONCURRENCY ?? (database.kind === "pglite" ? 1 : DEFAULT_JOB_SETTINGS.concurrency),
      pollSeconds: e.JOB_POLL_SECONDS,
      matchExpireSeconds: e.JOB_MATCH_EXPIRE_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      cronCheckSeconds: e.JOB_CRON_CHECK_SECONDS,
      testHoldMatchTitle: e.TEST_HOLD_MATCH_TITLE ?? null,
    },
    demoData: database.kind === "pglite" ? (e.DEMO_DATA ?? true) : false,
    trustProxy: e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 60 * 60 * 1000,
    passwordScryptN: e.PASSWORD_SCRYPT_N,
    bookingUrl: e.BOOKING_URL ?? null,
    leadsPerRequest: e.MATCH_LEADS_PER_REQUEST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    billing,
    mail,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null },
    webhooks: { allowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS },
    files: filesConfig(e),
  };
}

function mailConfig(e: z.infer<typeof envSchema>): MailConfig {
  const from = e.MAIL_FROM;
  if (e.MAIL_DISABLED) return { delivery: "off", smtpUrl: null, from };
  if (e.SMTP_URL) return { delivery: "smtp", smtpUrl: e.SMTP_URL, from };
  if (e.NODE_ENV === "production") {
    // Without mail nobody can confirm an account or reset a forgotten password: say so at start.
    throw new ConfigError(
      "Invalid configuration:\n  SMTP_URL: is required in production (NODE_ENV=production), or nobody can confirm an " +
        "account or reset a password: set it to your mail server (e.g. smtp://user:password@smtp.example.com:587), " +
        "or set MAIL_DISABLED=true to run without sending email",
    );
  }
  return { delivery: "mailbox", smtpUrl: null, from };
}

function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  const set = STRIPE_KEYS.filter((k) => e[k]);
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  } = e;
  if (!secretKey || !publishableKey || !webhookSecret) {
    if (set.length === 0) return { provider: "demo" };
    const missing = STRIPE_KEYS.filter((k) => !e[k]);
    const lines = missing.map(
      (k) => `  ${k}: is required when ${set.join(" and ")} ${set.length === 1 ? "is" : "are"} set`,
    );
    throw new ConfigError(
      `Invalid configuration (Stripe needs all three keys, or none for demo billing):\n${lines.join("\n")}`,
    );
  }
  return {
    provider: "stripe",
    stripe: {
      secretKey,
      publishableKey,
      webhookSecret,
      priceId: e.STRIPE_PRICE_ID ?? null,
      api: e.STRIPE_API_HOST
        ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT ?? null, protocol: e.STRIPE_API_PROTOCOL ?? "https" }
        : null,
    },
  };
}
