import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { updateProjectSettings } from "../projects/update-project-settings";

const facts = { eventId: null, itemTypes: ["transaction"], summary: null, sdkName: null };
let sequence = 0;

/** A server transaction whose one SELECT took `queryMs`, plus an UPDATE as slow (not a SELECT: never an issue). */
function transaction(queryMs: number): Uint8Array {
  sequence += 1;
  const start = Date.now() / 1000 - 5;
  const id = (n: number) => (sequence * 16 + n).toString(16).padStart(16, "0");
  const body = {
    type: "transaction",
    event_id: sequence.toString(16).padStart(32, "0"),
    transaction: "GET /reports",
    start_timestamp: start,
    timestamp: start + 3,
    platform: "node",
    contexts: { trace: { trace_id: "a".repeat(31) + (sequence % 10), span_id: id(0), op: "http.server" } },
    spans: [
      { span_id: id(1), parent_span_id: id(0), op: "db", description: `SELECT * FROM reports WHERE owner = ${sequence}`, start_timestamp: start + 0.1, timestamp: start + 0.1 + queryMs / 1000 },
      { span_id: id(2), parent_span_id: id(0), op: "db", description: "UPDATE reports SET seen = 1", start_timestamp: start + 2, timestamp: start + 2.9 },
    ],
  };
  return new TextEncoder().encode(`{}\n{"type":"transaction"}\n${JSON.stringify(body)}`);
}

describe(`slow database query issues on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "reports" })).project.id;
  });
  afterEach(() => database.destroy());

  const issues = () => database.db.selectFrom("issues").select(["title", "times_seen", "type"]).where("project_id", "=", projectId).execute();

  it("opens one issue per statement for SELECTs over the project's threshold (default 500 ms), which later ones join", async () => {
    await storeEnvelope(database.db, projectId, transaction(450), facts);
    await digestBatch(database);
    expect(await issues()).toEqual([]);
    await storeEnvelope(database.db, projectId, transaction(650), facts);
    await storeEnvelope(database.db, projectId, transaction(900), facts);
    await digestBatch(database);
    expect(await issues()).toEqual([{ title: "Slow DB Query: SELECT * FROM reports WHERE owner = ?", times_seen: 2, type: "performance" }]);
  });

  it("follows the threshold set in the project's settings", async () => {
    const context = systemContext(database, createTestConfig());
    await updateProjectSettings(context, projectId, { fingerprintRules: "", stacktraceRules: "", retentionDays: "", maxEventsPerIssue: "", slowDbQueryMs: "1000" });
    await storeEnvelope(database.db, projectId, transaction(900), facts);
    await digestBatch(database);
    expect(await issues()).toEqual([]);
    await updateProjectSettings(context, projectId, { fingerprintRules: "", stacktraceRules: "", retentionDays: "", maxEventsPerIssue: "", slowDbQueryMs: "100" });
    await storeEnvelope(database.db, projectId, transaction(150), facts);
    await digestBatch(database);
    expect((await issues()).map((issue) => issue.title)).toEqual(["Slow DB Query: SELECT * FROM reports WHERE owner = ?"]);
  });
});
