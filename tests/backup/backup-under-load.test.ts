import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "@/server/config";
import { createDatabase, type LanternDatabase } from "@/server/db/create-database";
import { migrateToLatest } from "@/server/db/migrate";
import { WriteGate } from "@/server/db/write-gate";
import { createIngestService, type IngestService } from "@/server/ingest/ingest-service";
import { matchIngestEndpoint, serveNodeIngest } from "@/server/ingest/serve-node-ingest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { DigestThread } from "../../cli/digest-thread";
import { runLanternCli } from "../support/run-lantern-cli";
import { eventEnvelope } from "../support/sdk-helpers";

/**
 * Acceptance: `lantern backup` of SQLite while Lantern ingests at least 500 events/s. The server is the
 * ingest half of `lantern start`, put together as cli/start-server.ts does (plain Node HTTP server, group
 * commit on this thread, digest on its own thread with its own connection, one write gate) on a real file;
 * the backup and the restores are the real `lantern` command in child processes, as an operator runs them.
 */
const minimumRate = 500;
const senders = 16;

const lantern = (args: string[], databasePath: string) => runLanternCli(args, { DATABASE_URL: `file:${databasePath}` });

describe("lantern backup of SQLite under ingest load", () => {
  let directory: string;
  let databasePath: string;
  let database: LanternDatabase;
  let ingest: IngestService;
  let server: Server;
  let port: number;
  let project: CreatedProject;
  const agent = new Agent({ keepAlive: true, maxSockets: senders });

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), "lantern-backup-load-"));
    databasePath = join(directory, "live", "lantern.db");
    // Raw envelopes kept, so every acknowledged envelope can be looked up in the intake.
    const config = loadConfig({ DATABASE_URL: `file:${databasePath}`, LANTERN_RAW_RETENTION_HOURS: "24" });
    const writeGate = WriteGate.create("ingest");
    database = createDatabase(config.database, { walCheckpoints: "manual", writeGate });
    await migrateToLatest(database.db);
    project = await insertProject(database.db, { name: "Busy", platform: "node" });
    ingest = await createIngestService(database, config, {
      writeGate,
      createDigester: (onDigested) => new DigestThread(config.database, config.retention, onDigested, writeGate),
    });
    server = createServer((incoming, response) => {
      const endpoint = matchIngestEndpoint(incoming.url ?? "/");
      if (endpoint) void serveNodeIngest(ingest, endpoint, incoming, response);
      else response.writeHead(404).end();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    agent.destroy();
    server.closeAllConnections();
    server.close();
    await ingest.digest.stop();
    await ingest.alerts.stop();
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** One envelope the way an SDK posts it (node:http with keep-alive: fetch costs this process more per request). */
  function post(body: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { agent, host: "127.0.0.1", port, method: "POST", path: `/api/${project.project.id}/envelope/?sentry_version=7&sentry_key=${project.key.public_key}`, headers: { "content-type": "application/x-sentry-envelope", "content-length": body.length } },
        (response) => {
          response.resume();
          response.once("end", () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.once("error", reject);
      outgoing.end(body);
    });
  }

  it("copies a sound database holding every event acknowledged before it started, and the restore refuses the live file", { timeout: 120_000 }, async () => {
    const acknowledged: { eventId: string; at: number }[] = [];
    const rejected: number[] = [];
    let isSending = true;
    const padding = "x".repeat(1500);
    const send = async () => {
      while (isSending) {
        const { eventId, body } = eventEnvelope({ extra: { padding } });
        const status = await post(body);
        if (status === 200) acknowledged.push({ eventId, at: Date.now() });
        else rejected.push(status);
      }
    };
    const loadStarted = Date.now();
    const load = Promise.all(Array.from({ length: senders }, send));
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const backupFile = join(directory, "backups", "lantern.db");
    mkdirSync(join(directory, "backups"));
    const backupStarted = Date.now();
    const ackedBeforeBackup = acknowledged.length;
    const backup = await lantern(["backup", backupFile], databasePath);
    const backupEnded = Date.now();
    const ackedDuringBackup = acknowledged.length - ackedBeforeBackup;

    // The server still runs and ingests: the restore must refuse to touch its file.
    const refused = await lantern(["restore", backupFile], databasePath);
    isSending = false;
    await load;
    const loadEnded = Date.now();

    const rateDuringBackup = ackedDuringBackup / ((backupEnded - backupStarted) / 1000);
    const overallRate = acknowledged.length / ((loadEnded - loadStarted) / 1000);
    console.log(
      `backup under load: ${backup.stdout.trim()} | ${acknowledged.length} events acknowledged in ${((loadEnded - loadStarted) / 1000).toFixed(1)} s (${overallRate.toFixed(0)}/s), ` +
        `${ackedDuringBackup} while lantern backup ran (${((backupEnded - backupStarted) / 1000).toFixed(1)} s, ${rateDuringBackup.toFixed(0)}/s), ${ackedBeforeBackup} before it; ${rejected.length} not 200`,
    );

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up to .*lantern\.db: [\d.]+ [KMG]B in [\d.]+ s \(SQLite online backup API, verified with integrity_check\)\.\n$/);
    expect(rejected).toEqual([]);
    expect(rateDuringBackup).toBeGreaterThanOrEqual(minimumRate);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/lantern restore: .*lantern\.db is in use: a Lantern server \(or another process\) has it open/);
    expect(Number((await database.db.selectFrom("intake").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(acknowledged.length);

    const copy = new BetterSqlite3(backupFile, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      copy.close();
    }

    const restoredPath = join(directory, "restored", "lantern.db");
    const restore = await lantern(["restore", backupFile], restoredPath);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const restored = new BetterSqlite3(restoredPath, { readonly: true });
    try {
      const stored = new Set(restored.prepare("select event_id from intake").pluck().all() as string[]);
      const missing = acknowledged.filter((ack) => ack.at < backupStarted && !stored.has(ack.eventId));
      expect(missing).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(ackedBeforeBackup);
    } finally {
      restored.close();
    }
  });
});
