import type { Insertable, Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Database, SpansTable } from "../db/schema";
import { addSpanGroupRollups, addTransactionRollups, type StoredGroupedSpan, type StoredSegment } from "./add-span-rollups";
import { spanFlags, type SpanItemRows } from "./span-item-rows";
import { spanStringKinds, type SpanStringKind } from "./span-strings";
import { webVitals } from "@/lib/web-vitals";

const stringFields: SpanStringKind[] = ["op", "description", "segmentName", "release", "environment"];

/**
 * Writes the span items of a digest batch inside its write transaction: the strings they name (inserted
 * once per project and kind, then read back as ids, two statements per kind and project), one payload row
 * per item, then the span rows. A span id already stored for its trace and project (an SDK's retry) is
 * not stored again.
 */
export async function writeSpans(trx: Kysely<Database>, items: SpanItemRows[]): Promise<void> {
  if (items.length === 0) return;
  const ids = await resolveStrings(trx, items);
  const newSegments: StoredSegment[] = [];
  const groupedSpans: StoredGroupedSpan[] = [];
  for (const item of items) {
    const { id: payloadId } = await trx.insertInto("span_payloads").values({ project_id: item.projectId, received_at: item.receivedAt, body: Buffer.from(item.payload.buffer, item.payload.byteOffset, item.payload.byteLength) }).returning("id").executeTakeFirstOrThrow();
    const idOf = (kind: SpanStringKind, value: string | null) => (value === null ? null : ids.get(stringKey(item.projectId, kind, value))!);
    const rows = item.spans.map(
      (span): Insertable<SpansTable> => ({
        trace_id: Buffer.from(span.traceId, "hex"),
        span_id: Buffer.from(span.spanId, "hex"),
        project_id: item.projectId,
        parent_span_id: span.parentSpanId === null ? null : Buffer.from(span.parentSpanId, "hex"),
        start_us: span.startUs,
        duration_us: span.durationUs,
        op_id: idOf("op", span.op)!,
        description_id: idOf("description", span.description),
        segment_name_id: idOf("segmentName", span.segmentName),
        release_id: idOf("release", span.release),
        environment_id: idOf("environment", span.environment),
        status: span.status,
        flags: span.flags,
        payload_id: Number(payloadId),
      }),
    );
    const vitals = item.vitals.map((vital) => ({ project_id: item.projectId, page_id: idOf("segmentName", vital.page)!, vital: webVitals[vital.vital].code, start_us: vital.startUs, value: vital.value }));
    if (vitals.length > 0) await trx.insertInto("web_vitals").values(vitals).execute();
    // Segments (one in twenty spans) go apart, returning which were new: an SDK's retry of a transaction
    // is rolled up neither as a transaction nor as queries and requests.
    const segmentRows = rows.filter((row) => (row.flags & spanFlags.segment) !== 0);
    const userOfSegment = new Map(item.spans.filter((span) => span.userKey).map((span) => [span.spanId, span.userKey!]));
    const childRows = segmentRows.length === 0 ? rows : rows.filter((row) => (row.flags & spanFlags.segment) === 0);
    let isRetry = false;
    for (const chunk of chunks(segmentRows)) {
      const stored = await trx.insertInto("spans").values(chunk).onConflict((conflict) => conflict.columns(["trace_id", "span_id", "project_id"]).doNothing()).returning(["span_id"]).execute();
      const isNew = new Set(stored.map((row) => Buffer.from(row.span_id).toString("hex")));
      for (const row of chunk) {
        if (!isNew.has((row.span_id as Buffer).toString("hex"))) {
          isRetry = true;
          continue;
        }
        if (row.segment_name_id !== null && row.segment_name_id !== undefined) {
          const userKey = userOfSegment.get((row.span_id as Buffer).toString("hex")) ?? null;
          newSegments.push({ projectId: item.projectId, startUs: row.start_us, durationUs: row.duration_us, segmentNameId: row.segment_name_id, opId: row.op_id, releaseId: row.release_id ?? null, environmentId: row.environment_id ?? null, status: row.status, userKey });
        }
      }
    }
    for (const chunk of chunks(childRows)) {
      await trx.insertInto("spans").values(chunk).onConflict((conflict) => conflict.columns(["trace_id", "span_id", "project_id"]).doNothing()).execute();
    }
    if (isRetry) continue;
    for (const row of childRows) {
      const kind = row.flags & (spanFlags.db | spanFlags.httpClient);
      if ((kind === spanFlags.db || kind === spanFlags.httpClient) && row.description_id !== null && row.description_id !== undefined) {
        groupedSpans.push({ projectId: item.projectId, traceId: row.trace_id, startUs: row.start_us, durationUs: row.duration_us, kind, descriptionId: row.description_id });
      }
    }
  }
  await addSpanGroupRollups(trx, groupedSpans);
  await addTransactionRollups(trx, newSegments);
}

function stringKey(projectId: number, kind: SpanStringKind, value: string): string {
  return `${projectId}\u0000${kind}\u0000${value}`;
}

async function resolveStrings(trx: Kysely<Database>, items: SpanItemRows[]): Promise<Map<string, number>> {
  // Per project and kind, the distinct values, sorted so two PostgreSQL writers insert in the same order.
  const wanted = new Map<string, { projectId: number; kind: SpanStringKind; values: Set<string> }>();
  const want = (projectId: number, kind: SpanStringKind, value: string) => {
    const groupKey = `${projectId}\u0000${kind}`;
    let group = wanted.get(groupKey);
    if (!group) wanted.set(groupKey, (group = { projectId, kind, values: new Set() }));
    group.values.add(value);
  };
  for (const item of items) {
    for (const span of item.spans) {
      for (const kind of stringFields) {
        const value = span[kind];
        if (value !== null) want(item.projectId, kind, value);
      }
    }
    for (const vital of item.vitals) want(item.projectId, "segmentName", vital.page);
  }
  const ids = new Map<string, number>();
  for (const { projectId, kind, values } of wanted.values()) {
    const sorted = [...values].sort();
    const kindCode = spanStringKinds[kind];
    for (const chunk of chunks(sorted, 200)) {
      await trx
        .insertInto("span_strings")
        .values(chunk.map((value) => ({ project_id: projectId, kind: kindCode, value })))
        .onConflict((conflict) => conflict.columns(["project_id", "kind", "value"]).doNothing())
        .execute();
      const found = await trx.selectFrom("span_strings").select(["id", "value"]).where("project_id", "=", projectId).where("kind", "=", kindCode).where("value", "in", chunk).execute();
      for (const row of found) ids.set(stringKey(projectId, kind, row.value), Number(row.id));
    }
  }
  return ids;
}
