// `npm run bench:spans` — digest of spans alone, as the digest thread runs it: N envelopes, each one
// @sentry/node-shaped `transaction` (an http.server request with 19 child spans: db queries, outgoing http,
// functions; the attributes the real SDK 10.78 sends, tests/fixtures/sdk-scripts/traced-request.mjs), wait in
// the intake of a fresh SQLite file, stored as ingest stores them; digestBatch runs batches of 50 until none
// is left. Prints spans stored per second, CPU µs per span (this thread; --workers=N adds the pool's
// threads), and the database bytes per span: the spans table, its indexes, the payloads and the strings,
// measured with dbstat after a checkpoint (raw envelopes deleted, as LANTERN_RAW_RETENTION_HOURS=0 does).
// Run: npm run bench:spans [-- envelopes=5000] [--workers=N]
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { DigestPool } from "../src/server/digest/digest-pool";
import { digestIntake } from "../src/server/digest/digest-intake";
import { insertIntakeEnvelopes } from "../src/server/intake/intake-writer";
import { encodeRawBody } from "../src/server/intake/raw-body";
import { serializeEnvelope } from "../src/server/ingest/serialize-envelope";
import { insertProject } from "../src/server/projects/insert-project";
import { processSourceMapCache } from "../src/server/sourcemaps/source-map-cache";

const envelopes = Number(process.argv.slice(2).find((argument) => !argument.startsWith("--")) ?? 5_000);
const workers = Number(process.argv.find((argument) => argument.startsWith("--workers="))?.slice("--workers=".length) ?? 1);
const spansPerTransaction = 20;
const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const routes = ["/checkout/:id", "/api/users/:id", "/api/cart", "/products", "/search", "/api/orders/:id", "/login", "/"];
const statements = ["SELECT * FROM users WHERE id = $1", "SELECT id, total FROM orders WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20", "UPDATE carts SET total = $1 WHERE id = $2", "INSERT INTO events (kind, payload) VALUES ($1, $2)", "SELECT count(*) FROM products WHERE category = $1"];

/** One transaction as @sentry/node 10.78 sends it for a server request (child `data` as the SDK fills it). */
function nodeTransaction(now: number): Record<string, unknown> {
  const traceId = hex(16);
  const rootId = hex(8);
  const route = routes[Math.floor(Math.random() * routes.length)]!;
  const start = now / 1000 - 0.2;
  let cursor = start + 0.001;
  const spans = Array.from({ length: spansPerTransaction - 1 }, (_, index) => {
    const kind = index % 4;
    const duration = 0.0005 + Math.random() * 0.01;
    const spanStart = cursor;
    cursor += duration + 0.0002;
    const base = { parent_span_id: rootId, span_id: hex(8), trace_id: traceId, start_timestamp: spanStart, timestamp: spanStart + duration, status: "ok" };
    if (kind === 0 || kind === 1) {
      const statement = statements[index % statements.length]!;
      return { ...base, op: "db", description: statement, origin: "auto.db.otel.postgres", data: { "sentry.origin": "auto.db.otel.postgres", "sentry.op": "db", "db.system": "postgresql", "db.name": "shop", "db.statement": statement, "db.user": "shop", "net.peer.name": "db.internal", "net.peer.port": 5432, "otel.kind": "CLIENT" } };
    }
    if (kind === 2) {
      const url = `http://inventory.internal:8080/stock/${Math.floor(Math.random() * 1e6)}`;
      return { ...base, op: "http.client", description: `GET ${url}`, origin: "auto.http.otel.http", data: { "sentry.origin": "auto.http.otel.http", "sentry.op": "http.client", "otel.kind": "CLIENT", "http.method": "GET", "http.request.method": "GET", "url.full": url, "http.url": url, "url.path": "/stock", "server.address": "inventory.internal", "server.port": 8080, "http.response.status_code": 200, "http.status_code": 200, "network.peer.address": "10.0.0.7", "network.peer.port": 8080, "http.response_content_length_uncompressed": 312 } };
    }
    return { ...base, op: "function", description: `render ${route}`, origin: "manual", data: { "sentry.origin": "manual", "sentry.op": "function" } };
  });
  return {
    type: "transaction",
    event_id: hex(16),
    transaction: `GET ${route}`,
    transaction_info: { source: "route" },
    start_timestamp: start,
    timestamp: cursor + 0.001,
    platform: "node",
    release: "shop@1.4.2",
    environment: "production",
    server_name: "web-1",
    contexts: {
      trace: { trace_id: traceId, span_id: rootId, op: "http.server", status: "ok", origin: "auto.http.otel.http", data: { "sentry.origin": "auto.http.otel.http", "sentry.op": "http.server", "sentry.source": "route", "sentry.sample_rate": 1, "http.method": "GET", "http.route": route, "url.path": route, "http.response.status_code": 200, "otel.kind": "SERVER", "net.host.name": "shop.example.com" } },
      runtime: { name: "node", version: "v20.20.2" },
      os: { name: "Debian", version: "12" },
    },
    request: { method: "GET", url: `https://shop.example.com${route}`, headers: { host: "shop.example.com", "user-agent": "Mozilla/5.0" } },
    sdk: { name: "sentry.javascript.node", version: "10.78.0", packages: [{ name: "npm:@sentry/node", version: "10.78.0" }] },
    spans,
  };
}

const directory = mkdtempSync(join(tmpdir(), "lantern-bench-spans-"));
const path = join(directory, "lantern.db");
const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
try {
  await migrateToLatest(database.db);
  const { project, key } = await insertProject(database.db, { name: "bench", platform: "node" });
  const dsn = `http://${key.public_key}@127.0.0.1/${project.id}`;
  const now = Date.now();
  let envelopeBytes = 0;
  for (let start = 0; start < envelopes; start += 100) {
    const rows = await Promise.all(
      Array.from({ length: Math.min(100, envelopes - start) }, async () => {
        const transaction = nodeTransaction(now);
        const body = serializeEnvelope({ event_id: transaction.event_id, dsn, sent_at: new Date(now).toISOString() }, [{ header: { type: "transaction" }, payload: new TextEncoder().encode(JSON.stringify(transaction)) }]);
        envelopeBytes += body.length;
        const stored = await encodeRawBody(body);
        return { project_id: project.id, received_at: now, event_id: null, item_types: "transaction", summary: null, sdk_name: "sentry.javascript.node", body_bytes: body.length, body: stored.body, encoding: stored.encoding, client_ip: "127.0.0.1" };
      }),
    );
    await insertIntakeEnvelopes(database.db, rows);
  }
  database.checkpointWal();
  const sourceMaps = processSourceMapCache();
  const pool = workers > 1 ? new DigestPool((intake) => digestIntake(database.db, intake, sourceMaps), { threads: workers, entry: new URL("../cli/digest-pool-entry.mjs", import.meta.url), workerData: { database: { dialect: "sqlite", path } } }) : null;
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  let digested = 0;
  let lastCheckpointAt = startedAt;
  for (let rows; (rows = await digestBatch(database, 50 * workers, { rawHours: 0, ...(pool ? { digestWith: (intake) => pool.digest(intake) } : {}) })) > 0; ) {
    digested += rows;
    if (performance.now() - lastCheckpointAt >= 250) {
      database.checkpointWal();
      lastCheckpointAt = performance.now();
    }
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await pool?.close();
  const spans = Number((await database.db.selectFrom("spans").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const failed = await database.db.selectFrom("intake").select("digest_error").where("digest_error", "is not", null).limit(1).execute();
  database.checkpointWal();
  await database.close();
  const sqlite = new Database(path, { readonly: true });
  const sizes = sqlite.prepare("select name, sum(pgsize) as bytes from dbstat where name like 'span%' or name like 'sqlite_autoindex_span%' group by name order by bytes desc").all() as { name: string; bytes: number }[];
  sqlite.close();
  const spanBytes = sizes.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`envelopes  ${digested} transactions of ${spansPerTransaction} spans (${(envelopeBytes / envelopes / 1024).toFixed(1)} KB each), ${spans} spans stored${failed.length > 0 ? `; digest errors, e.g. ${failed[0]!.digest_error}` : ""}`);
  console.log(`rate       ${Math.round(spans / seconds)} spans/s stored (${Math.round(digested / seconds)} transactions/s) on ${workers === 1 ? "one thread" : `${workers} threads`} (goal ≥ 20,000 spans/s)`);
  console.log(`CPU        ${((cpu.user + cpu.system) / spans).toFixed(1)} µs per span${workers > 1 ? " (this process, all threads)" : ""}`);
  console.log(`disk       ${(spanBytes / spans).toFixed(0)} B per span with indexes, payloads and strings (goal ≤ 150): ${sizes.map((row) => `${row.name} ${(row.bytes / spans).toFixed(1)}`).join(", ")}`);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
