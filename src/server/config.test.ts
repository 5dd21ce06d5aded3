import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("reads the trusted proxies, outside the ingest section, as addresses, CIDR ranges (v4 and v6) and proxy-addr's names", () => {
    const config = loadConfig({ LANTERN_TRUSTED_PROXIES: " 10.0.0.1, ::1 ,172.16.0.0/12,fd00::/8, 10.1.0.0/255.255.0.0, loopback,linklocal,uniquelocal," });
    expect(config.trustedProxies).toEqual(["10.0.0.1", "::1", "172.16.0.0/12", "fd00::/8", "10.1.0.0/255.255.0.0", "loopback", "linklocal", "uniquelocal"]);
    expect(config.ingest).not.toHaveProperty("trustedProxies");
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  it.each([
    ["10.0.0.1,proxy.local", '"proxy.local"'],
    ["10.0.0.0/33", '"10.0.0.0/33"'],
    ["2001:db8::/129", '"2001:db8::/129"'],
    ["0.0.0.0/0", '"0.0.0.0/0"'],
    ["10.0.0.0/8x", '"10.0.0.0/8x"'],
    ["10.0.0.300", '"10.0.0.300"'],
  ])("refuses LANTERN_TRUSTED_PROXIES=%s, naming the variable and the bad entry", (value, entry) => {
    const error = configErrorOf({ LANTERN_TRUSTED_PROXIES: value });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^LANTERN_TRUSTED_PROXIES: /);
    expect(error.problems[0]).toContain(`${entry} is not an IP address, a CIDR range`);
  });

  it("uses the documented defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.database).toEqual({ dialect: "sqlite", path: "./data/lantern.db" });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.internalUrl).toBe("http://127.0.0.1:3000");
    expect(config.selfMonitoring).toEqual({ isEnabled: true, tracesSampleRate: 0.1, upstreamDsn: undefined });
    expect(config.ingest).toEqual({
      maxCompressedBytes: 20 * 1024 * 1024,
      maxEnvelopeBytes: 200 * 1024 * 1024,
      maxDecompressionRatio: 50,
      maxEventBytes: 1024 * 1024,
      maxAttachmentBytes: 100 * 1024 * 1024,
      maxItems: 1000,
      maxSessions: 100,
      maxBacklog: 50_000,
      backlogRetryAfterSeconds: 10,
      keyCacheSeconds: 30,
      captureDirectory: undefined,
    });
  });

  it.each([
    ["::", "http://127.0.0.1:4000"],
    ["127.0.0.1", "http://127.0.0.1:4000"],
    ["::1", "http://[::1]:4000"],
    ["lantern.internal", "http://lantern.internal:4000"],
  ])("reaches itself over loopback when listening on HOST=%s", (host, internalUrl) => {
    expect(loadConfig({ HOST: host, PORT: "4000" }).internalUrl).toBe(internalUrl);
  });

  it("derives the public URL from PORT when LANTERN_URL is unset", () => {
    expect(loadConfig({ PORT: "8123" }).publicUrl).toBe("http://localhost:8123");
  });

  it("takes LANTERN_URL as the public URL without trailing slashes", () => {
    expect(loadConfig({ LANTERN_URL: "https://errors.example.com/lantern//" }).publicUrl).toBe("https://errors.example.com/lantern");
  });

  it("reads a SQLite path from a file: URL", () => {
    expect(loadConfig({ DATABASE_URL: "file:/var/lib/lantern/db.sqlite" }).database).toEqual({ dialect: "sqlite", path: "/var/lib/lantern/db.sqlite" });
  });

  it.each(["postgres://lantern:secret@db.internal:5432/lantern", "postgresql://lantern@localhost/lantern"])("selects PostgreSQL for %s", (url) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: "postgres", url });
  });

  it("refuses a DATABASE_URL of another database, naming the variable and both accepted forms", () => {
    const error = configErrorOf({ DATABASE_URL: "mysql://x" });
    expect(error.problems).toHaveLength(1);
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).toContain('"mysql://x"');
    expect(error.message).toContain("file:");
    expect(error.message).toContain("postgres://");
  });

  it.each(["abc", "0", "65536", "80.5"])("refuses PORT=%s, naming PORT", (port) => {
    const error = configErrorOf({ PORT: port });
    expect(error.message).toMatch(/^ {2}- PORT: /m);
  });

  it.each(["not a url", "/relative/path"])("refuses LANTERN_URL=%s", (url) => {
    expect(configErrorOf({ LANTERN_URL: url }).message).toContain("LANTERN_URL: expected an absolute http(s) URL");
  });

  // A DSN built from a non-http(s) public URL is one no SDK accepts.
  it.each(["localhost:3000", "ftp://errors.example.com", "mailto:ops@example.com"])("refuses LANTERN_URL=%s, which is not http(s)", (url) => {
    expect(configErrorOf({ LANTERN_URL: url }).message).toContain("LANTERN_URL");
  });

  it.each(["not-a-dsn", "https://sentry.example.com/1", "https://key@sentry.example.com/project"])("refuses LANTERN_UPSTREAM_DSN=%s", (dsn) => {
    expect(configErrorOf({ LANTERN_UPSTREAM_DSN: dsn }).message).toContain("LANTERN_UPSTREAM_DSN: expected a Sentry DSN");
  });

  it("accepts an upstream DSN and keeps it verbatim", () => {
    const dsn = "https://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/42";
    expect(loadConfig({ LANTERN_UPSTREAM_DSN: dsn }).selfMonitoring.upstreamDsn).toBe(dsn);
  });

  it("lists every bad variable at once", () => {
    const error = configErrorOf({ PORT: "abc", DATABASE_URL: "mysql://x", LANTERN_SELF_MONITORING: "maybe" });
    expect(error.problems.map((problem) => problem.split(":")[0]).sort()).toEqual(["DATABASE_URL", "LANTERN_SELF_MONITORING", "PORT"]);
  });

  it("treats empty-string variables as unset", () => {
    const config = loadConfig({
      PORT: "",
      HOST: "",
      DATABASE_URL: "",
      LANTERN_URL: "",
      LANTERN_UPSTREAM_DSN: "",
      LANTERN_SELF_MONITORING: "",
      LANTERN_INGEST_MAX_COMPRESSED_BYTES: "",
    });
    expect(config).toEqual(loadConfig({}));
  });

  it("reads the self-monitoring switch and the ingest limits", () => {
    const config = loadConfig({ LANTERN_SELF_MONITORING: "off", LANTERN_INGEST_MAX_COMPRESSED_BYTES: "1024", LANTERN_INGEST_MAX_ENVELOPE_BYTES: "4096" });
    expect(config.selfMonitoring.isEnabled).toBe(false);
    expect(config.ingest).toMatchObject({ maxCompressedBytes: 1024, maxEnvelopeBytes: 4096 });
  });
});

describe("storage and backup settings", () => {
  it("reads sizes as people write them and intervals with a unit", () => {
    const config = loadConfig({ LANTERN_DISK_BUDGET: "20GB", LANTERN_MIN_FREE_DISK: "512MB", LANTERN_BACKUP_INTERVAL: "6h", LANTERN_RAW_RETENTION_HOURS: "0" });
    expect(config.storage).toEqual({ diskBudgetBytes: 20 * 1024 ** 3, minFreeDiskBytes: 512 * 1024 ** 2 });
    expect(config.backup.intervalMs).toBe(6 * 3_600_000);
    expect(config.retention.rawHours).toBe(0);
  });

  it("defaults: no budget, 1 GB free-space floor, raw envelopes for 24 hours, daily backups only with a directory", () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ diskBudgetBytes: null, minFreeDiskBytes: 1024 ** 3 });
    expect(config.retention.rawHours).toBe(24);
    expect(config.backup).toEqual({ directory: null, intervalMs: 86_400_000, keep: 7 });
  });

  it("names the variable and what it expects when a size or interval is wrong", () => {
    expect(() => loadConfig({ LANTERN_DISK_BUDGET: "lots" })).toThrow(/LANTERN_DISK_BUDGET: expected a size such as 20GB/);
    expect(() => loadConfig({ LANTERN_DISK_BUDGET: "0" })).toThrow(/LANTERN_DISK_BUDGET/);
    expect(() => loadConfig({ LANTERN_BACKUP_INTERVAL: "soon" })).toThrow(/LANTERN_BACKUP_INTERVAL: expected an interval/);
  });
});
