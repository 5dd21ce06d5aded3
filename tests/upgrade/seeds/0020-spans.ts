import { deflateSync } from "node:zlib";
import { expect } from "vitest";
import { readTraceSpans } from "@/server/spans/read-trace-spans";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

/** One checkout request as 0020 stores its spans: the server transaction and a query under it. */
const trace = "5b8efff798038103d269b633813fc60c";
const segment = "eee19b7ec3c1b174";
const query = "eee19b7ec3c1b175";

export async function seed(target: SeedTarget): Promise<void> {
  const projectId = await projectIdOf(target, "checkout");
  const string = (kind: number, value: string) => insertRowReturningId(target, "span_strings", { project_id: projectId, kind, value });
  const [server, db, statement, name] = [await string(1, "http.server"), await string(1, "db"), await string(2, "SELECT * FROM carts WHERE id = ?"), await string(3, "POST /checkout")];
  const payload = deflateSync(JSON.stringify({ [segment]: { origin: "auto.http.otel.http" }, [query]: { description: "SELECT * FROM carts WHERE id = 7", data: { "db.system": "postgresql" } } }));
  const payloadId = await insertRowReturningId(target, "span_payloads", { project_id: projectId, received_at: now - hour, body: payload });
  const start = (now - hour) * 1000;
  const row = (spanId: string, parent: string | null, opId: number, descriptionId: number | null, offsetUs: number, durationUs: number, flags: number) => ({
    trace_id: Buffer.from(trace, "hex"),
    span_id: Buffer.from(spanId, "hex"),
    project_id: projectId,
    parent_span_id: parent === null ? null : Buffer.from(parent, "hex"),
    start_us: start + offsetUs,
    duration_us: durationUs,
    op_id: opId,
    description_id: descriptionId,
    segment_name_id: name,
    release_id: null,
    environment_id: null,
    status: 0,
    flags,
    payload_id: payloadId,
  });
  await insertRow(target, "spans", row(segment, null, server, name, 0, 120_000, 1));
  await insertRow(target, "spans", row(query, segment, db, statement, 5_000, 40_000, 2));
}

export async function check({ database }: Upgraded): Promise<void> {
  const spans = await readTraceSpans(database.db, trace, null, { withExtra: true });
  expect(spans.map((span) => [span.spanId, span.parentSpanId, span.op, span.description, span.segmentName, span.durationUs, span.isSegment])).toEqual([
    [segment, null, "http.server", "POST /checkout", "POST /checkout", 120_000, true],
    [query, segment, "db", "SELECT * FROM carts WHERE id = ?", "POST /checkout", 40_000, false],
  ]);
  expect(spans[1]!.extra).toEqual({ description: "SELECT * FROM carts WHERE id = 7", data: { "db.system": "postgresql" } });
}
