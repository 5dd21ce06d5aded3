// Retention at scale: builds a SQLite database of N events (default: 10,000 and then 10,000,000) the fast
// way — minimal event rows inserted directly in big transactions, the events indexes built after the load,
// not through digest — with a realistic spread: 20 projects, 2,000 issues each whose sizes follow a Zipf
// law (a few issues hold most events, so per-issue caps bite), timestamps spread evenly over the last
// 100 days (retention is 90, so about a tenth is past it). Then runs pruneEvents as housekeeping does and
// prints per-step times (median / p99 / max), steps, events deleted and the total; then runs it again
// (nothing left to delete: the cost of a housekeeping run on a pruned database).
// With budget=1 it then measures the database by table (dbstat) and prunes it to a disk budget 20 % under
// its size, timing those steps too.
// Run: npm run bench:retention [-- 10000,10000000] [step=1000] [budget=1] [keep=1]  (keep=1 leaves the database file)
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { defaultPruneStepSize, pruneEvents, type PruneStep } from "../src/server/issues/prune-events";
import { measureDatabaseSize, measureTables } from "../src/server/storage/budget-database-size";
import { pruneToDiskBudget } from "../src/server/storage/budget-prune-oldest";

const sizes = (process.argv[2] ?? "10000,10000000").split(",").map(Number);
const keepFile = process.argv.includes("keep=1");
const withBudget = process.argv.includes("budget=1");
const stepSize = Number(process.argv.find((argument) => argument.startsWith("step="))?.slice("step=".length) ?? defaultPruneStepSize);
const projects = 20;
const issuesPerProject = 2_000;
const spanDays = 100;
const retention = { days: 90, maxEventsPerIssue: 10_000 };
const dayMs = 86_400_000;
const now = Date.UTC(2026, 10, 25);

/** Deterministic, so runs compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** Cumulative Zipf(1.1) weights over ranks, for picking an issue by binary search. */
function zipfTable(count: number): Float64Array {
  const table = new Float64Array(count);
  let sum = 0;
  for (let rank = 0; rank < count; rank += 1) table[rank] = sum += 1 / (rank + 1) ** 1.1;
  for (let rank = 0; rank < count; rank += 1) table[rank]! /= sum;
  return table;
}

function pick(table: Float64Array, value: number): number {
  let low = 0;
  let high = table.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (table[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function build(path: string, events: number): void {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma("journal_mode = wal");
  sqlite.pragma("synchronous = off");
  sqlite.pragma("cache_size = -1000000");
  // The load goes in without the secondary indexes; building them afterwards sorts once.
  const indexes = sqlite.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'events' and sql is not null").all() as { name: string; sql: string }[];
  for (const index of indexes) sqlite.exec(`drop index ${index.name}`);

  const projectIds: number[] = [];
  const insertProject = sqlite.prepare("insert into projects (name, slug, platform, created_at) values (?, ?, 'javascript', ?) returning id");
  for (let index = 0; index < projects; index += 1) projectIds.push((insertProject.get(`bench ${index}`, `bench-${index}`, now) as { id: number }).id);

  const next = random(events);
  const zipf = zipfTable(issuesPerProject);
  // Issue numbers are global: project p owns p*issuesPerProject … +issuesPerProject-1.
  const issueCount = new Int32Array(projects * issuesPerProject);
  const issueFirst = new Float64Array(projects * issuesPerProject).fill(Infinity);
  const issueLast = new Float64Array(projects * issuesPerProject).fill(-Infinity);
  const payload = Buffer.alloc(64, 7);
  const insertEvent = sqlite.prepare(
    "insert into events (project_id, event_id, intake_id, type, timestamp, received_at, level, platform, title, payload, issue_id, group_hash) values (?, ?, ?, 'error', ?, ?, 'error', 'javascript', 'Error', ?, ?, null)",
  );
  const start = now - spanDays * dayMs;
  const perTransaction = 200_000;
  for (let first = 0; first < events; first += perTransaction) {
    sqlite.transaction(() => {
      for (let index = first; index < Math.min(events, first + perTransaction); index += 1) {
        // Received in time order, as digest stores them.
        const timestamp = Math.floor(start + (index / events) * spanDays * dayMs);
        const project = Math.floor(next() * projects);
        const issue = project * issuesPerProject + pick(zipf, next());
        issueCount[issue]! += 1;
        if (timestamp < issueFirst[issue]!) issueFirst[issue] = timestamp;
        if (timestamp > issueLast[issue]!) issueLast[issue] = timestamp;
        // Issue ids are 1-based rows inserted below in the same order.
        insertEvent.run(projectIds[project], index.toString(16).padStart(32, "0"), index + 1, timestamp, timestamp, payload, issue + 1);
      }
    })();
  }
  const insertIssue = sqlite.prepare(
    "insert into issues (id, project_id, type, title, culprit, level, platform, status, first_seen, last_seen, times_seen, users_seen, status_changed_at) values (?, ?, 'error', 'Error', '', 'error', 'javascript', 'unresolved', ?, ?, ?, 0, ?)",
  );
  sqlite.transaction(() => {
    for (let issue = 0; issue < issueCount.length; issue += 1) {
      if (issueCount[issue] === 0) continue;
      insertIssue.run(issue + 1, projectIds[Math.floor(issue / issuesPerProject)], issueFirst[issue], issueLast[issue], issueCount[issue], issueLast[issue]);
    }
  })();
  for (const index of indexes) sqlite.exec(index.sql);
  sqlite.pragma("wal_checkpoint(truncate)");
  sqlite.close();
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function prune(path: string, label: string): Promise<void> {
  // As the digest thread opens it: checkpoints are Lantern's, between steps, outside the write lock.
  const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
  const steps: PruneStep[] = [];
  const startedAt = performance.now();
  const deleted = await pruneEvents(database, retention, now, { stepSize, onStep: (step) => steps.push(step) });
  const seconds = (performance.now() - startedAt) / 1000;
  await database.close();
  const times = steps.map((step) => step.milliseconds).sort((a, b) => a - b);
  // Steps that deleted a full step's worth: the same work at every size, so their times compare.
  const full = steps.filter((step) => step.deleted >= stepSize * 0.9).map((step) => step.milliseconds).sort((a, b) => a - b);
  const kinds = new Map<string, number>();
  for (const step of steps) kinds.set(step.kind, (kinds.get(step.kind) ?? 0) + 1);
  const byKind = [...kinds].map(([kind, count]) => `${kind} ${count.toLocaleString("en")}`);
  console.log(
    `  ${label}: ${deleted.toLocaleString("en")} deleted in ${steps.length.toLocaleString("en")} steps (${byKind.join(", ")}); ` +
      `per step median ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms; ` +
      (full.length > 0 ? `full steps (${full.length}) median ${quantile(full, 0.5).toFixed(1)} ms, max ${full.at(-1)!.toFixed(1)} ms; ` : "") +
      `${deleted > 0 ? `${((seconds * 1e6) / deleted).toFixed(0)} µs per deleted event; ` : ""}total ${seconds.toFixed(1)} s`,
  );
}

/** The disk budget on the same database: size by table (dbstat), then pruning to a budget 20 % under its size. */
async function pruneToBudget(path: string): Promise<void> {
  const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
  const measuredAt = performance.now();
  const tables = await measureTables(database.db);
  const tablesMs = performance.now() - measuredAt;
  const sizeAt = performance.now();
  const size = await measureDatabaseSize(database.db);
  const sizeMs = performance.now() - sizeAt;
  const steps: PruneStep[] = [];
  const startedAt = performance.now();
  const result = await pruneToDiskBudget(database, Math.floor(size * 0.8), { stepSize, onStep: (step) => steps.push(step) });
  const seconds = (performance.now() - startedAt) / 1000;
  await database.close();
  const times = steps.map((step) => step.milliseconds).sort((a, b) => a - b);
  console.log(
    `  size ${(size / 1024 ** 2).toFixed(0)} MB in use (measured in ${sizeMs.toFixed(2)} ms; by table with dbstat in ${(tablesMs / 1000).toFixed(1)} s, events ${((tables.find((table) => table.table === "events")?.bytes ?? 0) / 1024 ** 2).toFixed(0)} MB)`,
  );
  console.log(
    `  budget at 80 %: ${result?.deleted.toLocaleString("en")} oldest deleted in ${steps.length} steps, ${((result?.bytesAfter ?? 0) / 1024 ** 2).toFixed(0)} MB after; ` +
      `per step median ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms (each followed by a size measure); total ${seconds.toFixed(1)} s`,
  );
}

for (const events of sizes) {
  const directory = mkdtempSync(join(tmpdir(), "lantern-retention-"));
  const path = join(directory, "lantern.db");
  try {
    const database = createDatabase({ dialect: "sqlite", path });
    await migrateToLatest(database.db);
    await database.close();
    const buildStartedAt = performance.now();
    build(path, events);
    console.log(`${events.toLocaleString("en")} events, steps of ${stepSize}: built in ${((performance.now() - buildStartedAt) / 1000).toFixed(1)} s, ${(statSync(path).size / 1024 ** 2).toFixed(0)} MB`);
    await prune(path, "first run");
    await prune(path, "second run");
    if (withBudget) await pruneToBudget(path);
    if (keepFile) console.log(`  kept ${path}`);
  } finally {
    if (!keepFile) rmSync(directory, { recursive: true, force: true });
  }
}
