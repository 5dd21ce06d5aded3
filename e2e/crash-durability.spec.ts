import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "kysely";
import { createDatabase, type LanternDatabase } from "../src/server/db/create-database";
import { createProjectDsn, freePort, lanternEnvironment, startLanternProcess, type LanternProcess } from "./support/lantern-process";

const envelopeCount = 800;
const senderCount = 32;
/** The server is killed the moment this many envelopes have been answered 200 — well inside the burst. */
const killAfterAcknowledged = 250;

/** A hand-written event envelope (sentry-protocol: header line, item header with length, payload) with its own event id. */
function eventEnvelope(eventId: string, index: number, runId: string): string {
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: "javascript",
    level: "error",
    logger: "crash-durability",
    exception: {
      values: [
        {
          type: "Error",
          value: `burst envelope ${index} of run ${runId}`,
          stacktrace: { frames: [{ filename: "burst.js", function: "send", lineno: 1, colno: index + 1, in_app: true }] },
          mechanism: { type: "generic", handled: true },
        },
      ],
    },
    tags: { run: runId },
    // Some weight, so that commits take a moment and requests are in flight when the process dies.
    extra: { padding: "x".repeat(2000) },
  };
  const payload = JSON.stringify(event);
  const header = { event_id: eventId, sent_at: new Date().toISOString(), sdk: { name: "lantern.e2e.burst", version: "1.0.0" } };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: "event", length: Buffer.byteLength(payload) })}\n${payload}\n`;
}

interface BurstResult {
  acknowledged: string[];
  /** Requests that got no answer (the connection was reset or refused once the process was gone). */
  unanswered: number;
  /** Any answer other than a 200 naming its event id, as "status body". */
  otherAnswers: string[];
}

/** `senderCount` concurrent senders share the queue of envelopes; `onAcknowledged` runs after every 200. */
async function sendBurst(url: string, eventIds: string[], runId: string, onAcknowledged: (count: number) => void): Promise<BurstResult> {
  const result: BurstResult = { acknowledged: [], unanswered: 0, otherAnswers: [] };
  let next = 0;
  const sender = async () => {
    while (next < eventIds.length) {
      const index = next++;
      const eventId = eventIds[index]!;
      let answer: { status: number; text: string };
      try {
        const response = await fetch(url, { method: "POST", headers: { "content-type": "application/x-sentry-envelope" }, body: eventEnvelope(eventId, index, runId) });
        answer = { status: response.status, text: await response.text() };
      } catch {
        result.unanswered += 1;
        continue;
      }
      if (answer.status === 200 && answer.text === JSON.stringify({ id: eventId })) {
        result.acknowledged.push(eventId);
        onAcknowledged(result.acknowledged.length);
      } else {
        result.otherAnswers.push(`${answer.status} ${answer.text}`);
      }
    }
  };
  await Promise.all(Array.from({ length: senderCount }, sender));
  return result;
}

async function countPending(database: LanternDatabase): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from intake where digested_at is null`.execute(database.db);
  return Number(row.rows[0]?.n ?? -1);
}

test("every envelope answered 200 before a SIGKILL in the middle of a burst, digest threads busy, is digested exactly once after the restart", async () => {
  test.setTimeout(240_000);
  const directory = mkdtempSync(join(tmpdir(), "lantern-crash-"));
  const databasePath = join(directory, "lantern.db");
  const port = await freePort();
  // Digest's pool on, whatever the machine's cores: the kill finds pool threads digesting parts of a batch.
  const environment = { ...lanternEnvironment(port, databasePath), LANTERN_DIGEST_WORKERS: "3" };
  const started: LanternProcess[] = [];
  let database: LanternDatabase | undefined;
  try {
    const dsn = await createProjectDsn(environment, "crash durability");
    const { username: publicKey, pathname } = new URL(dsn);
    const projectId = Number(pathname.slice(1));

    const first = await startLanternProcess(environment);
    started.push(first);
    const runId = randomUUID().slice(0, 8);
    const eventIds = Array.from({ length: envelopeCount }, () => randomUUID().replaceAll("-", ""));
    const burstStart = Date.now();
    const burst = await sendBurst(`${first.baseUrl}/api/${projectId}/envelope/?sentry_key=${publicKey}`, eventIds, runId, (count) => {
      if (count === killAfterAcknowledged) process.kill(first.pid, "SIGKILL");
    });
    const exit = await first.exited;
    test.info().annotations.push({
      type: "burst",
      description: `${burst.acknowledged.length} acknowledged, ${burst.unanswered} unanswered, ${burst.otherAnswers.length} other answers in ${Date.now() - burstStart} ms`,
    });

    expect(exit.signal, "the first server died of the SIGKILL").toBe("SIGKILL");
    expect(burst.otherAnswers, "before the kill every envelope was accepted").toEqual([]);
    expect(burst.acknowledged.length).toBeGreaterThanOrEqual(killAfterAcknowledged);
    expect(burst.unanswered, "the kill came in the middle of the burst: later requests found no server").toBeGreaterThan(0);
    expect(burst.acknowledged.length + burst.unanswered).toBe(envelopeCount);
    expect(new Set(burst.acknowledged).size).toBe(burst.acknowledged.length);

    // 200 means committed: every acknowledged envelope is in the intake of the dead server's file already.
    database = createDatabase({ dialect: "sqlite", path: databasePath });
    const intakeIds = new Set((await database.db.selectFrom("intake").select("event_id").where("project_id", "=", projectId).execute()).map((row) => row.event_id));
    expect(burst.acknowledged.filter((eventId) => !intakeIds.has(eventId)), "acknowledged but missing from the intake").toEqual([]);
    test.info().annotations.push({ type: "after the kill", description: `${intakeIds.size} envelopes in the intake (${intakeIds.size - burst.acknowledged.length} committed but never answered), ${await countPending(database)} not yet digested` });

    const second = await startLanternProcess(environment);
    started.push(second);
    const restartedAt = Date.now();
    await expect.poll(() => countPending(database!), { message: "the restarted server digests what the dead one left", timeout: 60_000, intervals: [100, 250, 500] }).toBe(0);
    test.info().annotations.push({ type: "digest after restart", description: `${Date.now() - restartedAt} ms` });

    const stored = await database.db
      .selectFrom("events")
      .select(["event_id", (eb) => eb.fn.countAll<number>().as("copies")])
      .where("project_id", "=", projectId)
      .groupBy("event_id")
      .execute();
    const copies = new Map(stored.map((row) => [row.event_id, Number(row.copies)]));
    const problems = await database.db.selectFrom("intake").select(["event_id", "digest_error"]).where("project_id", "=", projectId).where("digest_error", "is not", null).execute();
    expect(problems, "no envelope of the burst failed to digest").toEqual([]);
    expect(burst.acknowledged.filter((eventId) => copies.get(eventId) !== 1), "acknowledged events not stored exactly once").toEqual([]);
    expect([...copies].filter(([, count]) => count !== 1), "no event is stored twice").toEqual([]);
    // Nothing appears that was never sent: envelopes committed but not yet answered at the kill may be there too.
    const sent = new Set(eventIds);
    expect([...copies.keys()].filter((eventId) => !sent.has(eventId))).toEqual([]);
    const duplicated = await sql<{ n: number }>`select count(*) as n from (select project_id, event_id from events group by project_id, event_id having count(*) > 1) as twice`.execute(database.db);
    expect(Number(duplicated.rows[0]?.n), "no (project, event id) twice in the whole events table").toBe(0);

    // The restarted server is a working server: it accepts the next envelope of the same project.
    const lateId = randomUUID().replaceAll("-", "");
    const late = await fetch(`${second.baseUrl}/api/${projectId}/envelope/?sentry_key=${publicKey}`, { method: "POST", body: eventEnvelope(lateId, envelopeCount, runId) });
    expect(late.status).toBe(200);
  } finally {
    await database?.close();
    for (const lantern of started) await lantern.stop();
    rmSync(directory, { recursive: true, force: true });
  }
});
