import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { dsnFor, eventRows, inflateEvent, lineOfMarker, runSdkScript, sdkScriptPath, sessionCounts, uniqueToken, type ScriptRun } from "../support/sdk-helpers";
import { selectIntakeWithBodies } from "@/server/intake/intake-writer";
import { decodeRawBody } from "@/server/intake/raw-body";

/**
 * The official, unmodified @sentry/node 10.78.0, run in child processes by the scripts in
 * tests/fixtures/sdk-scripts, sends over its own HTTP transport to the production ingest server; after
 * digest, the database must hold what the SDK sent.
 */

type Json = Record<string, unknown>;
interface Frame {
  filename?: string;
  abs_path?: string;
  function?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
}
interface ExceptionValue {
  type?: string;
  value?: string;
  mechanism?: { type?: string; handled?: boolean };
  stacktrace?: { frames: Frame[] };
}

describe(`@sentry/node over HTTP into the ${testDialect} database`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let release: string;
  let environment: string;
  let token: string;
  let scratch: string | undefined;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    token = uniqueToken();
    release = `shop@${token}`;
    environment = `staging-${token.slice(-4)}`;
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  async function run(script: string, extra: Record<string, string> = {}): Promise<ScriptRun> {
    const result = await runSdkScript(script, {
      LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
      LANTERN_TEST_RELEASE: release,
      LANTERN_TEST_ENVIRONMENT: environment,
      LANTERN_TEST_TOKEN: token,
      ...extra,
    });
    await server.service.digest.drain();
    return result;
  }

  /** The event rows with this title, and for the single one expected, its payload and the raw event the SDK sent. */
  async function storedEvent(title: string) {
    const rows = (await eventRows(database.db, shop.project.id)).filter((row) => row.title === title);
    expect(rows, `events titled ${JSON.stringify(title)}`).toHaveLength(1);
    const row = rows[0]!;
    const intake = await selectIntakeWithBodies(database.db).select(["body", "encoding", "body_bytes", "digested_at", "digest_error"]).where("id", "=", row.intake_id).executeTakeFirstOrThrow();
    expect(intake.digested_at).not.toBeNull();
    expect(intake.digest_error).toBeNull();
    const sentItem = parseEnvelope(decodeRawBody(intake)).items.find((item) => item.header.type === "event");
    const sent = JSON.parse(Buffer.from(sentItem!.payload).toString("utf8")) as Json;
    return { row, payload: inflateEvent(row.payload), sent };
  }

  function exceptionsOf(event: Json): ExceptionValue[] {
    return (event.exception as { values: ExceptionValue[] }).values;
  }

  /** What a frame says about the code: the same in the stored event as in the sent one. */
  function frameFacts(frames: Frame[]) {
    return frames.map((frame) => ({ filename: frame.filename, function: frame.function, lineno: frame.lineno, colno: frame.colno, in_app: frame.in_app }));
  }

  function expectSameExceptionsAsSent(stored: Json, sent: Json): void {
    const storedValues = exceptionsOf(stored);
    const sentValues = exceptionsOf(sent);
    expect(storedValues.map((value) => [value.type, value.value])).toEqual(sentValues.map((value) => [value.type, value.value]));
    storedValues.forEach((value, index) => {
      expect(frameFacts(value.stacktrace!.frames)).toEqual(frameFacts(sentValues[index]!.stacktrace!.frames));
      expect(value.mechanism).toEqual(sentValues[index]!.mechanism);
    });
  }

  it("stores captureException of an Error with a cause once: both exceptions oldest first, with their frames as sent", async () => {
    const result = await run("capture-exception.mjs");
    expect(result.code, result.stderr).toBe(0);
    expect(result.facts.isFlushed).toBe(true);

    const { row, payload, sent } = await storedEvent(`Error: Checkout failed for order ${token}`);
    expect(row.event_id).toBe(result.facts.eventId);
    expect(row).toMatchObject({ type: "error", level: "error", platform: "node", release, environment, user_key: null });
    expect((await eventRows(database.db, shop.project.id)).filter((other) => other.event_id === row.event_id)).toHaveLength(1);

    const [cause, error] = exceptionsOf(payload);
    expect([cause?.type, cause?.value, error?.type, error?.value]).toEqual(["TypeError", `price of order ${token} is undefined`, "Error", `Checkout failed for order ${token}`]);
    const script = sdkScriptPath("capture-exception.mjs");
    expect(error!.stacktrace!.frames.at(-1)).toMatchObject({ filename: script, abs_path: script, function: "checkout", lineno: lineOfMarker("capture-exception.mjs", "@throw-site"), in_app: true });
    expect(cause!.stacktrace!.frames.at(-1)).toMatchObject({ filename: script, function: "readPrice", lineno: lineOfMarker("capture-exception.mjs", "@cause-site"), in_app: true });
    expectSameExceptionsAsSent(payload, sent);
    expect(payload).toMatchObject({ event_id: row.event_id, release, environment, platform: "node", level: "error" });
  });

  it("stores captureMessage with the tags, user, contexts and breadcrumbs set through the SDK", async () => {
    const scope = {
      message: `Payment retried for order ${token}`,
      level: "warning",
      tags: { checkout_step: "payment", region: `eu-${token}` },
      user: { id: `user-${token}`, email: `${token}@example.com`, username: "ada" },
      contexts: { order: { id: token, total: 42.5, items: 3, express: true } },
      breadcrumbs: [
        { category: "cart", message: `added item to ${token}`, level: "info", data: { sku: "A-1", quantity: 2 } },
        { category: "payment", type: "error", message: "card declined", level: "warning" },
      ],
    };
    const result = await run("capture-message.mjs", { LANTERN_TEST_SCOPE: JSON.stringify(scope) });
    expect(result.code, result.stderr).toBe(0);

    const { row, payload } = await storedEvent(scope.message);
    expect(row.event_id).toBe(result.facts.eventId);
    expect(row).toMatchObject({ type: "default", level: "warning", platform: "node", release, environment, user_key: `id:${scope.user.id}` });

    expect(payload.logentry).toEqual({ formatted: scope.message });
    expect(payload.tags).toEqual(expect.arrayContaining([...Object.entries(scope.tags), ["server_name", "sdk-script-host"]]));
    expect(payload.user).toEqual(scope.user);
    expect((payload.contexts as Json).order).toEqual({ ...scope.contexts.order, type: "order" });
    const breadcrumbs = (payload.breadcrumbs as { values: Json[] }).values.filter((crumb) => crumb.category === "cart" || crumb.category === "payment");
    expect(breadcrumbs).toEqual([
      { ...scope.breadcrumbs[0], type: "default", timestamp: expect.any(Number) },
      { ...scope.breadcrumbs[1], timestamp: expect.any(Number) },
    ]);
  });

  it("stores an uncaught exception, flushed by the SDK before the process dies, as fatal and unhandled; its process session as crashed", async () => {
    const result = await run("uncaught-exception.mjs");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Ledger ${token} is out of balance`);

    const { row, payload, sent } = await storedEvent(`RangeError: Ledger ${token} is out of balance`);
    expect(row).toMatchObject({ type: "error", level: "fatal", platform: "node", release, environment, user_key: null });
    const [error] = exceptionsOf(payload);
    expect(error!.mechanism).toMatchObject({ handled: false });
    expect(error!.stacktrace!.frames.at(-1)).toMatchObject({ filename: sdkScriptPath("uncaught-exception.mjs"), function: "reconcileLedger", lineno: lineOfMarker("uncaught-exception.mjs", "@throw-site") });
    expectSameExceptionsAsSent(payload, sent);
    expect(await sessionCounts(database.db, shop.project.id, release, environment)).toEqual({ started: 1, crashed: 1 });
  });

  it("stores an unhandled rejection (default warn mode, the process lives on) as an unhandled error", async () => {
    const result = await run("unhandled-rejection.mjs", { LANTERN_TEST_REJECTION_MODE: "warn" });
    expect(result.code, result.stderr).toBe(0);
    expect(result.facts.mode).toBe("warn");

    const { row, payload, sent } = await storedEvent(`Error: Invoice ${token} could not be settled`);
    expect(sent.level).toBe("error");
    expect(row).toMatchObject({ type: "error", level: "error", platform: "node", release, environment, user_key: null });
    const [error] = exceptionsOf(payload);
    expect(error!.mechanism).toMatchObject({ type: "auto.node.onunhandledrejection", handled: false });
    expect(error!.stacktrace!.frames.at(-1)).toMatchObject({ function: "settleInvoice", lineno: lineOfMarker("unhandled-rejection.mjs", "@throw-site") });
    expectSameExceptionsAsSent(payload, sent);
  });

  it("stores an unhandled rejection in strict mode, where the SDK flushes and exits the process with code 1", async () => {
    const result = await run("unhandled-rejection.mjs", { LANTERN_TEST_REJECTION_MODE: "strict" });
    expect(result.code).toBe(1);
    expect(result.facts.mode).toBe("strict");

    const { row, payload, sent } = await storedEvent(`Error: Invoice ${token} could not be settled`);
    // In strict mode the SDK reports the rejection as fatal, since it ends the process.
    expect(sent.level).toBe("fatal");
    expect(row).toMatchObject({ type: "error", level: "fatal", platform: "node", release, environment, user_key: null });
    expect(exceptionsOf(payload)[0]!.mechanism).toMatchObject({ type: "auto.node.onunhandledrejection", handled: false });
    expectSameExceptionsAsSent(payload, sent);
  });

  it("stores the attachments of an event byte for byte: binary data from the scope and a text file from the capture hint", async () => {
    scratch = mkdtempSync(join(tmpdir(), "lantern-sdk-attachment-"));
    // Every byte value occurs; above 32 KiB, so the SDK's transport sends the request gzipped (sentry-protocol §1.4).
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, value) => value)), randomBytes(40_000)]);
    const file = join(scratch, "state.bin");
    writeFileSync(file, bytes);

    const result = await run("attachment.mjs", { LANTERN_TEST_ATTACHMENT_FILE: file });
    expect(result.code, result.stderr).toBe(0);
    const { row } = await storedEvent(`Error: Export ${token} broke`);
    expect(row.event_id).toBe(result.facts.eventId);

    const attachments = await database.db.selectFrom("attachments").selectAll().where("project_id", "=", shop.project.id).orderBy("filename").execute();
    expect(attachments.map((attachment) => [attachment.filename, attachment.event_id, attachment.intake_id, attachment.attachment_type])).toEqual([
      ["notes.txt", row.event_id, row.intake_id, "event.attachment"],
      ["state.bin", row.event_id, row.intake_id, "event.attachment"],
    ]);
    const [notes, state] = attachments;
    expect(notes!.content_type).toBe("text/plain");
    expect(Buffer.from(notes!.body).toString("utf8")).toBe(result.facts.notes);
    expect(Number(state!.size)).toBe(bytes.length);
    expect(Buffer.from(state!.body).equals(bytes)).toBe(true);
  });

  it("counts a session driven with startSession()/endSession() that had a handled error: started and errored once each", async () => {
    const result = await run("session.mjs");
    expect(result.code, result.stderr).toBe(0);
    await storedEvent(`Error: Import ${token} failed`);
    // The SDK sends this one session twice: when the error marks it errored, and when endSession() closes it
    // (exited, with its error: errored; "exited" is left for sessions that ended healthy).
    expect(await sessionCounts(database.db, shop.project.id, release, environment)).toEqual({ started: 1, errored: 1 });
  });

  it("counts the process session the SDK tracks by default (autoSessionTracking in v10) as started and exited", async () => {
    const result = await run("process-session.mjs");
    expect(result.code, result.stderr).toBe(0);
    expect(await sessionCounts(database.db, shop.project.id, release, environment)).toEqual({ started: 1, exited: 1 });
    expect(await eventRows(database.db, shop.project.id)).toEqual([]);
  });
});
