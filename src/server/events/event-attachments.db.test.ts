import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envelopeFromFixture } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { parseEnvelope } from "../ingest/parse-envelope";
import { serializeEnvelope } from "../ingest/serialize-envelope";
import { insertProject } from "../projects/insert-project";
import { getEventAttachment } from "./get-event-attachment";
import { listEventAttachments } from "./list-event-attachments";

const facts = { eventId: null, itemTypes: ["event", "attachment"], summary: null, sdkName: null };

/** A real captured exception with attachment items added, as the SDK sends `addAttachment` files. */
function envelopeWithAttachments(files: { filename: string; contentType?: string; body: Uint8Array }[]): { body: Uint8Array; eventId: string } {
  const envelope = parseEnvelope(envelopeFromFixture("node-exception.envelope"));
  const attachments = files.map((file) => ({ header: { type: "attachment", filename: file.filename, ...(file.contentType ? { content_type: file.contentType } : {}) }, payload: file.body }));
  return { body: serializeEnvelope(envelope.header, [...envelope.items, ...attachments]), eventId: envelope.header.event_id as string };
}

describe(`event attachments on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  it("lists an event's attachments without their bodies and downloads one through its issue", async () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, index) => index % 256);
    const { body, eventId } = envelopeWithAttachments([
      { filename: "state.bin", body: bytes },
      { filename: "notes.txt", contentType: "text/plain", body: new TextEncoder().encode("second line\n") },
    ]);
    await storeEnvelope(database.db, projectId, body, facts);
    await digestBatch(database);
    const { issue_id: issueId } = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();

    const listed = await listEventAttachments(context, { projectId, eventId });
    expect(listed).toEqual([
      { id: expect.any(Number), filename: "state.bin", contentType: null, attachmentType: "event.attachment", size: 300 },
      { id: expect.any(Number), filename: "notes.txt", contentType: "text/plain", attachmentType: "event.attachment", size: 12 },
    ]);
    const downloaded = await getEventAttachment(context, { projectId, issueId: issueId!, eventId, attachmentId: listed[0]!.id });
    expect(downloaded).toMatchObject({ filename: "state.bin", contentType: null, size: 300 });
    expect([...downloaded.body]).toEqual([...bytes]);
  });

  it("does not hand out an attachment through another issue or project", async () => {
    const { body, eventId } = envelopeWithAttachments([{ filename: "a.txt", body: new TextEncoder().encode("a") }]);
    await storeEnvelope(database.db, projectId, body, facts);
    await digestBatch(database);
    const { issue_id: issueId } = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    const [attachment] = await listEventAttachments(context, { projectId, eventId });
    const otherProject = (await insertProject(database.db, { name: "elsewhere" })).project.id;
    for (const input of [
      { projectId, issueId: issueId! + 1, eventId, attachmentId: attachment!.id },
      { projectId: otherProject, issueId: issueId!, eventId, attachmentId: attachment!.id },
      { projectId, issueId: issueId!, eventId: "0".repeat(32), attachmentId: attachment!.id },
    ]) {
      const error = await getEventAttachment(context, input).catch((caught: unknown) => caught);
      expect(isAppError(error) && error.code).toBe("not_found");
    }
    expect(await listEventAttachments(context, { projectId: otherProject, eventId })).toEqual([]);
  });
});
