// What issue 20's digest additions cost per event: the tags derived from the event (user.*, browser, os,
// device, runtime, url, handled, mechanism, error.type — event-tag-pairs.ts, beyond the level, environment,
// release, transaction and user key counted before) and the project_tag_values upsert beside issue_tag_values.
//
// 1. Derivation (CPU): eventTagPairs against the pairs counted before issue 20 (level, environment, release,
//    transaction, user key and the SDK's own tags, re-stated below for this bench only), on normalized events
//    of the captured @sentry/browser-in-Chromium (Next.js) and @sentry/node fixtures with a user set.
//    Median µs per event of several rounds after a warm-up.
// 2. Storage: N envelopes — half the browser fixture, half the node one, 50 issues, 2,000 users, 100 URLs,
//    8 browsers, 3 Node versions, spread over 24 h — digested into a fresh SQLite file (batches of 50, as the
//    digest thread does), twice: as digest writes them ("with"), and with two bench-only triggers that drop
//    the issue_tag_values rows of the issue-20 keys and every project_tag_values row before SQLite stores
//    them ("without": the rows are still built and bound; SQLite skips their B-tree work). Both variants have
//    the triggers (the "with" ones never fire), so their evaluation is in both. Rounds alternate the two;
//    the figures are medians: CPU µs per event of the whole digest, rows per event, and bytes per event of
//    each table with its indexes (dbstat pages).
// The CPU time of the tag tables' insert statements is measured apart (a Kysely plugin times each from compile
// to result): the whole digest's CPU moves by more than the difference under a shared machine's load. Other
// work on the machine moves every figure: the load average is printed with them.
// Run: npm run bench:digest-tags [-- <envelopes, 10000> <rounds, 3>]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PrimitiveValueListNode, sql, ValuesNode, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from "kysely";
import { isRecord, type JsonObject } from "../src/lib/json-values";
import { createDatabase, type LanternDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { normalizeEvent } from "../src/server/digest/normalize-event";
import { userKeyOf } from "../src/server/digest/normalize-user";
import { parseEnvelope } from "../src/server/ingest/parse-envelope";
import { insertIntakeEnvelopes } from "../src/server/intake/intake-writer";
import { encodeRawBody } from "../src/server/intake/raw-body";
import { derivedTagKeys, eventTagPairs } from "../src/server/issues/event-tag-pairs";
import { insertProject } from "../src/server/projects/insert-project";
import { envelopeFromFixture } from "../tests/support/event-envelopes";

const numbers = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const envelopes = Number(numbers[0] ?? 10_000);
const rounds = Number(numbers[1] ?? 3);

/** The keys eventTagPairs derived before issue 20; every other derived key is issue 20's. */
const keysBefore = new Set(["level", "environment", "release", "transaction", "user"]);
const issue20Keys = derivedTagKeys.filter((key) => !keysBefore.has(key));
const issue20KeySet = new Set<string>(issue20Keys);

const browsers = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
];
const nodeVersions = ["v20.18.1", "v22.12.0", "v24.1.0"];

/** Event `index` of the mix: which fixture, and the issue, user, URL, browser or Node version it carries. */
function mixedEnvelope(index: number, now: number): Uint8Array {
  const user = index % 2000;
  const isBrowser = index % 2 === 0;
  return envelopeFromFixture(isBrowser ? "browser-nextjs-unhandled-error.envelope" : "node-exception.envelope", (event) => {
    event.fingerprint = [`${isBrowser ? "browser" : "node"}-${index % 25}`];
    event.timestamp = (now - (index % 1440) * 60_000) / 1000;
    event.user = isBrowser ? { id: `user-${user}`, email: `user-${user}@example.com`, ip_address: `10.0.${user >> 8}.${user & 255}` } : { id: `user-${user}`, username: `user${user}` };
    if (isBrowser) {
      const request = event.request as { url: string; headers: Record<string, string> };
      request.url = `https://shop.example.com/products/${index % 100}`;
      request.headers = { ...request.headers, "User-Agent": browsers[index % browsers.length]! };
    } else {
      const contexts = event.contexts as { runtime: { version: string } };
      contexts.runtime.version = nodeVersions[index % nodeVersions.length]!;
    }
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");

/** The pairs counted before issue 20, for comparison only: the facts digest had, then the SDK's own tags. */
function tagPairsBeforeIssue20(event: JsonObject, facts: { level: string; environment: string | null; release: string | null; userKey: string | null }): [string, string][] {
  const pairs = new Map<string, string>();
  const add = (key: string, value: unknown) => {
    if (pairs.size >= 50 || typeof value !== "string" || value === "" || key === "") return;
    const trimmedKey = key.slice(0, 32);
    if (!pairs.has(trimmedKey)) pairs.set(trimmedKey, value.slice(0, 200));
  };
  add("level", facts.level);
  add("environment", facts.environment);
  add("release", facts.release);
  add("transaction", event.transaction);
  add("user", facts.userKey);
  if (Array.isArray(event.tags)) {
    for (const pair of event.tags) if (Array.isArray(pair)) add(String(pair[0]), pair[1]);
  }
  return [...pairs];
}

function derivation(): void {
  const now = Date.now();
  for (const [name, offset] of [
    ["@sentry/browser (Next.js, Chromium)", 0],
    ["@sentry/node", 1],
  ] as const) {
    const events = Array.from({ length: 2000 }, (_, index) => {
      const envelope = parseEnvelope(mixedEnvelope(index * 2 + offset, now));
      const normalized = normalizeEvent(JSON.parse(new TextDecoder().decode(envelope.items[0]!.payload)), { receivedAt: now });
      return { event: normalized.event, facts: { ...normalized, userKey: userKeyOf(isRecord(normalized.event.user) ? normalized.event.user : null) } };
    });
    const times = { before: [] as number[], now: [] as number[] };
    let pairs = { before: 0, now: 0 };
    for (let round = 0; round < 8; round++) {
      let start = performance.now();
      let count = 0;
      for (const { event, facts } of events) count += tagPairsBeforeIssue20(event, facts).length;
      const before = ((performance.now() - start) * 1000) / events.length;
      pairs.before = count / events.length;
      start = performance.now();
      count = 0;
      for (const { event, facts } of events) count += eventTagPairs(event, facts).length;
      const after = ((performance.now() - start) * 1000) / events.length;
      pairs.now = count / events.length;
      if (round === 0) continue; // warm-up
      times.before.push(before);
      times.now.push(after);
    }
    const [before, after] = [median(times.before), median(times.now)];
    console.log(
      `derivation  ${name.padEnd(36)} before ${before.toFixed(2)} µs (${pairs.before.toFixed(1)} pairs)   now ${after.toFixed(2)} µs (${pairs.now.toFixed(1)} pairs)   added ${(after - before).toFixed(2)} µs/event   load ${load()}`,
    );
    pairs = { before: 0, now: 0 };
  }
}

interface Drain {
  cpuMicros: number;
  /** Time spent in each tag table's upsert statements (Kysely's compile and better-sqlite3's run), µs per event. */
  statementMicros: Record<string, number>;
  /** Rows the statements sent per event, all and those of issue-20 keys. */
  rowsSent: Record<string, { all: number; issue20: number }>;
  rows: Record<string, number>;
  bytes: Record<string, number>;
  fileBytes: number;
}

const tagTables = ["issue_tag_values", "project_tag_values"];

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Times the inserts into the tag tables from compile to result, in CPU time (the process's: better-sqlite3
 * runs a statement synchronously on this thread, and nothing else runs meanwhile but the GC's helpers), so
 * that the time other processes take the core away is not counted.
 */
class TagStatementTimer implements KyselyPlugin {
  readonly micros: Record<string, number> = Object.fromEntries(tagTables.map((table) => [table, 0]));
  /** Rows sent in the statements, and how many of them carry an issue-20 key. */
  readonly rowsSent: Record<string, { all: number; issue20: number }> = Object.fromEntries(tagTables.map((table) => [table, { all: 0, issue20: 0 }]));
  readonly #started = new WeakMap<object, { table: string; at: number }>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === "InsertQueryNode") {
      const table = node.into?.table.identifier.name;
      if (table && tagTables.includes(table)) {
        const keyColumn = node.columns?.findIndex((column) => column.column.name === "key") ?? -1;
        const rows = node.values && ValuesNode.is(node.values) ? node.values.values : [];
        for (const row of rows) {
          const key = PrimitiveValueListNode.is(row) ? row.values[keyColumn] : undefined;
          this.rowsSent[table]!.all += 1;
          if (typeof key === "string" && issue20KeySet.has(key)) this.rowsSent[table]!.issue20 += 1;
        }
        this.#started.set(args.queryId, { table, at: cpuMicros() });
      }
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.#started.get(args.queryId);
    if (started) this.micros[started.table]! += cpuMicros() - started.at;
    return args.result;
  }
}

async function bytesByTable(database: LanternDatabase): Promise<Record<string, number>> {
  const { rows } = await sql<{ tbl_name: string; bytes: number }>`
    select coalesce(m.tbl_name, s.name) as tbl_name, sum(s.pgsize) as bytes
    from dbstat as s left join sqlite_schema as m on m.name = s.name group by 1`.execute(database.db);
  return Object.fromEntries(rows.map((row) => [row.tbl_name, Number(row.bytes)]));
}

async function drain(withIssue20: boolean): Promise<Drain> {
  const directory = mkdtempSync(join(tmpdir(), "lantern-digest-tags-"));
  const path = join(directory, "lantern.db");
  const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
  try {
    await migrateToLatest(database.db);
    const { project } = await insertProject(database.db, { name: "bench", platform: "javascript" });
    // "and 0": the with-variant's triggers are evaluated and never fire, so both variants pay for evaluating them.
    const never = withIssue20 ? " and 0" : "";
    const keys = issue20Keys.map((tagKey) => `'${tagKey}'`).join(", ");
    await sql.raw(`create trigger bench_without_issue20_issue_tags before insert on issue_tag_values when new.key in (${keys})${never} begin select raise(ignore); end`).execute(database.db);
    await sql.raw(`create trigger bench_without_project_tags before insert on project_tag_values when 1${never} begin select raise(ignore); end`).execute(database.db);
    const now = Date.now();
    for (let start = 0; start < envelopes; start += 100) {
      const rows = await Promise.all(
        Array.from({ length: Math.min(100, envelopes - start) }, async (_, offset) => {
          const body = mixedEnvelope(start + offset, now);
          const stored = await encodeRawBody(body);
          return { project_id: project.id, received_at: now, event_id: null, item_types: "event", summary: null, sdk_name: null, body_bytes: body.length, body: stored.body, encoding: stored.encoding, client_ip: "127.0.0.1" };
        }),
      );
      await insertIntakeEnvelopes(database.db, rows);
    }
    database.checkpointWal();
    const timer = new TagStatementTimer();
    const timed: LanternDatabase = { ...database, db: database.db.withPlugin(timer) };
    const cpuBefore = process.cpuUsage();
    let digested = 0;
    let lastCheckpointAt = performance.now();
    for (let count; (count = await digestBatch(timed, 50)) > 0; ) {
      digested += count;
      if (performance.now() - lastCheckpointAt >= 250) {
        database.checkpointWal();
        lastCheckpointAt = performance.now();
      }
    }
    const cpu = process.cpuUsage(cpuBefore);
    if (digested !== envelopes) throw new Error(`digested ${digested} of ${envelopes} envelopes`);
    const rows: Record<string, number> = {};
    for (const table of [...tagTables, "events"]) {
      const { rows: counted } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db);
      rows[table] = Number(counted[0]!.n);
    }
    if (rows.events !== envelopes) throw new Error(`stored ${rows.events} events of ${envelopes}`);
    const bytes = await bytesByTable(database);
    const { rows: pages } = await sql<{ page_count: number; page_size: number }>`select * from pragma_page_count(), pragma_page_size()`.execute(database.db);
    return { cpuMicros: (cpu.user + cpu.system) / digested, statementMicros: Object.fromEntries(tagTables.map((table) => [table, timer.micros[table]! / digested])),
      rowsSent: Object.fromEntries(tagTables.map((table) => [table, { all: timer.rowsSent[table]!.all / digested, issue20: timer.rowsSent[table]!.issue20 / digested }])),
      rows, bytes, fileBytes: Number(pages[0]!.page_count) * Number(pages[0]!.page_size) };
  } finally {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

console.log(`issue 20's tags: ${issue20Keys.join(", ")}`);
derivation();

const results: { with: Drain[]; without: Drain[] } = { with: [], without: [] };
for (let round = 0; round < rounds; round++) {
  for (const withIssue20 of round % 2 === 0 ? [true, false] : [false, true]) {
    const result = await drain(withIssue20);
    (withIssue20 ? results.with : results.without).push(result);
    const statements = tagTables.map((table) => `${table} ${result.statementMicros[table]!.toFixed(1)} µs`).join(", ");
    console.log(`  round ${round + 1} ${withIssue20 ? "with   " : "without"}: digest CPU ${result.cpuMicros.toFixed(0)} µs/event, upserts ${statements} per event   load ${load()}`);
  }
}
const perEvent = (value: number) => value / envelopes;
const summary = (variant: Drain[]) => ({
  cpu: median(variant.map((result) => result.cpuMicros)),
  statements: Object.fromEntries(tagTables.map((table) => [table, median(variant.map((result) => result.statementMicros[table]!))])),
  rows: Object.fromEntries(tagTables.map((table) => [table, perEvent(variant[0]!.rows[table] ?? 0)])),
  bytes: Object.fromEntries(tagTables.map((table) => [table, perEvent(median(variant.map((result) => result.bytes[table] ?? 0)))])),
  file: perEvent(median(variant.map((result) => result.fileBytes))),
});
const [withSummary, withoutSummary] = [summary(results.with), summary(results.without)];
console.log(`${envelopes.toLocaleString("en")} envelopes (browser + node, 50 issues, 2,000 users), SQLite, median of ${rounds} rounds`);
for (const [label, variant] of [
  ["with issue 20", withSummary],
  ["without", withoutSummary],
] as const) {
  const tables = tagTables.map((table) => `${table} ${variant.statements[table]!.toFixed(1)} µs ${variant.rows[table]!.toFixed(3)} rows ${variant.bytes[table]!.toFixed(0)} B`).join("   ");
  console.log(`${label.padEnd(14)} digest CPU ${variant.cpu.toFixed(0).padStart(5)} µs/event   ${tables}   file ${variant.file.toFixed(0)} B/event`);
}
// The statements' CPU grows with the rows they send (Kysely compiles, SQLite parses and binds every row before
// the trigger can drop it), so "without" keeps most of the issue-20 rows' cost. Their share is attributed by
// rows sent instead, in the with-variant: the issue_tag_values statements' CPU × the issue-20 rows' share,
// plus all of project_tag_values, which did not exist before issue 20.
const sent = (table: string) => ({ all: median(results.with.map((result) => result.rowsSent[table]!.all)), issue20: median(results.with.map((result) => result.rowsSent[table]!.issue20)) });
const issueSent = sent("issue_tag_values");
const projectSent = sent("project_tag_values");
const issue20IssueMicros = withSummary.statements.issue_tag_values! * (issueSent.issue20 / issueSent.all);
const addedMicros = issue20IssueMicros + withSummary.statements.project_tag_values!;
const addedBytes = tagTables.reduce((sum, table) => sum + withSummary.bytes[table]! - withoutSummary.bytes[table]!, 0);
const addedRows = tagTables.reduce((sum, table) => sum + withSummary.rows[table]! - withoutSummary.rows[table]!, 0);
console.log(
  `rows sent per event: issue_tag_values ${issueSent.all.toFixed(2)} (${issueSent.issue20.toFixed(2)} of issue-20 keys), project_tag_values ${projectSent.all.toFixed(2)}; ` +
    `statement CPU per row sent: issue_tag_values ${(withSummary.statements.issue_tag_values! / issueSent.all).toFixed(1)} µs, project_tag_values ${(withSummary.statements.project_tag_values! / projectSent.all).toFixed(1)} µs`,
);
console.log(
  `added by issue 20 (storage): ${addedMicros.toFixed(1)} µs/event of statement CPU (issue-20 rows of issue_tag_values ${issue20IssueMicros.toFixed(1)} µs + project_tag_values ${withSummary.statements.project_tag_values!.toFixed(1)} µs); ` +
    `whole-digest CPU with − without ${(withSummary.cpu - withoutSummary.cpu).toFixed(0)} µs/event (noisier); ${addedRows.toFixed(3)} rows and ${addedBytes.toFixed(0)} B per event in the tag tables, file ${(withSummary.file - withoutSummary.file).toFixed(0)} B/event   load ${load()}`,
);
