import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { readEventPayload } from "../events/read-event-payload";
import { insertProject } from "./insert-project";
import { updateScrubbingSettings } from "./update-scrubbing-settings";

describe(`a project's data scrubbing settings on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  async function storedAfterDigest(): Promise<Record<string, unknown>> {
    let eventId = "";
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
      event.extra = { customer_tier: "gold", sessionCount: 3, password: "hunter2" };
      event.user = { id: "42", email: "ada@example.com", ip_address: "10.1.2.3" };
      eventId = event.event_id as string;
    });
    await digestBatch(database);
    const row = await database.db.selectFrom("events").select(["payload", "user_key"]).where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return { ...readEventPayload(row.payload), userKey: row.user_key };
  }

  it("scrubs by default, and follows extra keys, safe fields, IP and e-mail settings for the next events", async () => {
    expect(await storedAfterDigest()).toMatchObject({ extra: { customer_tier: "gold", sessionCount: "[Filtered]", password: "[Filtered]" }, user: { email: "ada@example.com", ip_address: "10.1.2.3" } });

    await updateScrubbingSettings(context, projectId, { isEnabled: "on", extraKeys: "tier", safeFields: "sessionCount", scrubIpAddresses: "on", scrubEmails: "on" });
    const stored = await storedAfterDigest();
    expect(stored).toMatchObject({ extra: { customer_tier: "[Filtered]", sessionCount: 3, password: "[Filtered]" }, user: { id: "42", email: "[Filtered]" }, userKey: "id:42" });
    expect((stored.user as Record<string, unknown>).ip_address).toBeUndefined();

    await updateScrubbingSettings(context, projectId, { isEnabled: false, extraKeys: "", safeFields: "", scrubIpAddresses: false, scrubEmails: false });
    expect(await storedAfterDigest()).toMatchObject({ extra: { password: "hunter2" } });
  });
});
