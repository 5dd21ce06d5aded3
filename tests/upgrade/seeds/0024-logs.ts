import { deflateSync } from "node:zlib";
import { sql } from "kysely";
import { expect } from "vitest";
import { emptyLogSearch, parseLogQuery } from "@/server/logs/parse-log-search";
import { searchLogs } from "@/server/logs/search-logs";
import { execute, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * Two lines of one checkout as 0024 stores them: a templated info line with its parameter and an attribute in
 * the payload, and an error line; each with its search tokens (words, `key=value` and `key` hashes, the trace),
 * in `logs_fts` on SQLite and the `terms` tsvector on PostgreSQL.
 */
const trace = "5b8efff798038103d269b633813fc60c";
const lines = [
  { body: "cart 7 checked out", severity: 9, template: "cart %s checked out", entry: { a: { "user.id": { type: "string", value: "u-42" } }, p: { "0": { type: "string", value: "7" } } }, terms: ["cart", "7", "checked", "out", "t5b8efff798038103", "k12z963cm5pa", "vndqf396v1y", "kogmm1yuawe", "vi0kdzmnuvy"] },
  { body: "payment declined by bank", severity: 17, template: null, entry: {}, terms: ["payment", "declined", "by", "bank", "t5b8efff798038103"] },
];

export async function seed(target: SeedTarget): Promise<void> {
  const projectId = await projectIdOf(target, "checkout");
  const templateId = await insertRowReturningId(target, "log_strings", { project_id: projectId, kind: 1, value: "cart %s checked out" });
  const releaseId = await insertRowReturningId(target, "log_strings", { project_id: projectId, kind: 2, value: "shop@2.0.0" });
  const payloadId = await insertRowReturningId(target, "log_payloads", { project_id: projectId, received_at: now - hour, body: deflateSync(JSON.stringify(lines.map((line) => line.entry))) });
  for (const [index, line] of lines.entries()) {
    const row = {
      project_id: projectId,
      timestamp_us: (now - hour) * 1000 + index,
      trace_id: Buffer.from(trace, "hex"),
      span_id: null,
      severity: line.severity,
      template_id: line.template === null ? null : templateId,
      release_id: releaseId,
      environment_id: null,
      body: line.body,
      payload_id: payloadId,
      payload_index: index,
    };
    if (target.dialect === "postgres") {
      await execute(target, sql`insert into logs (project_id, timestamp_us, trace_id, span_id, severity, template_id, release_id, environment_id, body, payload_id, payload_index, terms) values (${sql.join(Object.values(row).map((value) => sql.val(value)))}, array_to_tsvector(${line.terms}::text[]))`);
    } else {
      const id = await insertRowReturningId(target, "logs", row);
      await execute(target, sql`insert into logs_fts (rowid, terms) values (${id}, ${line.terms.join(" ")})`);
    }
  }
}

export async function check({ context }: Upgraded): Promise<void> {
  const search = (query: string) => searchLogs(context, { ...emptyLogSearch(now), window: { startUs: (now - 2 * hour) * 1000, endUs: now * 1000 }, conditions: parseLogQuery(query) }, { withAttributes: true });
  const found = await search("checked");
  expect(found.rows.map((row) => [row.message, row.severity, row.template, row.release, row.traceId, row.attributes])).toEqual([
    ["cart 7 checked out", "info", "cart %s checked out", "shop@2.0.0", trace, { "user.id": { type: "string", value: "u-42" }, "sentry.message.parameter.0": { type: "string", value: "7" } }],
  ]);
  expect((await search(`severity:error trace:${trace}`)).rows.map((row) => row.message)).toEqual(["payment declined by bank"]);
  expect((await search("user.id:u-42 message.parameter.0:7")).rows.map((row) => row.message)).toEqual(["cart 7 checked out"]);
}
