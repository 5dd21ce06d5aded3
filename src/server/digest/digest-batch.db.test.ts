import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { digestBatch } from "./digest-batch";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url)));
const facts = { eventId: null, itemTypes: [], summary: null, sdkName: null };
const text = (value: string) => new TextEncoder().encode(value);

describe(`digestBatch on ${testDialect}`, () => {
  let database: TestDatabase;
  let project: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    project = await insertProject(database.db, { name: "shop" });
  });
  afterEach(() => database.destroy());

  const pending = async () => (await database.db.selectFrom("intake").select("id").where("digested_at", "is", null).execute()).length;

  it("stores each event once, with its normalized payload, and marks the envelopes digested", async () => {
    await storeEnvelope(database.db, project.project.id, fixture("node-exception.envelope"), facts);
    await storeEnvelope(database.db, project.project.id, fixture("node-exception.envelope"), facts);
    expect(await digestBatch(database)).toBe(2);
    expect(await pending()).toBe(0);
    expect(await digestBatch(database)).toBe(0);

    const events = await database.db.selectFrom("events").selectAll().execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ project_id: project.project.id, title: "Error: Checkout failed", level: "error", platform: "node", release: "lantern-fixtures@1.0.0", environment: "fixtures" });
    const payload = JSON.parse(inflateSync(events[0]!.payload).toString("utf8")) as { exception: { values: { type: string }[] } };
    expect(payload.exception.values.map((value) => value.type)).toEqual(["TypeError", "Error"]);
  });

  it("counts sessions and client reports, summing repeated keys", async () => {
    await storeEnvelope(database.db, project.project.id, fixture("node-session.envelope"), facts);
    await storeEnvelope(database.db, project.project.id, fixture("node-client-report.envelope"), facts);
    await storeEnvelope(database.db, project.project.id, fixture("node-client-report.envelope"), facts);
    await digestBatch(database);
    const sessions = await database.db.selectFrom("session_counts").select(["release", "environment", "status", "quantity"]).orderBy("status").execute();
    expect(sessions.map((row) => row.status)).toContain("errored");
    expect(sessions.every((row) => row.release === "lantern-fixtures@1.0.0" && row.environment === "fixtures")).toBe(true);
    const outcomes = await database.db.selectFrom("outcomes").select(["outcome", "reason", "category", "quantity"]).execute();
    expect(outcomes).toEqual([{ outcome: "client_discard", reason: "before_send", category: "error", quantity: 2 }]);
  });

  it("keeps attachments with their event and stores feedback linked to the event it names", async () => {
    await storeEnvelope(database.db, project.project.id, fixture("binary-attachment.envelope"), facts);
    const feedback = `{}\n{"type":"user_report"}\n{"event_id":"9ec79c33-ec99-42ab-8353-589fcb2e04dc","name":"Ada","email":"ada@example.com","comments":"It broke"}`;
    await storeEnvelope(database.db, project.project.id, text(feedback), facts);
    await digestBatch(database);
    const attachment = await database.db.selectFrom("attachments").selectAll().executeTakeFirstOrThrow();
    expect(attachment).toMatchObject({ event_id: "9ec79c33ec9942ab8353589fcb2e04dc", size: 256 });
    expect([...Buffer.from(attachment.body)]).toEqual(Array.from({ length: 256 }, (_, index) => index));
    const stored = await database.db.selectFrom("stored_items").select(["type", "event_id"]).execute();
    expect(stored).toEqual([{ type: "user_report", event_id: "9ec79c33ec9942ab8353589fcb2e04dc" }]);
  });

  it("records a broken item as the envelope's digest error, digests the rest and does not retry it", async () => {
    await storeEnvelope(database.db, project.project.id, text(`{}\n{"type":"event"}\n[1,2]\n{"type":"event"}\n{"message":"still here","event_id":"0123456789abcdef0123456789abcdef"}`), facts);
    await storeEnvelope(database.db, project.project.id, text(`{}\n{"type":"mystery"}\n{"anything":true}`), facts);
    expect(await digestBatch(database)).toBe(2);
    expect(await pending()).toBe(0);
    const rows = await database.db.selectFrom("intake").select("digest_error").orderBy("id").execute();
    expect(rows[0]?.digest_error).toBe("item 1 (event): not a JSON object");
    expect(rows[1]?.digest_error).toBeNull();
    expect((await database.db.selectFrom("events").select("title").execute()).map((row) => row.title)).toEqual(["still here"]);
  });
});
