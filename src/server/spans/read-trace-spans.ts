import { inflateSync } from "node:zlib";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SpanInput } from "./read-spans";
import { spanFlags } from "./span-item-rows";

/** A stored span as the trace views read it: ids in hex, strings joined, its payload entry when asked for. */
export type StoredSpan = Omit<SpanInput, "extra"> & {
  projectId: number;
  payloadId: number;
  extra?: Record<string, unknown>;
};

/** Spans one trace may hold before the views stop reading (the waterfall virtualizes, the API pages). */
export const maxTraceSpans = 10_000;

/**
 * The spans of one trace in the given projects (null: all; the caller has authorized them), oldest first, with each
 * span's payload entry when `withExtra` (one inflate per payload row, shared by its spans).
 */
export async function readTraceSpans(db: Kysely<Database>, traceId: string, projectIds: number[] | null, { withExtra = false, limit = maxTraceSpans } = {}): Promise<StoredSpan[]> {
  if (projectIds?.length === 0 || !/^[0-9a-f]{32}$/.test(traceId)) return [];
  const strings = (alias: string, column: string) =>
    sql<string | null>`(select ${sql.ref(`${alias}.value`)} from span_strings as ${sql.raw(alias)} where ${sql.ref(`${alias}.id`)} = ${sql.ref(`spans.${column}`)})`;
  const rows = await db
    .selectFrom("spans")
    .select([
      "span_id",
      "project_id",
      "parent_span_id",
      "start_us",
      "duration_us",
      "status",
      "flags",
      "payload_id",
      strings("o", "op_id").as("op"),
      strings("d", "description_id").as("description"),
      strings("s", "segment_name_id").as("segment_name"),
      strings("r", "release_id").as("release"),
      strings("e", "environment_id").as("environment"),
    ])
    .where("trace_id", "=", Buffer.from(traceId, "hex"))
    .$if(projectIds !== null, (query) => query.where("project_id", "in", projectIds!))
    .orderBy("start_us")
    .limit(limit)
    .execute();
  const payloads = withExtra ? await readPayloads(db, [...new Set(rows.map((row) => Number(row.payload_id)))]) : new Map<number, Record<string, Record<string, unknown>>>();
  return rows.map((row) => {
    const spanId = Buffer.from(row.span_id).toString("hex");
    return {
      traceId,
      spanId,
      projectId: Number(row.project_id),
      parentSpanId: row.parent_span_id ? Buffer.from(row.parent_span_id).toString("hex") : null,
      startUs: Number(row.start_us),
      durationUs: Number(row.duration_us),
      op: row.op ?? "default",
      description: row.description,
      segmentName: row.segment_name,
      release: row.release,
      environment: row.environment,
      status: Number(row.status),
      isSegment: (Number(row.flags) & spanFlags.segment) !== 0,
      payloadId: Number(row.payload_id),
      ...(withExtra ? { extra: payloads.get(Number(row.payload_id))?.[spanId] ?? {} } : {}),
    };
  });
}

async function readPayloads(db: Kysely<Database>, ids: number[]): Promise<Map<number, Record<string, Record<string, unknown>>>> {
  const payloads = new Map<number, Record<string, Record<string, unknown>>>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db.selectFrom("span_payloads").select(["id", "body"]).where("id", "in", ids.slice(start, start + 500)).execute();
    for (const row of rows) payloads.set(Number(row.id), JSON.parse(inflateSync(row.body).toString("utf8")) as Record<string, Record<string, unknown>>);
  }
  return payloads;
}
