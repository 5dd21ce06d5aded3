// `npm run bench:checkins` — cron check-ins: what one costs to take in and record, and what a scheduler pass costs.
//
// Check-ins (default 5,000): @sentry/node-shaped `check_in` envelopes (withMonitor: in_progress, then ok with its
// duration; one in ten carries monitor_config, as the SDK sends it on every check-in when given) for 500 monitors
// go through ingestEnvelope (parse, authenticate, inspect, the intake's group commit) on a fresh SQLite file, then
// digestBatch (batches of 100) records them. Prints CPU µs per check-in for each half and both together (goal:
// ≤ 200), and the bytes per check-in of monitor_checkins and its indexes (dbstat after a checkpoint).
//
// Scheduler: 10,000 monitors, each in one environment; a pass (markOverdueCheckIns) when none is due (the
// indexed scan every 10 s), and when 1,000 of them are due in the same minute (each a missed check-in and an
// event of its cron issue, the first: a new issue). Prints each pass's wall time (goal: < 1 s).
//   npm run bench:checkins [-- 5000]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { ingestEnvelope } from "../src/server/ingest/ingest-envelope";
import { createIngestService } from "../src/server/ingest/ingest-service";
import { serializeEnvelope } from "../src/server/ingest/serialize-envelope";
import { markOverdueCheckIns } from "../src/server/monitors/mark-overdue-check-ins";
import { insertProject } from "../src/server/projects/insert-project";

const checkInCount = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 5_000);
const monitorsSending = 500;
const schedulerMonitors = 10_000;
const dueMonitors = 1_000;
const minute = 60_000;

function checkInEnvelope(dsn: string, slug: string, checkInId: string, status: "in_progress" | "ok", withConfig: boolean): Uint8Array {
  const checkIn = {
    check_in_id: checkInId,
    monitor_slug: slug,
    status,
    ...(status === "ok" ? { duration: 1.234 } : {}),
    release: "jobs@1.4.2",
    environment: "production",
    contexts: { trace: { trace_id: randomUUID().replaceAll("-", ""), span_id: randomUUID().slice(0, 16).replaceAll("-", "0") } },
    ...(withConfig ? { monitor_config: { schedule: { type: "crontab", value: "*/5 * * * *" }, checkin_margin: 2, max_runtime: 10, timezone: "Europe/Vienna" } } : {}),
  };
  return serializeEnvelope({ sent_at: new Date().toISOString(), sdk: { name: "sentry.javascript.node", version: "10.78.0" }, dsn }, [{ header: { type: "check_in" }, payload: new TextEncoder().encode(JSON.stringify(checkIn)) }]);
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "lantern-bench-checkins-"));
  const path = join(directory, "lantern.db");
  const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
  try {
    await migrateToLatest(database.db);
    const { project, key } = await insertProject(database.db, { name: "jobs", platform: "node" });
    const dsn = `http://${key.public_key}@127.0.0.1/${project.id}`;
    const service = await createIngestService(database, loadConfig({ LANTERN_URL: "http://lantern.test", LANTERN_SELF_MONITORING: "false", LANTERN_RAW_RETENTION_HOURS: "0" }), { isDigesting: false });
    const url = new URL(`http://127.0.0.1/api/${project.id}/envelope/?sentry_key=${key.public_key}&sentry_version=7`);
    // Every monitor's first check-in carries its config (creating it) before the clock starts.
    for (let index = 0; index < monitorsSending; index += 1) {
      await ingestEnvelope(service, { url, headers: new Headers(), body: checkInEnvelope(dsn, `job-${index}`, randomUUID(), "ok", true), pathProjectId: String(project.id) });
    }
    while ((await digestBatch(database, 100, { rawHours: 0 })) > 0);

    const bodies: Uint8Array[] = [];
    for (let index = 0; index < checkInCount / 2; index += 1) {
      const slug = `job-${index % monitorsSending}`;
      const id = randomUUID();
      bodies.push(checkInEnvelope(dsn, slug, id, "in_progress", index % 10 === 0), checkInEnvelope(dsn, slug, id, "ok", index % 10 === 0));
    }
    const ingestCpu = process.cpuUsage();
    const ingestStarted = performance.now();
    // 50 at a time, as concurrent requests share the intake's group commit.
    for (let start = 0; start < bodies.length; start += 50) {
      await Promise.all(bodies.slice(start, start + 50).map((body) => ingestEnvelope(service, { url, headers: new Headers(), body, pathProjectId: String(project.id) })));
    }
    const ingestMicros = cpuMicros(process.cpuUsage(ingestCpu));
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    database.checkpointWal();

    const digestCpu = process.cpuUsage();
    const digestStarted = performance.now();
    while ((await digestBatch(database, 100, { rawHours: 0 })) > 0);
    const digestMicros = cpuMicros(process.cpuUsage(digestCpu));
    const digestSeconds = (performance.now() - digestStarted) / 1000;
    const recorded = await database.db.selectFrom("monitor_checkins").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const failed = await database.db.selectFrom("intake").select("digest_error").where("digest_error", "is not", null).limit(1).execute();
    const count = bodies.length;
    console.log(`check-ins  ${count} sent (${count / 2} runs of withMonitor over ${monitorsSending} monitors), ${Number(recorded.n) - monitorsSending} rows recorded${failed.length > 0 ? `; digest errors, e.g. ${failed[0]!.digest_error}` : ""}`);
    console.log(`ingest     ${(ingestMicros / count).toFixed(1)} µs CPU per check-in (${Math.round(count / ingestSeconds)}/s)`);
    console.log(`digest     ${(digestMicros / count).toFixed(1)} µs CPU per check-in (${Math.round(count / digestSeconds)}/s)`);
    console.log(`together   ${((ingestMicros + digestMicros) / count).toFixed(1)} µs CPU per check-in (goal ≤ 200)`);

    // The scheduler over 10,000 monitors.
    const now = Date.now();
    const rows = Array.from({ length: schedulerMonitors }, (_, index) => ({ project_id: project.id, slug: `scheduled-${index}`, name: `scheduled-${index}`, schedule_type: "interval", schedule: "5", schedule_unit: "minute", checkin_margin: 1, max_runtime: 30, created_at: now, updated_at: now }));
    for (let start = 0; start < rows.length; start += 500) {
      const monitors = await database.db.insertInto("monitors").values(rows.slice(start, start + 500)).returning("id").execute();
      await database.db
        .insertInto("monitor_environments")
        .values(monitors.map(({ id }, offset) => {
          const index = start + offset;
          // 1,000 due within one minute before `now`; the rest spread over the next five minutes.
          const latest = index < dueMonitors ? now - minute + index * 60 : now + minute + (index % 300) * 1_000;
          return { project_id: project.id, monitor_id: id, environment: "production", status: "ok", last_checkin_at: latest - 6 * minute, next_checkin_at: latest - minute, next_checkin_latest: latest, created_at: now };
        }))
        .execute();
    }
    database.checkpointWal();
    const idleStarted = performance.now();
    const idle = await markOverdueCheckIns(database, now - 2 * minute);
    const idleMs = performance.now() - idleStarted;
    const dueStarted = performance.now();
    const due = await markOverdueCheckIns(database, now);
    const dueMs = performance.now() - dueStarted;
    console.log(`scheduler  ${schedulerMonitors} monitors, none due: ${idleMs.toFixed(1)} ms per pass (${idle.missed} missed)`);
    console.log(`scheduler  ${schedulerMonitors} monitors, ${dueMonitors} due in one minute: ${dueMs.toFixed(0)} ms for the pass (${due.missed} missed, ${due.issueEvents} issue events; goal < 1 s)`);

    database.checkpointWal();
    await database.close();
    const sqlite = new Database(path, { readonly: true });
    const sizes = sqlite.prepare("select name, sum(pgsize) as bytes from dbstat where name like 'monitor_checkins%' or name like 'sqlite_autoindex_monitor_checkins%' group by name order by bytes desc").all() as { name: string; bytes: number }[];
    const checkIns = (sqlite.prepare("select count(*) as n from monitor_checkins").get() as { n: number }).n;
    sqlite.close();
    const bytes = sizes.reduce((sum, row) => sum + row.bytes, 0);
    console.log(`disk       ${(bytes / checkIns).toFixed(0)} B per check-in with its indexes (${checkIns} rows): ${sizes.map((row) => `${row.name} ${(row.bytes / checkIns).toFixed(1)}`).join(", ")}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
