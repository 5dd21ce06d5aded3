import { readdirSync, readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEnvelope, type ParsedEnvelope } from "@/server/ingest/parse-envelope";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { eventRows, inflateEvent, postToIngest, sessionCounts } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { selectIntakeWithBodies } from "@/server/intake/intake-writer";
import { decodeRawBody } from "@/server/intake/raw-body";
import { readTraceSpans } from "@/server/spans/read-trace-spans";

/**
 * Every file of tests/fixtures/envelopes, POSTed over HTTP to the production ingest server as it is and
 * gzip-encoded: what the SDKs made is accepted and, after digest, stored as the fixtures' README says;
 * the hostile files are refused with a reason that names the problem.
 */

type Json = Record<string, unknown>;
const directory = new URL("../fixtures/envelopes/", import.meta.url);
const readFixture = (name: string) => readFileSync(new URL(name, directory));

interface Sent {
  name: string;
  /** The envelope as parsed from the fixture (gunzipped for the .gz file). */
  envelope: ParsedEnvelope;
  projectId: number;
}

interface Stored {
  database: TestDatabase;
  sent: Sent;
}

/** The first JSON payload of the given item type in the fixture. */
function sentItem(sent: Sent, type: string): Json {
  const item = sent.envelope.items.find((candidate) => candidate.header.type === type);
  if (!item) throw new Error(`${sent.name} has no ${type} item`);
  return JSON.parse(Buffer.from(item.payload).toString("utf8")) as Json;
}

function headerEventId(sent: Sent): string {
  return sent.envelope.header.event_id as string;
}

async function storedEvent({ database, sent }: Stored) {
  const rows = await eventRows(database.db, sent.projectId);
  expect(rows.map((row) => row.event_id)).toEqual([headerEventId(sent)]);
  return { row: rows[0]!, payload: inflateEvent(rows[0]!.payload) };
}

async function expectNothingElse({ database, sent }: Stored, except: ("events" | "attachments" | "stored_items" | "session_counts" | "outcomes" | "spans")[]): Promise<void> {
  for (const table of ["events", "attachments", "stored_items", "session_counts", "outcomes", "spans"] as const) {
    if (except.includes(table)) continue;
    const rows = await database.db.selectFrom(table).select("project_id").where("project_id", "=", sent.projectId).execute();
    expect(rows, `${table} rows for ${sent.name}`).toEqual([]);
  }
}

function titleOfLastException(event: Json): string {
  const last = (event.exception as { values: { type: string; value: string }[] }).values.at(-1)!;
  return `${last.type}: ${last.value}`;
}

async function expectNodeLargeException(stored: Stored): Promise<void> {
  const { row, payload } = await storedEvent(stored);
  expect(row).toMatchObject({ title: "RangeError: Report too large to render", level: "error", platform: "node", release: "lantern-fixtures@1.0.0", environment: "fixtures" });
  const sent = sentItem(stored.sent, "event");
  expect(Buffer.from(stored.sent.envelope.items[0]!.payload).length).toBeGreaterThan(50_000);
  expect((payload.extra as Json).report).toBe((sent.extra as Json).report);
  await expectNothingElse(stored, ["events"]);
}

interface Expectation {
  /** 200 and what digest stored; or the refusal. */
  accepted?: (stored: Stored) => Promise<void>;
  refused?: { status: number; detail: RegExp };
  /** The fixture is already the gzip request body the SDK sent. */
  isGzipOnTheWire?: boolean;
}

/** One entry per fixture file, from tests/fixtures/envelopes/README.md. */
const expectations: Record<string, Expectation> = {
  "node-exception.envelope": {
    accepted: async (stored) => {
      const { row, payload } = await storedEvent(stored);
      expect(row).toMatchObject({ type: "error", title: "Error: Checkout failed", level: "error", platform: "node", release: "lantern-fixtures@1.0.0", environment: "fixtures" });
      const values = (payload.exception as { values: Json[] }).values;
      expect(values.map((value) => [value.type, value.value])).toEqual([
        ["TypeError", "Cannot read properties of undefined (reading 'price')"],
        ["Error", "Checkout failed"],
      ]);
      const sentValues = (sentItem(stored.sent, "event").exception as { values: { stacktrace: { frames: Json[] } }[] }).values;
      values.forEach((value, index) => {
        const frames = (value.stacktrace as { frames: Json[] }).frames;
        expect(frames.map((frame) => [frame.function, frame.lineno])).toEqual(sentValues[index]!.stacktrace.frames.map((frame) => [frame.function, frame.lineno]));
      });
      expect(payload.tags).toEqual(expect.arrayContaining([["server_name", "fixture-host"]]));
      await expectNothingElse(stored, ["events"]);
    },
  },
  "node-message.envelope": {
    accepted: async (stored) => {
      const { row, payload } = await storedEvent(stored);
      expect(row).toMatchObject({ type: "default", title: "Nightly export finished with warnings", level: "warning", platform: "node", release: "lantern-fixtures@1.0.0", environment: "fixtures" });
      expect(payload.logentry).toEqual({ formatted: "Nightly export finished with warnings" });
      await expectNothingElse(stored, ["events"]);
    },
  },
  "node-large-exception.envelope": { accepted: expectNodeLargeException },
  "node-large-exception.envelope.gz": { accepted: expectNodeLargeException, isGzipOnTheWire: true },
  "node-client-report.envelope": {
    accepted: async (stored) => {
      const report = sentItem(stored.sent, "client_report");
      const hour = Math.floor((report.timestamp as number) / 3600) * 3_600_000;
      const outcomes = await stored.database.db.selectFrom("outcomes").selectAll().where("project_id", "=", stored.sent.projectId).execute();
      expect(outcomes.map((outcome) => ({ ...outcome, hour: Number(outcome.hour), quantity: Number(outcome.quantity) }))).toEqual([
        { project_id: stored.sent.projectId, hour, outcome: "client_discard", reason: "before_send", category: "error", quantity: 1 },
      ]);
      await expectNothingElse(stored, ["outcomes"]);
    },
  },
  "node-session.envelope": {
    accepted: async (stored) => {
      // One update of an ended session that had an error: status exited, errors 1, not its first update.
      expect(await sessionCounts(stored.database.db, stored.sent.projectId, "lantern-fixtures@1.0.0", "fixtures")).toEqual({ errored: 1 });
      await expectNothingElse(stored, ["session_counts"]);
    },
  },
  "browser-nextjs-unhandled-error.envelope": {
    accepted: async (stored) => {
      const { row, payload } = await storedEvent(stored);
      const sent = sentItem(stored.sent, "event");
      // A browser SDK's address is its user's (sentry-protocol §4.3 item 6): the event had no user.
      expect(sent.user).toBeUndefined();
      expect(row).toMatchObject({ type: "error", title: titleOfLastException(sent), level: "error", platform: "javascript", release: sent.release, environment: sent.environment, user_key: "ip:127.0.0.1" });
      const [error] = (payload.exception as { values: { mechanism: Json; stacktrace: { frames: Json[] } }[] }).values;
      expect(error!.mechanism).toMatchObject({ type: "auto.browser.browserapierrors.setTimeout", handled: false });
      expect(error!.stacktrace.frames.length).toBeGreaterThan(0);
      await expectNothingElse(stored, ["events"]);
    },
  },
  "browser-nextjs-pageload.envelope": {
    accepted: async (stored) => {
      // The page load and its 24 spans, one row each, in the trace the transaction names.
      const sent = sentItem(stored.sent, "transaction");
      const spans = await readTraceSpans(stored.database.db, "7673e56b25a64f3888319d0e36824e6e", [stored.sent.projectId], { withExtra: true });
      expect(spans).toHaveLength(25);
      const pageload = spans.find((span) => span.isSegment)!;
      expect(pageload).toMatchObject({ spanId: "aa08618e7f90f42e", op: "pageload", segmentName: "/projects", environment: "production" });
      expect(pageload.extra).toMatchObject({ event_id: headerEventId(stored.sent), measurements: sent.measurements });
      expect(spans.filter((span) => span.op === "resource.script")).toHaveLength(9);
      expect(spans.every((span) => span.segmentName === "/projects")).toBe(true);
      await expectNothingElse(stored, ["spans"]);
    },
  },
  "python-transaction.envelope": {
    accepted: async (stored) => {
      // Debian's python3-sentry-sdk 1.9.10: the transaction, its six SELECTs, an outgoing request (op "http"
      // in that version) and a function span, in one trace; the six SELECTs (72 ms) are an N+1.
      const sent = sentItem(stored.sent, "transaction");
      const trace = (sent.contexts as { trace: { trace_id: string; span_id: string } }).trace;
      const spans = await readTraceSpans(stored.database.db, trace.trace_id, [stored.sent.projectId]);
      expect(spans).toHaveLength(9);
      expect(spans.find((span) => span.isSegment)).toMatchObject({ spanId: trace.span_id, op: "http.server", segmentName: "GET /orders/<id>", release: "pyshop@1.0.0", environment: "production" });
      expect(spans.filter((span) => span.op === "db").map((span) => span.description)).toEqual(Array(6).fill("SELECT total FROM orders WHERE id = ?"));
      expect(spans.filter((span) => !span.isSegment).every((span) => span.parentSpanId === trace.span_id)).toBe(true);
      const [issue] = await stored.database.db.selectFrom("issues").select(["title", "culprit", "type"]).where("project_id", "=", stored.sent.projectId).execute();
      expect(issue).toEqual({ title: "N+1 Query: SELECT total FROM orders WHERE id = ?", culprit: "GET /orders/<id>", type: "performance" });
      await expectNothingElse(stored, ["spans", "events"]);
    },
  },
  "binary-attachment.envelope": {
    accepted: async (stored) => {
      const { row } = await storedEvent(stored);
      expect(row.level).toBe("info");
      const attachments = await stored.database.db.selectFrom("attachments").selectAll().where("project_id", "=", stored.sent.projectId).execute();
      expect(attachments.map((attachment) => [attachment.filename, attachment.content_type, attachment.event_id, Number(attachment.size)])).toEqual([["bytes.bin", "application/octet-stream", headerEventId(stored.sent), 256]]);
      expect([...attachments[0]!.body]).toEqual(Array.from({ length: 256 }, (_, value) => value));
      await expectNothingElse(stored, ["events", "attachments"]);
    },
  },
  "empty.envelope": {
    accepted: async (stored) => {
      expect(stored.sent.envelope.items).toEqual([]);
      await expectNothingElse(stored, []);
    },
  },
  "hostile-truncated-length.envelope": { refused: { status: 400, detail: /item 1 declares 64 bytes but only 20 remain/ } },
  "hostile-invalid-utf8-header.envelope": { refused: { status: 400, detail: /the envelope header is not valid UTF-8 JSON/ } },
  "hostile-not-json.envelope": { refused: { status: 400, detail: /the envelope header is not valid UTF-8 JSON/ } },
};

const fixtureFiles = readdirSync(directory).filter((name) => name !== "README.md").sort();

/** The envelope header's first line, with its dsn (if any) pointing at the test project. */
function withDsn(body: Buffer, dsn: string): Buffer {
  const end = body.indexOf(0x0a);
  const header = JSON.parse(body.subarray(0, end === -1 ? body.length : end).toString("utf8")) as Json;
  if (typeof header.dsn !== "string") return body;
  return Buffer.concat([Buffer.from(JSON.stringify({ ...header, dsn })), end === -1 ? Buffer.alloc(0) : body.subarray(end)]);
}

function hasDsn(body: Buffer): boolean {
  try {
    const end = body.indexOf(0x0a);
    return typeof (JSON.parse(body.subarray(0, end === -1 ? body.length : end).toString("utf8")) as Json).dsn === "string";
  } catch {
    return false;
  }
}

describe(`the envelope fixtures replayed over HTTP on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let project: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    project = await insertProject(database.db, { name: "Fixtures", platform: "node" });
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  it("has an expectation for every fixture file, and a file for every expectation", () => {
    expect(fixtureFiles).toEqual(Object.keys(expectations).sort());
  });

  for (const name of fixtureFiles) {
    const expectation = expectations[name] ?? {};
    const encodings = expectation.isGzipOnTheWire ? ["gzip as the SDK sent it"] : ["plain", "gzip"];
    for (const encoding of encodings) {
      const outcome = expectation.refused ? `${expectation.refused.status}` : "200 and digested as its README says";
      it(`${name} (${encoding}) → ${outcome}`, async () => {
        const raw = readFixture(name);
        const plain = expectation.isGzipOnTheWire ? gunzipSync(raw) : raw;
        // Files with a dsn in the header authenticate by it (the tunnel form); the others as @sentry/node does, by query.
        const isDsnAuth = hasDsn(plain);
        const body = isDsnAuth ? withDsn(plain, `http://${project.key.public_key}@127.0.0.1:${server.port}/${project.project.id}`) : plain;
        const wire = expectation.isGzipOnTheWire ? raw : encoding === "gzip" ? gzipSync(body) : body;
        const headers: Record<string, string> = encoding === "plain" ? {} : { "content-encoding": "gzip" };
        if (name.startsWith("browser-")) headers["content-type"] = "text/plain;charset=UTF-8";

        const response = await postToIngest(server, project.project.id, wire, { key: isDsnAuth ? undefined : project.key.public_key, headers });
        const text = await response.text();

        if (expectation.refused) {
          expect(response.status, text).toBe(expectation.refused.status);
          const { detail } = JSON.parse(text) as { detail: string };
          expect(detail).toMatch(expectation.refused.detail);
          expect(response.headers.get("x-sentry-error")).toBe(detail);
          expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);
          return;
        }

        expect(response.status, text).toBe(200);
        const envelope = parseEnvelope(plain);
        const eventId = typeof envelope.header.event_id === "string" ? envelope.header.event_id : null;
        expect(JSON.parse(text)).toEqual(eventId ? { id: eventId } : {});

        await server.service.digest.drain();
        const intake = await selectIntakeWithBodies(database.db).select(["project_id", "body", "encoding", "body_bytes", "digested_at", "digest_error"]).execute();
        expect(intake).toHaveLength(1);
        expect(intake[0]!.digest_error).toBeNull();
        expect(intake[0]!.digested_at).not.toBeNull();
        expect(Buffer.from(decodeRawBody(intake[0]!)).equals(body)).toBe(true);
        await expectation.accepted!({ database, sent: { name, envelope, projectId: project.project.id } });
      });
    }
  }
});
