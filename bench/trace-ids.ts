// The storage cost of events.trace_id (migration 0018): builds two SQLite databases of N events (default
// 100,000) with the same rows — once with a trace id on every event (what @sentry/node and @sentry/browser
// send: each event carries its trace context; here two events per trace), once with none — and prints the
// bytes in use of the events table and of the partial index events_trace (dbstat), per event, and how long
// "the events of one trace" takes through the index (median of 1,000 lookups).
// Run: npx tsx bench/trace-ids.ts [100000]
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Insertable } from "kysely";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import type { EventsTable } from "../src/server/db/schema";

const count = Number(process.argv[2] ?? 100_000);
const now = Date.UTC(2026, 10, 25);

async function build(withTraces: boolean): Promise<{ bytes: Map<string, number>; lookupMs: number | null }> {
  const directory = mkdtempSync(join(tmpdir(), "lantern-trace-bench-"));
  const database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") });
  try {
    await migrateToLatest(database.db);
    const project = await database.db.insertInto("projects").values({ slug: "bench", name: "bench", platform: "node", created_at: now }).returning("id").executeTakeFirstOrThrow();
    const traces: string[] = [];
    // A fixed-size payload (a deflated event is about 1–2 KB): the same bytes in both databases.
    const payload = randomBytes(1200);
    for (let start = 0; start < count; start += 1_000) {
      const rows: Insertable<EventsTable>[] = [];
      for (let index = start; index < Math.min(count, start + 1_000); index++) {
        if (index % 2 === 0) traces.push(randomBytes(16).toString("hex"));
        rows.push({
          project_id: project.id,
          event_id: randomBytes(16).toString("hex"),
          intake_id: index + 1,
          type: "error",
          timestamp: now - (count - index) * 1_000,
          received_at: now - (count - index) * 1_000,
          level: "error",
          platform: "node",
          title: "TypeError: Cannot read properties of undefined (reading 'price')",
          release: "shop@1.0.0",
          environment: "production",
          user_key: null,
          payload,
          trace_id: withTraces ? traces[traces.length - 1]! : null,
        });
      }
      await database.db.transaction().execute(async (trx) => {
        for (let chunk = 0; chunk < rows.length; chunk += 50) await trx.insertInto("events").values(rows.slice(chunk, chunk + 50)).execute();
      });
    }
    const { rows } = await sql<{ name: string; bytes: number }>`select name, sum(pgsize - unused) as bytes from dbstat('main', 1) where name in ('events', 'events_trace') group by name`.execute(database.db);
    const bytes = new Map(rows.map((row) => [row.name, Number(row.bytes)]));
    let lookupMs: number | null = null;
    if (withTraces) {
      const times: number[] = [];
      for (let probe = 0; probe < 1_000; probe++) {
        const traceId = traces[Math.floor((probe * traces.length) / 1_000)]!;
        const started = performance.now();
        await database.db.selectFrom("events").select(["id", "event_id", "timestamp"]).where("trace_id", "=", traceId).orderBy("timestamp", "desc").limit(100).execute();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      lookupMs = times[times.length >> 1]!;
      const { rows: plan } = await sql<{ detail: string }>`explain query plan select id from events where trace_id = ${traces[0]!} order by timestamp desc limit 100`.execute(database.db);
      console.log(`plan: ${plan.map((row) => row.detail).join("; ")}`);
    }
    return { bytes, lookupMs };
  } finally {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

const without = await build(false);
const withTraces = await build(true);
const events = (withTraces.bytes.get("events") ?? 0) - (without.bytes.get("events") ?? 0);
const index = withTraces.bytes.get("events_trace") ?? 0;
console.log(`${count.toLocaleString("en")} events, a trace id on each (two events per trace):`);
console.log(`  events table: +${events.toLocaleString("en")} bytes (${(events / count).toFixed(1)} B per event)`);
console.log(`  events_trace index: ${index.toLocaleString("en")} bytes (${(index / count).toFixed(1)} B per event); without trace ids: ${(without.bytes.get("events_trace") ?? 0).toLocaleString("en")} bytes`);
console.log(`  together: ${((events + index) / count).toFixed(1)} B per event`);
console.log(`  events of one trace through the index: median ${withTraces.lookupMs!.toFixed(3)} ms (1,000 lookups)`);
