import { availableParallelism } from "node:os";
import bytes from "bytes";
import proxyaddr from "proxy-addr";
import { z } from "zod";

/**
 * Every environment variable Lantern reads, with its default, in one place.
 * Read once at start (`loadConfig`) and passed in; `.env.example` documents each key.
 */
const MiB = 1024 * 1024;

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^file:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
    message: "expected file:/path/to/lantern.db (SQLite) or postgres://user:password@host:5432/database (PostgreSQL)",
  });

const booleanFlag = z
  .enum(["true", "false", "1", "0", "on", "off"], { message: "expected true or false" })
  .transform((value) => value === "true" || value === "1" || value === "on");

const byteCount = z.coerce.number({ message: "expected a number of bytes" }).int().positive();
const count = z.coerce.number({ message: "expected a positive whole number" }).int().positive();
const wholeNumber = z.coerce.number({ message: "expected a whole number, 0 or more" }).int().min(0);

/** A size as people write it (20GB, 500 MB, 1.5GiB — powers of 1024, as the `bytes` package reads them) or a number of bytes. */
const diskSize = z
  .string()
  .trim()
  .transform((value, context) => {
    const parsed = /^\d+$/.test(value) ? Number(value) : bytes.parse(value);
    if (parsed === null || !Number.isFinite(parsed) || parsed <= 0) {
      context.addIssue({ code: "custom", message: "expected a size such as 20GB, 500MB or a number of bytes" });
      return z.NEVER;
    }
    return Math.floor(parsed);
  });

/** An interval such as 30m, 6h, 1d (or a number of seconds). */
const interval = z
  .string()
  .trim()
  .transform((value, context) => {
    const match = /^(\d+)\s*(s|m|h|d)?$/.exec(value);
    const seconds = match ? Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[(match[2] ?? "s") as "s" | "m" | "h" | "d"] : 0;
    if (!match || seconds <= 0) {
      context.addIssue({ code: "custom", message: "expected an interval such as 30m, 6h or 1d" });
      return z.NEVER;
    }
    return seconds * 1000;
  });

/** Validated by proxy-addr itself, so start-up accepts exactly what the request path will compile. */
const trustedProxies = z
  .string()
  .trim()
  .transform((value, context) => {
    const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
    for (const entry of entries) {
      try {
        proxyaddr.compile(entry);
      } catch {
        context.addIssue({ code: "custom", message: `${JSON.stringify(entry)} is not an IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of loopback, linklocal, uniquelocal` });
      }
    }
    return entries;
  });

export const environmentSchema = z.object({
  PORT: z.coerce.number({ message: "expected a TCP port number" }).int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: databaseUrl.default("file:./data/lantern.db"),
  LANTERN_URL: z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, message: "expected an absolute http(s) URL such as https://lantern.example.com" }).optional(),
  LANTERN_TRUSTED_PROXIES: trustedProxies.default([]),
  LANTERN_SELF_MONITORING: booleanFlag.default(true),
  LANTERN_SELF_TRACES_SAMPLE_RATE: z.coerce.number({ message: "expected a number between 0 and 1" }).min(0).max(1).default(0.1),
  LANTERN_UPSTREAM_DSN: z
    .string()
    .trim()
    .regex(/^https?:\/\/\w+(:\w*)?@[^/]+(\/.*)?\/\d+$/, { message: "expected a Sentry DSN such as https://<key>@sentry.example.com/1" })
    .optional(),
  LANTERN_INGEST_MAX_COMPRESSED_BYTES: byteCount.default(20 * MiB),
  LANTERN_INGEST_MAX_ENVELOPE_BYTES: byteCount.default(200 * MiB),
  LANTERN_INGEST_MAX_EVENT_BYTES: byteCount.default(1 * MiB),
  LANTERN_INGEST_MAX_ATTACHMENT_BYTES: byteCount.default(100 * MiB),
  LANTERN_INGEST_MAX_DECOMPRESSION_RATIO: count.default(50),
  LANTERN_INGEST_MAX_ITEMS: count.default(1000),
  LANTERN_INGEST_MAX_SESSIONS: count.default(100),
  LANTERN_INGEST_MAX_BACKLOG: count.default(50_000),
  LANTERN_INGEST_BACKLOG_RETRY_AFTER: count.default(10),
  LANTERN_DIGEST_WORKERS: count.max(64).default(() => availableParallelism()),
  LANTERN_KEY_CACHE_SECONDS: z.coerce.number({ message: "expected a number of seconds" }).int().min(0).default(30),
  LANTERN_CAPTURE_DIR: z.string().trim().min(1).optional(),
  LANTERN_RETENTION_DAYS: count.default(90),
  LANTERN_SPAN_RETENTION_DAYS: count.default(14),
  LANTERN_LOG_RETENTION_DAYS: count.default(7),
  LANTERN_REPLAY_RETENTION_DAYS: count.default(30),
  LANTERN_REPLAY_DISK_SHARE: z.coerce.number({ message: "expected a percentage" }).int().min(1).max(100).default(25),
  LANTERN_UPTIME_CHECK_RETENTION_DAYS: count.default(7),
  LANTERN_MAX_EVENTS_PER_ISSUE: count.default(10_000),
  LANTERN_RAW_RETENTION_HOURS: wholeNumber.default(24),
  LANTERN_DISK_BUDGET: diskSize.optional(),
  LANTERN_MIN_FREE_DISK: diskSize.default(1024 ** 3),
  LANTERN_BACKUP_DIR: z.string().trim().min(1).optional(),
  LANTERN_BACKUP_INTERVAL: interval.default(86_400_000),
  LANTERN_BACKUP_KEEP: count.default(7),
  LANTERN_SOURCEMAP_RETENTION_DAYS: count.default(90),
  LANTERN_SOURCEMAP_KEEP_PER_PROJECT: count.default(10),
  LANTERN_SOURCEMAP_MAX_BUNDLE: diskSize.default(512 * MiB),
  LANTERN_SOURCEMAP_CACHE: diskSize.default(128 * MiB),
  LANTERN_WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  LANTERN_MCP_CALLS_PER_MINUTE: count.max(100_000).default(120),
  LANTERN_ALERT_TIMEOUT_SECONDS: count.max(120).default(10),
  LANTERN_LEASE_SECONDS: count.max(3600).default(60),
  LANTERN_AUTH_SECRET: z.string().min(32, { message: "expected at least 32 characters (e.g. openssl rand -base64 32)" }).optional(),
  LANTERN_ORG_SLUG: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, { message: "expected a slug: lowercase letters, digits and dashes" })
    .default("lantern"),
  LANTERN_SMTP_URL: z.url({ protocol: /^smtps?$/, message: "expected smtp://user:password@host:587 or smtps://…:465" }).optional(),
  LANTERN_SMTP_FROM: z.string().trim().min(3).default("Lantern <lantern@localhost>"),
  LANTERN_OIDC_ISSUER: z.url({ protocol: /^https?$/, message: "expected the provider's issuer URL, e.g. https://accounts.example.com" }).optional(),
  LANTERN_OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  LANTERN_OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  LANTERN_OIDC_NAME: z.string().trim().min(1).default("single sign-on"),
  LANTERN_SIGN_IN_MAX_FAILURES: count.default(5),
  LANTERN_SIGN_IN_MAX_FAILURES_PER_IP: count.default(20),
  LANTERN_INVITE_HOURS: count.default(72),
});

export type LanternConfig = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

function toConfig(env: z.infer<typeof environmentSchema>) {
  const database = env.DATABASE_URL.startsWith("file:")
    ? { dialect: "sqlite" as const, path: env.DATABASE_URL.slice("file:".length) }
    : { dialect: "postgres" as const, url: env.DATABASE_URL };
  const loopbackHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const publicUrl = (env.LANTERN_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** Where this process reaches itself, for its own server-side diagnostics. */
    internalUrl: `http://${loopbackHost.includes(":") ? `[${loopbackHost}]` : loopbackHost}:${env.PORT}`,
    database,
    /**
     * Proxies whose X-Forwarded-For hop is believed: one setting for the address ingest records, the audit
     * log and sign-in throttling (access/resolve-client-address.ts).
     */
    trustedProxies: env.LANTERN_TRUSTED_PROXIES,
    selfMonitoring: {
      isEnabled: env.LANTERN_SELF_MONITORING,
      tracesSampleRate: env.LANTERN_SELF_TRACES_SAMPLE_RATE,
      upstreamDsn: env.LANTERN_UPSTREAM_DSN,
    },
    digest: {
      /** Threads that run digest's CPU steps, the digest thread included (1: the digest thread alone). */
      workers: env.LANTERN_DIGEST_WORKERS,
    },
    ingest: {
      maxCompressedBytes: env.LANTERN_INGEST_MAX_COMPRESSED_BYTES,
      maxEnvelopeBytes: env.LANTERN_INGEST_MAX_ENVELOPE_BYTES,
      maxDecompressionRatio: env.LANTERN_INGEST_MAX_DECOMPRESSION_RATIO,
      maxEventBytes: env.LANTERN_INGEST_MAX_EVENT_BYTES,
      maxAttachmentBytes: env.LANTERN_INGEST_MAX_ATTACHMENT_BYTES,
      maxItems: env.LANTERN_INGEST_MAX_ITEMS,
      maxSessions: env.LANTERN_INGEST_MAX_SESSIONS,
      maxBacklog: env.LANTERN_INGEST_MAX_BACKLOG,
      backlogRetryAfterSeconds: env.LANTERN_INGEST_BACKLOG_RETRY_AFTER,
      keyCacheSeconds: env.LANTERN_KEY_CACHE_SECONDS,
      captureDirectory: env.LANTERN_CAPTURE_DIR,
    },
    auth: {
      /** Null: generated on first start and kept in the database (instance_settings). */
      secret: env.LANTERN_AUTH_SECRET ?? null,
      organizationSlug: env.LANTERN_ORG_SLUG,
      smtp: env.LANTERN_SMTP_URL ? { url: env.LANTERN_SMTP_URL, from: env.LANTERN_SMTP_FROM } : null,
      oidc:
        env.LANTERN_OIDC_ISSUER && env.LANTERN_OIDC_CLIENT_ID && env.LANTERN_OIDC_CLIENT_SECRET
          ? { issuer: env.LANTERN_OIDC_ISSUER.replace(/\/+$/, ""), clientId: env.LANTERN_OIDC_CLIENT_ID, clientSecret: env.LANTERN_OIDC_CLIENT_SECRET, name: env.LANTERN_OIDC_NAME }
          : null,
      /** Failed sign-ins allowed in 15 minutes, per account and per client address. */
      maxSignInFailures: env.LANTERN_SIGN_IN_MAX_FAILURES,
      maxSignInFailuresPerAddress: env.LANTERN_SIGN_IN_MAX_FAILURES_PER_IP,
      inviteHours: env.LANTERN_INVITE_HOURS,
    },
    /** Defaults; a project may set its own in its settings. */
    retention: {
      days: env.LANTERN_RETENTION_DAYS,
      /** Spans (transactions, span containers, OTLP) are kept this long, apart from events: they come 10–100× as often. */
      spanDays: env.LANTERN_SPAN_RETENTION_DAYS,
      /** Log lines (log items, OTLP logs) are kept this long, apart from events and spans. */
      logDays: env.LANTERN_LOG_RETENTION_DAYS,
      /** Session replays are kept this long after their last segment, apart from everything else. */
      replayDays: env.LANTERN_REPLAY_RETENTION_DAYS,
      /** With a disk budget: the percent of it replays' recordings may fill before the oldest replays go. */
      replayDiskSharePercent: env.LANTERN_REPLAY_DISK_SHARE,
      maxEventsPerIssue: env.LANTERN_MAX_EVENTS_PER_ISSUE,
      /** Raw envelopes are kept this long after digest (0: deleted right after digest). */
      rawHours: env.LANTERN_RAW_RETENTION_HOURS,
    },
    storage: {
      /** Bytes of database past which the oldest events are pruned (null: no budget). */
      diskBudgetBytes: env.LANTERN_DISK_BUDGET ?? null,
      /** Ingest answers 503 while the database's volume has less free space than this. */
      minFreeDiskBytes: env.LANTERN_MIN_FREE_DISK,
    },
    backup: {
      /** Scheduled backups go here (null: none scheduled). */
      directory: env.LANTERN_BACKUP_DIR ?? null,
      intervalMs: env.LANTERN_BACKUP_INTERVAL,
      keep: env.LANTERN_BACKUP_KEEP,
    },
    sourceMaps: {
      /** Artifact bundles neither uploaded nor used to resolve a frame for this many days are deleted… */
      retentionDays: env.LANTERN_SOURCEMAP_RETENTION_DAYS,
      /** …except each project's newest this many. */
      keepPerProject: env.LANTERN_SOURCEMAP_KEEP_PER_PROJECT,
      /** Uncompressed bytes of one bundle's files, all together (a zip bomb stops here). */
      maxBundleBytes: env.LANTERN_SOURCEMAP_MAX_BUNDLE,
      /** Memory for parsed source maps in the digest thread (an LRU by the maps' text size). */
      cacheBytes: env.LANTERN_SOURCEMAP_CACHE,
    },
    alerts: {
      /** Webhook and uptime targets on loopback, private or link-local addresses are refused unless this is set. */
      allowPrivateTargets: env.LANTERN_WEBHOOK_ALLOW_PRIVATE,
      /** One delivery attempt (HTTP request or SMTP transaction) gives up after this long. */
      timeoutMs: env.LANTERN_ALERT_TIMEOUT_SECONDS * 1000,
    },
    mcp: {
      /** Requests one token (API or OAuth) may make to /mcp per minute; more are answered 429 with Retry-After. */
      callsPerMinute: env.LANTERN_MCP_CALLS_PER_MINUTE,
    },
    uptime: {
      /** Uptime checks (one row each) are kept this long; hourly sums (uptime %, latency) are kept 90 days. */
      checkRetentionDays: env.LANTERN_UPTIME_CHECK_RETENTION_DAYS,
    },
    instances: {
      /**
       * A periodic job's lease (housekeeping, backups) lasts this long: with several instances on one
       * database, a killed holder's jobs move to another instance within it (and a third of it).
       */
      leaseMs: env.LANTERN_LEASE_SECONDS * 1000,
    },
  };
}

/** Validates the environment; throws ConfigError naming each bad variable and what it expects. */
export function loadConfig(env: Record<string, string | undefined> = process.env): LanternConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        const got = env[name] === undefined ? "" : ` (got ${JSON.stringify(env[name])})`;
        return `${name}: ${issue.message}${got}`;
      }),
    );
  }
  return toConfig(parsed.data);
}

let processConfig: LanternConfig | undefined;

/** The configuration of this process, read from the environment on first use. */
export function getConfig(): LanternConfig {
  processConfig ??= loadConfig();
  return processConfig;
}
